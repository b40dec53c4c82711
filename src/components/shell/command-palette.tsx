'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';

const KIND_LABEL = {
  matter: 'Matter',
  judgment: 'Judgment',
  wallet: 'Wallet',
  packet: 'Packet',
  action: 'Action',
  alert: 'Alert',
} as const;

/** Waits for the typing to pause before searching (each keystroke would be a request). */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * The global search (Cmd/Ctrl-K): one box over matters, judgments, wallets, packets, actions
 * and alerts, answered by search.global with the same scopes and matter limits as the API.
 * A modal <dialog> (the browser traps focus and Escape closes it); the input is a combobox whose
 * arrow keys move through the hits and Enter opens one.
 */
export function CommandPalette() {
  const trpc = useTRPC();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), 200);
  const search = useQuery({ ...trpc.search.global.queryOptions({ q }), enabled: open && q.length >= 2 });
  const hits = q.length >= 2 ? (search.data ?? []) : [];

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const go = (href: string) => {
    setOpen(false);
    setText('');
    router.push(href);
  };
  const optionId = (i: number) => `palette-hit-${i}`;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="flex min-w-0 items-center gap-2 rounded border border-slate-500 px-2 py-1 text-xs text-slate-100 hover:bg-slate-700"
      >
        Search
        <kbd className="rounded border border-slate-500 px-1 font-sans text-[10px] text-slate-300 pointer-coarse:hidden">
          Ctrl K
        </kbd>
      </button>
      <dialog
        ref={dialog}
        aria-label="Search the console"
        onClose={() => setOpen(false)}
        onClick={(e) => e.target === dialog.current && setOpen(false)}
        className="mx-auto mt-16 w-[min(40rem,calc(100vw-1.5rem))] rounded border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
      >
        {open && (
          <div className="flex flex-col">
            <label htmlFor="palette-input" className="sr-only">
              Search matters, judgments, wallets, packets, actions and alerts
            </label>
            <input
              id="palette-input"
              role="combobox"
              aria-expanded={hits.length > 0}
              aria-controls="palette-hits"
              aria-autocomplete="list"
              aria-activedescendant={hits.length ? optionId(Math.min(active, hits.length - 1)) : undefined}
              autoFocus
              value={text}
              placeholder="Search matters, judgments, wallets, packets, actions, alerts…"
              onChange={(e) => {
                setText(e.target.value);
                setActive(0);
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  setActive((a) => Math.min(a + 1, hits.length - 1));
                } else if (e.key === 'ArrowUp') {
                  e.preventDefault();
                  setActive((a) => Math.max(a - 1, 0));
                } else if (e.key === 'Enter' && hits.length) {
                  e.preventDefault();
                  go(hits[Math.min(active, hits.length - 1)].href);
                }
              }}
              className="w-full border-b border-slate-300 px-3 py-2 text-sm focus:outline-none"
            />
            <div className="max-h-[60vh] overflow-y-auto">
              <ul id="palette-hits" role="listbox" aria-label="Results">
                {hits.map((h, i) => (
                  <li
                    key={`${h.kind}-${h.id}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    data-testid="palette-hit"
                    onMouseEnter={() => setActive(i)}
                    onClick={() => go(h.href)}
                    className={`flex cursor-pointer items-baseline gap-2 px-3 py-1.5 text-sm ${i === active ? 'bg-blue-50' : ''}`}
                  >
                    <span className="w-16 shrink-0 text-xs font-medium text-slate-600">{KIND_LABEL[h.kind]}</span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{h.title}</span>
                      <span className="block truncate text-xs text-slate-600">{h.detail}</span>
                    </span>
                  </li>
                ))}
              </ul>
              <p role="status" className="px-3 py-2 text-xs text-slate-600">
                {q.length < 2
                  ? 'Type at least two characters.'
                  : search.isFetching
                    ? 'Searching…'
                    : search.error
                      ? (apiError(search.error)?.message ?? 'The search failed.')
                      : hits.length
                        ? `${hits.length} result${hits.length === 1 ? '' : 's'}`
                        : 'No results.'}
              </p>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
