'use client';

import { PersonName } from './names';
import type { NameLookup } from './use-names';

/**
 * A matter's lead counsel: a user picked in the console (an id, shown by name), or the free
 * text an API client wrote (shown as written).
 */
export function LeadCounsel({ value, names }: { value: string | null; names: NameLookup }) {
  if (!value) return <>—</>;
  const name = names.user(value);
  return name ? <PersonName id={value} name={name} /> : <>{value}</>;
}
