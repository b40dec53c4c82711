'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';

/**
 * A thin bar under the header while a navigation is under way. The App Router keeps the old
 * page up until the new one streams in, so with a slow server a click looked like nothing
 * happened; the bar starts on a click on an internal link and stops when the URL changes.
 */
export function NavigationProgress() {
  const pathname = usePathname();
  const search = useSearchParams();
  const url = `${pathname}?${search.toString()}`;
  const [pendingFrom, setPendingFrom] = useState<string | null>(null);
  // The URL changed: whatever was pending has arrived.
  const [seen, setSeen] = useState(url);
  if (seen !== url) {
    setSeen(url);
    setPendingFrom(null);
  }
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a');
      if (!a || a.target || a.hasAttribute('download')) return;
      const to = new URL(a.href, window.location.href);
      if (to.origin !== window.location.origin) return;
      if (to.pathname + to.search === window.location.pathname + window.location.search) return;
      setPendingFrom(window.location.pathname + window.location.search);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  if (!pendingFrom) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-blue-100"
    >
      <div className="nav-progress-bar h-full w-1/3 bg-blue-700" />
    </div>
  );
}
