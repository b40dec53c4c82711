import Link from 'next/link';

/** A page of a keyset-paged list: where it is and what the link says (the pager adds the arrow). */
export interface PageLink {
  href: string;
  label: string;
}

const LINK = 'rounded border border-slate-300 bg-white px-2 py-1 text-blue-800 hover:bg-slate-100';

/** The links under a list to the page before (`back`) and after (`next`); either is left out when null. */
export function Pager({ back, next }: { back: PageLink | null; next: PageLink | null }) {
  return (
    <nav aria-label="Pages" className="flex gap-2 text-sm">
      {back && (
        <Link href={back.href} className={LINK}>
          {`← ${back.label}`}
        </Link>
      )}
      {next && (
        <Link href={next.href} className={LINK}>
          {`${next.label} →`}
        </Link>
      )}
    </nav>
  );
}
