'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Field, Input, Mono, Select, Td } from '../ui';
import { formatTime, humanize } from '../format';
import { DataTable } from '../list/data-table';
import { FilterButtons, FilterSelect } from '../list/filters';
import { Pager } from '../list/pager';
import { CompleteForm } from './complete-form';
import { MatterName } from '../names/names';
import { MatterPicker } from '../names/pickers';
import { useNames } from '../names/use-names';
import {
  ACTION_STATUSES,
  ACTION_TONE,
  alertHref,
  packetHref,
  PRIORITY_TONE,
  queueInput,
  SHORTCUTS,
  type QueueSearch,
} from './inputs';
import { CSV_PAGE } from '../list/csv-pages';

interface Assignee {
  user_id: string;
  name: string | null;
  /** Shown only to a caller who may list the organization's users. */
  email: string | null;
  matter_ids: string[];
}
const label = (u: Assignee) =>
  u.name && u.email ? `${u.name} (${u.email})` : (u.name ?? u.email ?? `User ${u.user_id}`);

function href(s: QueueSearch) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) if (v && !(k === 'queue' && v === 'mine')) q.set(k, v);
  const text = q.toString();
  return text ? `/actions?${text}` : '/actions';
}

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) || t.isContentEditable);

/**
 * The operator's action queue: "My queue" (owned by the signed-in user) or the team's, by due
 * date with overdue actions marked; filters; per-row assign, start, complete and open-linked;
 * bulk assignment of the selected rows; keyboard shortcuts (listed on the page).
 */
