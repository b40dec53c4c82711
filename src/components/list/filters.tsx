import Link from 'next/link';
import type { SelectHTMLAttributes } from 'react';
import { Button, Field, Select } from '../ui';
import { humanize } from '../format';

/**
 * A labelled filter over a closed set of values: a first option with the empty value (`all`,
 * e.g. "All statuses"), then each value humanized. Controlled (`value` + `onChange`, which gets
 * the typed value) or part of a GET form (`name` + `defaultValue`).
 */
export function FilterSelect<T extends string>({
  id,
  label,
  all,
  options,
  onChange,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange'> & {
  id: string;
  label: string;
  all: string;
  options: readonly T[];
  onChange?: (value: T | '') => void;
}) {
  return (
    <Field id={id} label={label}>
      {/* The cast holds: the only values offered are '' and the options. */}
      <Select id={id} {...select} onChange={onChange && ((e) => onChange(e.target.value as T | ''))}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {humanize(o)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The end of a GET filter form: Apply submits it; Clear, while a filter is set, links to the unfiltered list. */
export function FilterButtons({ clearHref }: { clearHref: string | null }) {
  return (
    <>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
      {clearHref && (
        <Link href={clearHref} className="px-1 py-1 text-sm text-blue-800 underline">
          Clear
        </Link>
      )}
    </>
  );
}
