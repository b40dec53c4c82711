'use client';
import { useEffect } from 'react';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

/**
 * The interactive reference: Scalar's renderer, bundled from npm (no CDN, no web fonts, no
 * telemetry). It gives an anchor per operation, search (Ctrl/⌘ K) over operations, models and
 * their fields, the curl and TypeScript-client samples of each operation (`x-codeSamples`), and
 * Try it with every header, path and query parameter (Idempotency-Key included).
 */
export function Reference({ doc, origin }: { doc: Record<string, unknown>; origin: string }) {
  // `doc_url` is /docs#errors-<code>: the error table sits below the renderer, which lays
  // itself out after the first paint, so the browser's own jump to the anchor comes too early.
  useEffect(() => {
    const jump = () => {
      if (!location.hash.startsWith('#errors')) return;
      setTimeout(() => document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView(), 300);
    };
    jump();
    window.addEventListener('hashchange', jump);
    return () => window.removeEventListener('hashchange', jump);
  }, []);
  const servers = doc.servers as { url: string; description?: string }[];
  return (
    <ApiReferenceReact
      configuration={{
        content: doc,
        servers: [{ url: origin, description: 'This server' }, ...servers.filter((s) => s.url !== origin)],
        telemetry: false,
        withDefaultFonts: false,
        agent: { disabled: true },
        hiddenClients: true,
        hideClientButton: false,
        documentDownloadType: 'json',
        persistAuth: false,
        authentication: { preferredSecurityScheme: 'bearer' },
        defaultOpenAllTags: false,
        showDeveloperTools: 'never',
      }}
    />
  );
}
