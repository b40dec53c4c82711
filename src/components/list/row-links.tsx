import Link from 'next/link';
import type { ReactNode } from 'react';
import { MatterName } from '../names/names';

/** The link in a row's first cell that opens the row's record. */
export const RowLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <Link href={href} className="font-medium text-blue-800 underline-offset-2 hover:underline">
    {children}
  </Link>
);

/** A matter by name (its id small beside it), linking to the matter hub: the matter column of list rows. */
export const MatterLink = ({ id, name }: { id: string; name: string | undefined }) => (
  <MatterName id={id} name={name} />
);
