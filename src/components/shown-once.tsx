'use client';

import { useRef, useState, type ReactNode } from 'react';
import { Button } from './ui';

/**
 * A value the service shows once and keeps only hashed or encrypted (an API key's secret, a
 * webhook signing secret, an invite link): it lives in the page's state alone and is gone after
 * "Done" or a reload, so the box says so and offers a copy that falls back to a selection.
 */
export function ShownOnce({
  id,
  testId,
  title,
  label,
  value,
  children,
  done,
  onDone,
}: {
  /** The input's id (its label points at it); the heading is `${id}-title`. */
  id: string;
  testId: string;
  title: string;
  label: string;
  value: string;
  /** What to do with it, after the bold "copy it now" line. */
  children: ReactNode;
  done: string;
  onDone: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');
  async function copyIt() {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      // No clipboard access (permissions, insecure origin): select it for a manual copy.
      input.current?.select();
      setCopy('manual');
    }
  }
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      className="flex flex-col gap-2 rounded border border-amber-400 bg-amber-50 p-3"
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-amber-950">{children}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-0.5">
          <label htmlFor={id} className="text-xs font-medium text-slate-700">
            {label}
          </label>
          <input
            ref={input}
            id={id}
            readOnly
            value={value}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full rounded border border-slate-400 bg-white px-2 py-1 font-mono text-sm text-slate-900"
          />
        </div>
        <Button type="button" onClick={copyIt}>
          Copy
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {done}
        </Button>
      </div>
      <p aria-live="polite" className="text-xs text-slate-700">
        {copy === 'copied'
          ? 'Copied to the clipboard.'
          : copy === 'manual'
            ? 'The clipboard is not available: the value is selected, copy it with Ctrl+C / ⌘C.'
            : ''}
      </p>
    </section>
  );
}
