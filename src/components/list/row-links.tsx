import Link from 'next/link';
import type { ReactNode } from 'react';
import { Mono } from '../ui';

/** The link in a row's first cell that opens the row's record. */
export const RowLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <Link href={href} className="font-medium text-blue-800 underline-offset-2 hover:underline">
    {children}
  </Link>
);

/** A matter's id, linking to the matter (the matter column of alert, packet and watchlist rows). */
export const MatterLink = ({ id }: { id: string }) => (
  <Link href={`/matters/${id}`} className="text-blue-800 hover:underline">
    <Mono>{id}</Mono>
  </Link>
);
