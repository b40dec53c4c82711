import type { ReactNode } from 'react';

/**
 * A frame a wide table scrolls sideways inside, so it never widens the page (a phone shows the
 * console at 360–390 px). It takes focus and has a name, so keyboard users can scroll it too
 * (WCAG 2.1.1; axe's scrollable-region-focusable). `relative` makes it the containing block of
 * screen-reader-only text inside (absolutely positioned), which would otherwise escape the
 * scroll and widen the page.
 */
export function ScrollX({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // A focusable scroll region is the documented pattern (tabIndex 0 with a role and a name).
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`relative max-w-full overflow-x-auto ${className ?? ''}`}
    >
      {children}
    </div>
  );
}
