import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { HydrationMark } from '@/components/shell/hydration-mark';
import './globals.css';

export const metadata: Metadata = {
  title: 'Judgment Recovery Case Service',
  // public/: the SVG for browsers that take it, the ICO for the rest (and for /favicon.ico requests).
  icons: {
    icon: [
      { url: '/favicon.svg', type: 'image/svg+xml' },
      { url: '/favicon.ico', sizes: '32x32' },
    ],
  },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="bg-slate-50 text-slate-900 antialiased">
        {children}
        <HydrationMark />
      </body>
    </html>
  );
}
