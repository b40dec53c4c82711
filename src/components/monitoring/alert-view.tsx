'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Field, Mono, Panel, Select, Textarea } from '../ui';
import { formatTime, humanize } from '../format';
import { MatterLink } from '../list/row-links';
import { PacketName, PersonName } from '../names/names';
import { useNames } from '../names/use-names';
import { judgmentsListInput } from '../judgments/inputs';
import { POLL_MS, TRIAGE_PACKET_OPTIONS, alertStatusTone, severityTone, triageMoves } from './labels';

type Move = 'actionable' | 'false_positive' | 'monitoring' | 'resolved';
type PacketType = (typeof TRIAGE_PACKET_OPTIONS)[number];

/** One alert: its evidence (transaction, counterparty and label, watchlist), one-click triage
 *  with notes, and "Create action" / "Create packet" from it. */
export function AlertView({ alertId, canWrite }: { alertId: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery({ ...trpc.monitoring.alert.queryOptions({ alert_id: alertId }), refetchInterval: POLL_MS });
  const a = q.data;
  const wl = useQuery({
    ...trpc.monitoring.watchlist.queryOptions({ watchlist_id: a?.watchlist_id ?? '' }),
    enabled: !!a?.watchlist_id,
  });
  const [notes, setNotes] = useState('');
  const [packetType, setPacketType] = useState<PacketType>('exchange_freeze');
  const [judgmentId, setJudgmentId] = useState('');
  // A packet rests on one judgment: the service takes the matter's only enforceable one, and asks
  // (400 on judgment_id) when there are several, so counsel can name it here.
  const judgments = useQuery({
    ...trpc.judgments.list.queryOptions(judgmentsListInput(a?.matter_id ?? '')),
    enabled: !!a?.matter_id && canWrite,
  });
  const triage = useMutation(
    trpc.monitoring.triage.mutationOptions({
      onSuccess: (data) => {
        setNotes('');
        qc.setQueryData(trpc.monitoring.alert.queryKey({ alert_id: alertId }), data);
        void qc.invalidateQueries({ queryKey: trpc.monitoring.inbox.queryKey() });
      },
    }),
  );
  const names = useNames({
    matter_ids: [a?.matter_id],
    user_ids: [a?.triaged_by],
    packet_ids: [a?.linked_packet_id],
  });
  if (!a) return <ErrorNote error={apiError(q.error)} />;
  const go = (
    status: Move,
    extra: { create_action?: boolean; create_packet_type?: PacketType; judgment_id?: string } = {},
  ) => triage.mutate({ alert_id: alertId, status, ...(notes.trim() ? { notes: notes.trim() } : {}), ...extra });
  // Creating from a new alert triages it as actionable; otherwise it keeps its status.
  const keep = (a.status === 'new' ? 'actionable' : a.status) as Move;
  const busy = triage.isPending;
  const failure = apiError(triage.error);
  const judgmentError = failure?.param === 'judgment_id' ? failure.message : undefined;
  const e = a.evidence;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-sm">
          <Link href="/alerts" className="text-blue-800 hover:underline">
            ← Alerts
          </Link>
        </p>
        <h1 className="text-lg font-semibold">
          {humanize(a.type)} <Badge tone={severityTone(a.severity)}>{humanize(a.severity)}</Badge>{' '}
          <span data-testid="alert-status">
            <Badge tone={alertStatusTone(a.status)}>{humanize(a.status)}</Badge>
          </span>
        </h1>
        <p className="max-w-3xl text-sm text-slate-800">{a.reason}</p>
        <p className="text-xs text-slate-600">
          <Mono>{a.alert_id}</Mono> · raised {formatTime(a.created_at)} · matter{' '}
          <MatterLink id={a.matter_id} name={names.matter(a.matter_id)} />
        </p>
      </div>
      <Panel title="Evidence">
        <dl className="grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm" data-testid="evidence">
          <dt className="text-slate-600">Transaction</dt>
          <dd>
            <Mono>{e.transaction_hash ?? '—'}</Mono>
          </dd>
          <dt className="text-slate-600">Amount</dt>
          <dd>{e.amount ? `${e.amount.amount_decimal} ${e.asset ?? ''}` : '—'}</dd>
          <dt className="text-slate-600">Counterparty</dt>
          <dd>
            <Mono>{e.counterparty ?? '—'}</Mono>
          </dd>
          <dt className="text-slate-600">Label</dt>
          <dd>{e.label ?? '—'}</dd>
          <dt className="text-slate-600">Target</dt>
          <dd>
            <Mono>{a.target}</Mono>
          </dd>
          <dt className="text-slate-600">Watchlist</dt>
          <dd>
            {wl.data
              ? `${wl.data.name} (${wl.data.addresses.length} address${wl.data.addresses.length === 1 ? '' : 'es'})`
              : (a.watchlist_id ?? '—')}
          </dd>
          <dt className="text-slate-600">Rule</dt>
          <dd>{humanize(a.rule)}</dd>
        </dl>
      </Panel>
      <Panel title="Triage">
        <div className="flex flex-col gap-2 text-sm">
          {a.triaged_at && (
            <p className="text-slate-700">
              Triaged by {a.triaged_by ? <PersonName id={a.triaged_by} name={names.user(a.triaged_by)} /> : '—'} at{' '}
              {formatTime(a.triaged_at)}
              {a.notes ? `: ${a.notes}` : ''}
            </p>
          )}
          {a.linked_action_id && (
            <p>
              Action:{' '}
              <Link
                href={`/actions?matter_id=${a.matter_id}`}
                className="text-blue-800 hover:underline"
                data-testid="linked-action"
              >
                <Mono>{a.linked_action_id}</Mono>
              </Link>
            </p>
          )}
          {a.linked_packet_id && (
            <p>
              Packet:{' '}
              <span data-testid="linked-packet">
                <PacketName id={a.linked_packet_id} packet={names.packet(a.linked_packet_id)} />
              </span>
            </p>
          )}
          {canWrite && triageMoves(a.status).length > 0 && (
            <>
              <Field
                id="triage-notes"
                label="Notes"
                hint="Required for a false positive: say why, so the next reviewer need not re-check."
              >
                <Textarea
                  id="triage-notes"
                  rows={2}
                  value={notes}
                  aria-describedby="triage-notes-hint"
                  onChange={(ev) => setNotes(ev.target.value)}
                />
              </Field>
              <div className="flex flex-wrap gap-2">
                {triageMoves(a.status).map((m) => (
                  <Button
                    key={m}
                    data-testid={`triage-${m}`}
                    variant={m === 'false_positive' ? 'secondary' : 'primary'}
                    // A false positive closes the question: it is recorded with the reason.
                    disabled={busy || (m === 'false_positive' && !notes.trim())}
                    title={m === 'false_positive' && !notes.trim() ? 'Write a note first' : undefined}
                    onClick={() => go(m as Move)}
                  >
                    {humanize(m)}
                  </Button>
                ))}
              </div>
              <div className="flex flex-wrap items-end gap-2">
                {!a.linked_action_id && (
                  <Button
                    data-testid="create-action"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => go(keep, { create_action: true })}
                  >
                    Create action
                  </Button>
                )}
                {!a.linked_packet_id && (
                  <>
                    <Field id="triage-packet-type" label="Packet type">
                      <Select
                        id="triage-packet-type"
                        value={packetType}
                        onChange={(ev) => setPacketType(ev.target.value as PacketType)}
                      >
                        {TRIAGE_PACKET_OPTIONS.map((t) => (
                          <option key={t} value={t}>
                            {humanize(t)}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <Field id="triage-judgment" label="Judgment" error={judgmentError}>
                      <Select id="triage-judgment" value={judgmentId} onChange={(ev) => setJudgmentId(ev.target.value)}>
                        <option value="">The matter&apos;s only enforceable judgment</option>
                        {(judgments.data?.data ?? []).map((j) => (
                          <option key={j.judgment_id} value={j.judgment_id}>
                            {j.case_number} · {j.debtor} ({humanize(j.status)})
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <Button
                      data-testid="create-packet"
                      variant="secondary"
                      disabled={busy}
                      onClick={() =>
                        go(keep, { create_packet_type: packetType, ...(judgmentId ? { judgment_id: judgmentId } : {}) })
                      }
                    >
                      Create packet
                    </Button>
                  </>
                )}
              </div>
            </>
          )}
          {a.status === 'resolved' && <p className="text-slate-700">Resolved: no further triage.</p>}
          <ErrorNote error={apiError(triage.error)} />
        </div>
      </Panel>
    </div>
  );
}
