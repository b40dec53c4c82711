'use client';

import { useQuery } from '@tanstack/react-query';
import { ROLES } from '@/server/auth/roles';
import { apiError, useTRPC } from '@/trpc/react';
import { ErrorNote } from '../ui';
import { humanize } from '../format';
import { mattersInput } from '../developers/inputs';

/** What a user may do: roles (at least one) and the matters they are confined to (none: every matter). */
export interface Access {
  roles: string[];
  matter_ids: string[];
}

const toggle = (list: string[], v: string) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

/**
 * The roles and matters checkboxes of the invite and edit forms. `error` is the service's error
 * when it names `roles` or `matter_ids`: shown under the fieldset it concerns.
 */
export function AccessPicker({
  idPrefix,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  value: Access;
  onChange: (v: Access) => void;
  error: { field: string; message: string } | null;
}) {
  const trpc = useTRPC();
  const matters = useQuery(trpc.matters.list.queryOptions(mattersInput()));
  const rows = matters.data?.data ?? [];
  const errorOf = (f: string) => (error?.field === f ? error.message : null);
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <fieldset
        className="flex flex-col gap-1"
        aria-invalid={!!errorOf('roles')}
        aria-describedby={errorOf('roles') ? `${idPrefix}-roles-error` : `${idPrefix}-roles-hint`}
      >
        <legend className="text-xs font-medium text-slate-700">Roles</legend>
        <p id={`${idPrefix}-roles-hint`} className="text-xs text-slate-600">
          You can give only roles whose powers you hold yourself.
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {ROLES.map((r) => (
            <label key={r} className="flex items-center gap-1.5 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={value.roles.includes(r)}
                onChange={() => onChange({ ...value, roles: toggle(value.roles, r) })}
              />{' '}
              {humanize(r)}
            </label>
          ))}
        </div>
        {errorOf('roles') && (
          <p id={`${idPrefix}-roles-error`} className="text-xs text-red-700">
            {errorOf('roles')}
          </p>
        )}
      </fieldset>
      <fieldset
        className="flex flex-col gap-1"
        aria-invalid={!!errorOf('matter_ids')}
        aria-describedby={errorOf('matter_ids') ? `${idPrefix}-matters-error` : `${idPrefix}-matters-hint`}
      >
        <legend className="text-xs font-medium text-slate-700">Matters</legend>
        <p id={`${idPrefix}-matters-hint`} className="text-xs text-slate-600">
          None chosen: every matter. Chosen: the user sees only those.
        </p>
        {matters.isPending && <p className="text-sm text-slate-600">Loading matters…</p>}
        {matters.isError && <ErrorNote error={apiError(matters.error)} />}
        {matters.data && !rows.length && <p className="text-sm text-slate-600">No matters in this environment yet.</p>}
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {rows.map((m) => (
            <label key={m.matter_id} className="flex items-center gap-1.5 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={value.matter_ids.includes(m.matter_id)}
                onChange={() => onChange({ ...value, matter_ids: toggle(value.matter_ids, m.matter_id) })}
              />{' '}
              {m.name}
            </label>
          ))}
        </div>
        {errorOf('matter_ids') && (
          <p id={`${idPrefix}-matters-error`} className="text-xs text-red-700">
            {errorOf('matter_ids')}
          </p>
        )}
      </fieldset>
    </div>
  );
}

/** The field an API error's `param` names (`roles[1]` → `roles`), with its message. */
export function fieldError(err: { param: string | null; message: string } | null) {
  return err ? { field: (err.param ?? '').split(/[.[]/)[0], message: err.message } : null;
}
