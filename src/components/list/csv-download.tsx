'use client';

import { useState } from 'react';
import { apiError, useTRPCClient } from '@/trpc/react';
import { Button } from '../ui';
import type { NameLookup } from '../names/use-names';
import { csvFileName, toCsv, type CsvCell } from './csv';
import { collectPages, CSV_MAX_ROWS, exportStatus, idChunks, type ListPage } from './csv-pages';

export type ConsoleClient = ReturnType<typeof useTRPCClient>;
type NameKind = 'matter_ids' | 'user_ids' | 'packet_ids' | 'key_ids';
/** The names lookup answers at most this many ids of a kind per call (services/names NAMES_MAX). */
const NAMES_CHUNK = 200;

/**
 * Where a list's export reads its rows: the list's own tRPC query with the filters on screen,
 * one page per call (`cursor` is `starting_after`), and how a row becomes a CSV record.
 */
export interface CsvSource<T> {
  fetchPage: (client: ConsoleClient, cursor: string | undefined) => Promise<ListPage<T>>;
  cursorOf: (row: T) => string;
  /** The ids whose names the records show (as the list on screen names them). */
  names?: (row: T) => Partial<Record<NameKind, (string | null | undefined)[]>>;
  toRow: (row: T, names: NameLookup) => readonly CsvCell[];
}

function download(list: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]) {
  // The byte-order mark makes spreadsheet programs read UTF-8.
  const blob = new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFileName(list, new Date());
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** Every name the rows need, asked in chunks the lookup accepts, as the lookup `useNames` gives a page. */
async function lookupNames<T>(
  client: ConsoleClient,
  rows: readonly T[],
  of: CsvSource<T>['names'],
): Promise<NameLookup> {
  const wanted: Record<NameKind, (string | null | undefined)[]> = {
    matter_ids: [],
    user_ids: [],
    packet_ids: [],
    key_ids: [],
  };
  // An id is at most 100 characters (the lookup refuses longer; a free-text field is no id).
  if (of)
    for (const r of rows)
      for (const [k, ids] of Object.entries(of(r)))
        wanted[k as NameKind].push(...(ids ?? []).filter((id) => (id?.length ?? 0) <= 100));
  const found = { matters: {}, users: {}, packets: {}, keys: {} } as Awaited<
    ReturnType<ConsoleClient['names']['lookup']['query']>
  >;
  for (const kind of Object.keys(wanted) as NameKind[]) {
    for (const chunk of idChunks(wanted[kind], NAMES_CHUNK)) {
      const input: Partial<Record<NameKind, string[]>> = { [kind]: chunk };
      const n = await client.names.lookup.query(input);
      Object.assign(found.matters, n.matters);
      Object.assign(found.users, n.users);
      Object.assign(found.packets, n.packets);
      Object.assign(found.keys, n.keys);
    }
  }
  return {
    matter: (id) => (id ? found.matters[id]?.name : undefined),
    user: (id) => (id ? found.users[id]?.name : undefined),
    key: (id) => (id ? found.keys[id]?.name : undefined),
    packet: (id) => (id ? found.packets[id] : undefined),
  };
}

type State =
  | { state: 'idle' }
  | { state: 'fetching'; rows: number }
  | { state: 'done'; rows: number; truncated: boolean; max: number }
  | { state: 'error'; message: string };

/**
 * "Export CSV" for a console list: every row matching the filters on screen, not only the page
 * shown. It pages through the list's own query (so the same scoping applies: a user restricted
 * to matters exports only theirs) up to CSV_MAX_ROWS; a longer list still downloads, cut at
 * that bound, and the note beside the button says so. Cells go through csv.ts (formula guard).
 */
export function CsvButton<T>({
  list,
  header,
  source,
  max = CSV_MAX_ROWS,
}: {
  /** The file name's stem, e.g. `alerts`. */
  list: string;
  header: readonly string[];
  source: CsvSource<T>;
  max?: number;
}) {
  const client = useTRPCClient();
  const [s, setS] = useState<State>({ state: 'idle' });
  const busy = s.state === 'fetching';
  const run = async () => {
    setS({ state: 'fetching', rows: 0 });
    try {
      const { rows, truncated } = await collectPages({
        fetchPage: (cursor) => source.fetchPage(client, cursor),
        cursorOf: source.cursorOf,
        max,
        onProgress: (n) => setS({ state: 'fetching', rows: n }),
      });
      const names = await lookupNames(client, rows, source.names);
      download(
        list,
        header,
        rows.map((r) => source.toRow(r, names)),
      );
      setS({ state: 'done', rows: rows.length, truncated, max });
    } catch (e) {
      setS({ state: 'error', message: apiError(e)?.message ?? 'the list could not be read.' });
    }
  };
  const note = exportStatus(s);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="secondary"
        data-testid="export-csv"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void run()}
      >
        {busy ? 'Exporting…' : 'Export CSV'}
      </Button>
      <span
        role="status"
        data-testid="export-csv-status"
        data-state={s.state}
        className={s.state === 'error' ? 'text-xs text-red-800' : 'text-xs text-slate-700'}
      >
        {note}
      </span>
    </span>
  );
}