export function ActionQueue({ search, me, canWrite }: { search: QueueSearch; me: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const qc = useQueryClient();
  const list = useQuery(trpc.actions.list.queryOptions(queueInput(search, me)));
  const people = useQuery(trpc.actions.assignees.queryOptions({}));
  const rows = list.data?.data ?? [];
  const names = useNames({ matter_ids: rows.map((a) => a.matter_id) });
  const [focus, setFocus] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [completing, setCompleting] = useState<string | null>(null);
  const [bulkOwner, setBulkOwner] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = () => qc.invalidateQueries({ queryKey: trpc.actions.list.queryKey() });
  const update = useMutation(trpc.actions.update.mutationOptions({ onSuccess: refresh }));
  const assign = useMutation(
    trpc.actions.assign.mutationOptions({
      onSuccess: (a) => {
        setNotice(`Assigned “${a.title}”.`);
        refresh();
      },
    }),
  );
  const bulk = useMutation(
    trpc.actions.bulkAssign.mutationOptions({
      onSuccess: (r) => {
        setNotice(`Assigned ${r.data.length} action${r.data.length === 1 ? '' : 's'}.`);
        setSelected(new Set());
        refresh();
      },
    }),
  );
  const error = apiError(update.error ?? assign.error ?? bulk.error ?? list.error);
  const current = rows[Math.min(focus, rows.length - 1)];
  const candidates = (matterId: string) =>
    (people.data ?? []).filter((u) => !u.matter_ids.length || u.matter_ids.includes(matterId));

  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const start = (id: string) => update.mutate({ action_id: id, status: 'in_progress' });
  const openLinked = (a: (typeof rows)[number]) => {
    if (a.linked_packet_id) router.push(packetHref(a.linked_packet_id));
    else if (a.linked_alert_id) router.push(alertHref(a.linked_alert_id));
  };

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.metaKey || e.ctrlKey || e.altKey || typing(e.target)) return;
      const a = current;
      switch (e.key) {
        case 'j':
          setFocus((f) => Math.min(f + 1, Math.max(rows.length - 1, 0)));
          break;
        case 'k':
          setFocus((f) => Math.max(f - 1, 0));
          break;
        case 'x':
          if (a && canWrite) toggle(a.action_id);
          break;
        case 's':
          if (a && canWrite && (a.status === 'open' || a.status === 'blocked')) start(a.action_id);
          break;
        case 'c':
          if (a && canWrite && a.status === 'in_progress') setCompleting(a.action_id);
          break;
        case 'a':
          if (a && canWrite) document.querySelector<HTMLSelectElement>(`[data-owner-for="${a.action_id}"]`)?.focus();
          break;
        case 'o':
          if (a) openLinked(a);
          break;
        case 'm':
          router.push(href({ ...search, queue: 'mine', starting_after: undefined }));
          break;
        case 't':
          router.push(href({ ...search, queue: 'team', starting_after: undefined }));
          break;
        default:
          return;
      }
      e.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const filtered = !!(search.status || search.matter_id || search.campaign_id || search.due_before);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">Actions</h1>
        <nav aria-label="Queues" className="flex gap-1 text-sm">
          {(['mine', 'team'] as const).map((q) => (
            <Link
              key={q}
              href={href({ ...search, queue: q, starting_after: undefined })}
              aria-current={search.queue === q ? 'page' : undefined}
              className={`rounded px-2 py-1 ${search.queue === q ? 'bg-slate-800 text-white' : 'border border-slate-300 bg-white text-blue-800 hover:bg-slate-100'}`}
            >
              {q === 'mine' ? 'My queue' : 'Team queue'}
            </Link>
          ))}
        </nav>
      </div>

      <form action="/actions" role="search" aria-label="Filter actions" className="flex flex-wrap items-end gap-2">
        {search.queue === 'team' && <input type="hidden" name="queue" value="team" />}
        <FilterSelect
          id="f-status"
          label="Status"
          all="Any status"
          options={ACTION_STATUSES}
          name="status"
          defaultValue={search.status ?? ''}
          className="w-36"
        />
        <MatterFilter key={search.matter_id ?? ''} initial={search.matter_id ?? ''} />
        <Field id="f-campaign" label="Campaign">
          <Input
            id="f-campaign"
            name="campaign_id"
            defaultValue={search.campaign_id ?? ''}
            placeholder="e.g. plan_…"
            className="w-56"
          />
        </Field>
        <Field id="f-due" label="Due before">
          <Input id="f-due" name="due_before" type="date" defaultValue={search.due_before ?? ''} className="w-40" />
        </Field>
        <FilterButtons clearHref={filtered ? href({ queue: search.queue }) : null} />
      </form>

      {canWrite && (
        <div
          className="flex flex-wrap items-center gap-2 rounded border border-slate-300 bg-white px-2 py-1.5 text-sm"
          aria-label="Bulk assignment"
          role="group"
        >
          <span>{selected.size} selected</span>
          <label htmlFor="bulk-owner" className="text-xs font-medium text-slate-700">
            Assign selected to
          </label>
          <Select id="bulk-owner" value={bulkOwner} onChange={(e) => setBulkOwner(e.target.value)} className="w-72">
            <option value="">Choose a user…</option>
            {(people.data ?? []).map((u) => (
              <option key={u.user_id} value={u.user_id}>
                {label(u)}
              </option>
            ))}
          </Select>
          <Button
            type="button"
            disabled={!selected.size || !bulkOwner || bulk.isPending}
            onClick={() => bulk.mutate({ action_ids: [...selected], owner_id: bulkOwner })}
          >
            Assign selected
          </Button>
        </div>
      )}
      {notice && (
        <p role="status" className="text-sm text-green-900">
          {notice}
        </p>
      )}
      <ErrorNote error={error} />

      <DataTable
        caption={`${search.queue === 'mine' ? 'My queue' : 'Team queue'}, earliest due first`}
        csv={{
          list: 'actions',
          header: [
            'Action ID',
            'Title',
            'Type',
            'Priority',
            'Status',
            'Owner',
            'Owner ID',
            'Due',
            'Matter',
            'Matter ID',
          ],
          source: {
            // The queue's filters without its page: every action they match, in the queue's order.
            fetchPage: (client, cursor) =>
              client.actions.list.query({
                ...queueInput({ ...search, starting_after: undefined }, me),
                limit: CSV_PAGE,
                starting_after: cursor,
              }),
            cursorOf: (a) => a.action_id,
            names: (a) => ({ matter_ids: [a.matter_id], user_ids: [a.owner_id] }),
            toRow: (a, n) => [
              a.action_id,
              a.title,
              a.type,
              a.priority,
              a.status,
              a.owner_id ? (n.user(a.owner_id) ?? a.owner_id) : '',
              a.owner_id,
              a.due_at,
              n.matter(a.matter_id) ?? a.matter_id,
              a.matter_id,
            ],
          },
        }}
        columns={[<span className="sr-only">Select</span>, 'Due', 'Action', 'Priority', 'Status', 'Owner', 'Moves']}
        empty={
          !rows.length &&
          !list.isLoading &&
          `No actions${filtered ? ' match these filters' : search.queue === 'mine' ? ' are assigned to you' : ' yet'}.`
        }
        testId="action-queue"
      >
        {rows.map((a, i) => {
          const focused = current?.action_id === a.action_id;
          const closed = a.status === 'completed' || a.status === 'cancelled';
          return [
            <tr
              key={a.action_id}
              data-testid="action-row"
              data-action-id={a.action_id}
              aria-current={focused ? 'true' : undefined}
              onClick={() => setFocus(i)}
              className={focused ? 'bg-blue-50 outline outline-2 outline-blue-600' : 'hover:bg-slate-50'}
            >
              <Td>
                {canWrite && (
                  <input
                    type="checkbox"
                    aria-label={`Select ${a.title}`}
                    checked={selected.has(a.action_id)}
                    onChange={() => toggle(a.action_id)}
                    className="h-4 w-4"
                  />
                )}
              </Td>
              <Td className="whitespace-nowrap">
                {a.due_at ? formatTime(a.due_at) : <span className="text-slate-600">No due date</span>}
                {a.overdue && (
                  <div>
                    <Badge tone="red">Overdue</Badge>
                  </div>
                )}
              </Td>
              <Td>
                <div className="font-medium text-slate-900">{a.title}</div>
                <div className="text-xs text-slate-700">
                  <Mono>{a.type}</Mono> · <MatterName id={a.matter_id} name={names.matter(a.matter_id)} />
                  {a.campaign_id && (
                    <>
                      {' '}
                      · campaign <Mono>{a.campaign_id}</Mono>
                    </>
                  )}
                </div>
                {a.completion_notes && <div className="text-xs text-green-900">Done: {a.completion_notes}</div>}
              </Td>
              <Td>
                <Badge tone={PRIORITY_TONE[a.priority]}>{a.priority}</Badge>
              </Td>
              <Td>
                <Badge tone={ACTION_TONE[a.status]}>{humanize(a.status)}</Badge>
              </Td>
              <Td>
                {canWrite && !closed ? (
                  <Select
                    aria-label={`Owner of ${a.title}`}
                    data-owner-for={a.action_id}
                    value={a.owner_id ?? ''}
                    className="w-56"
                    onChange={(e) =>
                      e.target.value && assign.mutate({ action_id: a.action_id, owner_id: e.target.value })
                    }
                  >
                    <option value="">Unassigned</option>
                    {candidates(a.matter_id).map((u) => (
                      <option key={u.user_id} value={u.user_id}>
                        {label(u)}
                      </option>
                    ))}
                  </Select>
                ) : a.owner_id ? (
                  label(
                    (people.data ?? []).find((u) => u.user_id === a.owner_id) ?? {
                      user_id: a.owner_id,
                      name: null,
                      email: a.owner_id,
                      matter_ids: [],
                    },
                  )
                ) : (
                  'Unassigned'
                )}
              </Td>
              <Td className="whitespace-nowrap">
                <div className="flex gap-1">
                  {canWrite && (a.status === 'open' || a.status === 'blocked') && (
                    <Button variant="secondary" onClick={() => start(a.action_id)}>
                      Start
                    </Button>
                  )}
                  {canWrite && a.status === 'in_progress' && (
                    <Button variant="secondary" onClick={() => setCompleting(a.action_id)}>
                      Complete
                    </Button>
                  )}
                  {a.linked_packet_id && (
                    <Link
                      href={packetHref(a.linked_packet_id)}
                      className="rounded px-2 py-1 text-sm text-blue-800 underline"
                    >
                      Open packet
                    </Link>
                  )}
                  {a.linked_alert_id && (
                    <Link
                      href={alertHref(a.linked_alert_id)}
                      className="rounded px-2 py-1 text-sm text-blue-800 underline"
                    >
                      Open alert
                    </Link>
                  )}
                </div>
              </Td>
            </tr>,
            completing === a.action_id ? (
              <tr key={`${a.action_id}-complete`}>
                <Td colSpan={7}>
                  <CompleteForm
                    actionId={a.action_id}
                    title={a.title}
                    onCancel={() => setCompleting(null)}
                    onDone={() => {
                      setCompleting(null);
                      setNotice(`Completed “${a.title}”.`);
                      refresh();
                    }}
                  />
                </Td>
              </tr>
            ) : null,
          ];
        })}
      </DataTable>
      <Pager
        back={
          search.starting_after ? { href: href({ ...search, starting_after: undefined }), label: 'First page' } : null
        }
        next={
          list.data?.has_more && rows.length > 0
            ? { href: href({ ...search, starting_after: rows[rows.length - 1].action_id }), label: 'Later due' }
            : null
        }
      />

      {/* Hidden on touch screens (a coarse pointer has no keyboard to press them with). */}
      <section
        aria-labelledby="shortcuts-title"
        className="rounded border border-slate-300 bg-white p-2 text-sm pointer-coarse:hidden"
        data-testid="shortcuts"
      >
        <h2 id="shortcuts-title" className="mb-1 text-sm font-semibold">
          Keyboard shortcuts
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          {SHORTCUTS.map(([k, what]) => [
            <dt key={`${k}-k`}>
              <kbd className="rounded border border-slate-400 bg-slate-100 px-1 font-mono text-xs">{k}</kbd>
            </dt>,
            <dd key={`${k}-d`}>{what}</dd>,
          ])}
        </dl>
      </section>
    </div>
  );
}

/** The matter filter of the GET form (keyed by the URL's matter, so Clear resets it). */
function MatterFilter({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <MatterPicker id="f-matter" name="matter_id" value={value} onChange={setValue} none="Any matter" />;
}
