'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useState } from 'react';

export interface NavItem {
  href: string;
  label: string;
}

/** The link for the current page: the longest href that is the path or a folder above it
 *  (so /matters/new marks "New matter", not "Matters"). */
export function currentHref(pathname: string, hrefs: string[]): string | null {
  const hits = hrefs.filter((h) => pathname === h || pathname.startsWith(`${h}/`));
  return hits.sort((a, b) => b.length - a.length)[0] ?? null;
}

/**
 * The console's navigation. From 900 px up it is a row of links; below, a "Menu" button opens
 * it as a column (a phone cannot fit eleven links in a row, and wrapping them pushed the page
 * content below the fold). It closes itself on navigation and on Escape.
 */
export function ConsoleNav({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const here = currentHref(
    pathname,
    items.map((i) => i.href),
  );
  // A navigation closes the menu (the links live in the layout, which stays mounted).
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <nav aria-label="Console" className="order-last w-full text-sm min-[900px]:order-none min-[900px]:w-auto">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="absolute top-2 right-4 rounded border border-slate-500 px-2 py-1 text-xs text-slate-100 hover:bg-slate-700 min-[900px]:hidden"
      >
        {open ? 'Close menu' : 'Menu'}
      </button>
      <ul
        id={listId}
        className={`${open ? 'flex' : 'hidden'} flex-col gap-1 pb-2 min-[900px]:flex min-[900px]:flex-row min-[900px]:flex-wrap min-[900px]:pb-0`}
      >
        {items.map((i) => {
          const current = i.href === here;
          return (
            <li key={i.href}>
              <Link
                href={i.href}
                aria-current={current ? 'page' : undefined}
                className={`block rounded px-2 py-1 text-slate-100 hover:bg-slate-700 ${current ? 'bg-slate-700 font-medium' : ''}`}
              >
                {i.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
