'use client';

import { useRef, useState } from 'react';
import { Button } from '../ui';

/**
 * A new key's secret, shown once: the service keeps only its hash, so it lives in this
 * component's state alone and is gone after "Done" or a reload.
 */
export function KeySecret({ secret, label, onDone }: { secret: string; label: string; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');
  async function copyIt() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('manual');
    }
  }
  return (
    <section
      aria-labelledby="key-secret-title"
      data-testid="key-secret-box"
      className="flex flex-col gap-2 rounded border border-amber-400 bg-amber-50 p-3"
    >
      <h2 id="key-secret-title" className="text-sm font-semibold text-slate-900">
        Secret of {label}
      </h2>
      <p className="text-sm text-amber-950">
        <strong>Copy this secret now — you won&apos;t see it again.</strong> Only its hash is stored. If it is lost,
        roll the key or issue a new one.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-0.5">
          <label htmlFor="key-secret" className="text-xs font-medium text-slate-700">
            API key secret
          </label>
          <input
            ref={input}
            id="key-secret"
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
