'use client';

import { useRef, useState } from 'react';
import { Button } from '../ui';

/**
 * The signing secret of a new endpoint, shown once: the service stores it encrypted and never
 * returns it again (there is no way to read it back later), so the operator copies it now.
 */
export function SecretBox({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');
  async function copyIt() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // No clipboard access (permissions, insecure origin): select it for a manual copy.
      input.current?.select();
      setCopy('manual');
    }
  }
  return (
    <section
      aria-labelledby="secret-title"
      data-testid="signing-secret-box"
      className="flex flex-col gap-2 rounded border border-amber-400 bg-amber-50 p-3"
    >
      <h2 id="secret-title" className="text-sm font-semibold text-slate-900">
        Signing secret of the new endpoint
      </h2>
      <p className="text-sm text-amber-950">
        <strong>Copy this secret now — you won&apos;t see it again.</strong> The service keeps it encrypted and never
        shows it again. Your receiver at <span className="break-all font-mono text-xs">{url}</span> needs it to verify
        the signatures of deliveries. If it is lost, delete the endpoint and create a new one.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-80 flex-1 flex-col gap-0.5">
          <label htmlFor="signing-secret" className="text-xs font-medium text-slate-700">
            Signing secret
          </label>
          <input
            ref={input}
            id="signing-secret"
            readOnly
            value={secret}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full rounded border border-slate-400 bg-white px-2 py-1 font-mono text-sm text-slate-900"
          />
        </div>
        <Button type="button" onClick={copyIt}>
          Copy
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Done, I have saved it
        </Button>
      </div>
      <p aria-live="polite" className="text-xs text-slate-700">
        {copy === 'copied'
          ? 'Copied to the clipboard.'
          : copy === 'manual'
            ? 'The clipboard is not available: the secret is selected, copy it with Ctrl+C / ⌘C.'
            : ''}
      </p>
    </section>
  );
}
