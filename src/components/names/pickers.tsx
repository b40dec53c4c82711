'use client';

import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTRPC } from '@/trpc/react';
import { Field, Input, Select } from '../ui';
import { useNames } from './use-names';
import { useUrlFilters } from '../list/url-filters';

/**
 * A searchable select: a search box narrows the options, the select picks one and submits its
 * id (as a controlled value, or under `name` in a GET form). The chosen option stays listed
 * while the search would hide it, so the select never silently changes its value.
 */
function Picker({
  id,
  label,
  name,
  value,
  onChange,
  none,
  options,
  chosenLabel,
  search,
  setSearch,
  className,
}: {
  id: string;
  label: string;
  name?: string;
  value: string;
  onChange: (id: string) => void;
  none: string;
  options: { id: string; label: string }[];
  chosenLabel: string | undefined;
  search: string;
  setSearch: (s: string) => void;
  className?: string;
}) {
  const shown =
    value && !options.some((o) => o.id === value) ? [{ id: value, label: chosenLabel ?? value }, ...options] : options;
  return (
    <Field id={id} label={label} className={className}>
      <div className="flex flex-col gap-1 sm:flex-row">
        <Input
          type="search"
          aria-label={`Search ${label.toLowerCase()}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Type to search…"
          className="sm:w-36"
        />
        <Select
          id={id}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid={`${id}-picker`}
        >
          <option value="">{none}</option>
          {shown.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
    </Field>
  );
}

/** What the matter and user pickers share: a controlled id, an optional form name, the empty choice. */
type EntityPickerProps = {
  id: string;
  name?: string;
  value: string;
  onChange: (id: string) => void;
  none?: string;
  className?: string;
};

/** Picks one of the matters the user may see, by name; submits its id. */
export function MatterPicker({
  id,
  label = 'Matter',
  name,
  value,
  onChange,
  none = 'Choose a matter…',
  className,
}: EntityPickerProps & { label?: string }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const text = useDeferredValue(search.trim());
  const list = useQuery({
    ...trpc.matters.list.queryOptions({ limit: 50, ...(text ? { name: text.slice(0, 200) } : {}) }),
    placeholderData: (prev) => prev,
  });
  const names = useNames({ matter_ids: [value] });
  const options = (list.data?.data ?? []).map((m) => ({ id: m.matter_id, label: m.name }));
  return (
    <Picker
      {...{ id, label, name, value, onChange, none, options, search, setSearch, className }}
      chosenLabel={names.matter(value)}
    />
  );
}

/** Picks a user of the organization (lead counsel, a counsel owner), by name; submits the user id. */
export function UserPicker({
  id,
  label,
  name,
  value,
  onChange,
  none = 'Choose a person…',
  className,
}: EntityPickerProps & { label: string }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const text = useDeferredValue(search.trim());
  const list = useQuery({
    ...trpc.names.people.queryOptions(text ? { q: text } : {}),
    placeholderData: (prev) => prev,
  });
  const names = useNames({ user_ids: [value] });
  const options = (list.data ?? []).map((u) => ({
    id: u.user_id,
    label: u.name && u.email ? `${u.name} (${u.email})` : (u.name ?? u.email ?? u.user_id),
  }));
  return (
    <Picker
      {...{ id, label, name, value, onChange, none, options, search, setSearch, className }}
      chosenLabel={names.user(value)}
    />
  );
}

/** A list's matter filter lives in the URL (?matter_id=) beside its other filters, so a filtered
 *  list can be linked to and reloaded. */
export function useMatterFilter() {
  const filters = useUrlFilters();
  return (id: string) => filters.set('matter_id', id);
}
