'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Mono, Panel, Select, Td, Th } from '../ui';
import { formatTime, humanize } from '../format';
import { packetTone } from './labels';
import { PacketActions } from './packet-actions';
import { ExportRow } from './export-row';
import { MatterPauseNote } from '../sanctions/pause-banner';
import { holdTreatment } from '@/server/domain/sanctions/blocked-property';
import { ScrollX } from '@/components/list/scroll-x';

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const FORMATS = ['pdf', 'zip', 'json'] as const;
const PROFILES = ['none', 'external', 'claimant'] as const;

/** One packet for counsel's review: readiness, contents, manifest, PDF preview, actions, exports. */
export function PacketView({
  packetId,
  perms,
}: {
  packetId: string;
  perms: { write: boolean; approve: boolean; export: boolean };
}) {
  const trpc = useTRPC();
  const q = useQuery(trpc.packets.get.queryOptions({ packet_id: packetId }));
  const [exports, setExports] = useState<string[]>([]);
  const [profile, setProfile] = useState<(typeof PROFILES)[number]>('none');
  const [preview, setPreview] = useState<string | null>(null);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const exp = useMutation(
    trpc.packets.export.mutationOptions({ onSuccess: (e) => setExports((x) => [e.export_id, ...x]) }),
  );
  const prev = useMutation(trpc.packets.export.mutationOptions({ onSuccess: (e) => setPreviewId(e.export_id) }));
  // Every export of the packet (the history outlives a reload), plus those made on this page since.
  const history = useQuery(trpc.packets.exports.queryOptions({ packet_id: packetId }));
  const exportIds = [...new Set([...exports, ...(history.data ?? [])])];
  const p = q.data;
  if (!p) return <ErrorNote error={apiError(q.error)} />;
  const c = p.contents as Any;
  const j = c.judgment_summary as Any | null;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="text-sm">
          <Link href="/packets" className="text-blue-800 hover:underline">
            ← Packets
          </Link>
        </p>
        <h1 className="text-lg font-semibold">{String(c.title ?? humanize(p.type))}</h1>
        <p className="text-sm text-slate-700">
          <Badge tone={packetTone(p.status)}>{humanize(p.status)}</Badge> <Mono>{p.packet_id}</Mono> · matter{' '}
          <Link href={`/matters/${p.matter_id}`} className="text-blue-800 underline">
            {String(c.matter?.name ?? p.matter_id)}
          </Link>
          {j && <> · Case No. {String(j.case_number)}</>} · sender {p.authorized_sender.name} (
          {p.authorized_sender.roles.join(', ')}) · updated {formatTime(p.updated_at)}
        </p>
      </div>
      {p.type !== 'sanctions_review' && (
        <MatterPauseNote
          matterId={p.matter_id}
          what={
            holdTreatment(p.packet_type) === 'license_required'
              ? 'approving, sending and exporting this packet need an OFAC specific license'
              : 'this restraint or preservation request may still go out'
          }
        />
      )}
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <Panel title="Readiness" id="readiness">
          <p className="mb-2 text-sm" data-testid="readiness-summary">
            {p.readiness.ready ? <Badge tone="green">Ready</Badge> : <Badge tone="red">Not ready</Badge>}{' '}
            {!p.readiness.ready && `Missing: ${p.readiness.missing_items.join('; ')}`}
          </p>
          <ul className="flex flex-col gap-1 text-sm">
            {p.readiness.checks.map((x) => (
              <li key={x.check} data-testid="readiness-check">
                <Badge tone={packetTone(x.status)}>{x.status}</Badge>{' '}
                <span className="font-medium">{humanize(x.check)}</span>: {x.reason}
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title="Review" id="review">
          <p className="mb-2 text-sm">
            Review status: {humanize(String(p.review_state.review_status))}
            {p.review_state.review_notes ? ` — ${p.review_state.review_notes}` : ''}
          </p>
          {p.notes && <p className="mb-2 text-sm text-slate-700">Notes: {p.notes}</p>}
          <PacketActions
            packetId={p.packet_id}
            status={p.status}
            ready={p.readiness.ready}
            canWrite={perms.write}
            canApprove={perms.approve}
          />
        </Panel>
      </div>
      <Panel title="Contents" id="contents">
        <div className="grid grid-cols-1 gap-3 text-sm md:grid-cols-2">
          <div>
            <h3 className="font-semibold">Request</h3>
            <p>{String(c.request?.text ?? '')}</p>
            <p className="text-slate-700">
              Sender presented as: {String(c.request?.sender?.capacity ?? '')}. Recipient:{' '}
              {p.recipient ? `${p.recipient.counterparty_name} (${p.recipient.channel_type})` : 'not yet designated'}.
            </p>
          </div>
          <div>
            <h3 className="font-semibold">Judgment and legal basis</h3>
            {j ? (
              <p>
                {String(j.court)}, case {String(j.case_number)}, entered {String(j.date_entered)}; {String(j.creditor)}{' '}
                v. {String(j.debtor)}; {String(j.amount?.amount_decimal)} {String(j.amount?.currency)}.
              </p>
            ) : (
              <p>No judgment cited.</p>
            )}
            <p className="text-slate-700">
              Authority: {humanize(String(c.legal_basis?.basis))} granted by {String(c.legal_basis?.granted_by)} (
              {String(c.legal_basis?.authority_id)}).
            </p>
          </div>
        </div>
        <ScrollX label="Wallets">
          <table className="mt-3 w-full border-collapse text-sm">
            <caption className="text-left text-sm font-semibold">Wallets</caption>
            <thead className="bg-slate-100">
              <tr>
                <Th>Address</Th>
                <Th>Network</Th>
                <Th>Category</Th>
                <Th>Exchange</Th>
              </tr>
            </thead>
            <tbody>
              {((c.wallets ?? []) as Any[]).map((w) => (
                <tr key={String(w.address)}>
                  <Td>
                    <Mono>{String(w.address)}</Mono>
                  </Td>
                  <Td>{String(w.network)}</Td>
                  <Td>{humanize(String(w.category))}</Td>
                  <Td>{String(w.exchange ?? '—')}</Td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      </Panel>
      <Panel title="Source manifest" id="manifest">
        <ScrollX label="Source manifest">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Source manifest</caption>
            <thead className="bg-slate-100">
              <tr>
                <Th>Type</Th>
                <Th>Title</Th>
                <Th>Origin</Th>
                <Th>SHA-256</Th>
              </tr>
            </thead>
            <tbody>
              {((c.source_manifest ?? []) as Any[]).map((m, i) => (
                <tr key={i} data-testid="manifest-row">
                  <Td>{humanize(String(m.source_type))}</Td>
                  <Td>{String(m.title ?? '')}</Td>
                  <Td>{humanize(String(m.origin))}</Td>
                  <Td>
                    <Mono>{String(m.hash)}</Mono>
                  </Td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      </Panel>
      <Panel title="Exports" id="exports">
        {perms.export ? (
          <div className="mb-2 flex flex-wrap items-end gap-2">
            <label className="text-sm" htmlFor="export-profile">
              Redaction
            </label>
            <Select
              id="export-profile"
              value={profile}
              onChange={(e) => setProfile(e.target.value as (typeof PROFILES)[number])}
            >
              {PROFILES.map((x) => (
                <option key={x} value={x}>
                  {humanize(x)}
                </option>
              ))}
            </Select>
            {FORMATS.map((f) => (
              <Button
                key={f}
                variant="secondary"
                data-testid={`export-${f}`}
                disabled={exp.isPending}
                onClick={() => exp.mutate({ packet_id: p.packet_id, format: f, redaction_profile: profile })}
              >
                Export {f.toUpperCase()}
              </Button>
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-600">You cannot export packets.</p>
        )}
        <ErrorNote error={apiError(exp.error)} />
        <ScrollX label="Exports">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Exports</caption>
            <thead className="bg-slate-100">
              <tr>
                <Th>Format</Th>
                <Th>Redaction</Th>
                <Th>Status</Th>
                <Th>SHA-256</Th>
                <Th>Link</Th>
              </tr>
            </thead>
            <tbody>
              {exportIds.map((id) => (
                <ExportRow key={id} exportId={id} />
              ))}
              {!exportIds.length && p.latest_export && <ExportRow exportId={p.latest_export.export_id} />}
            </tbody>
          </table>
        </ScrollX>
      </Panel>
      <Panel title="PDF preview" id="preview">
        {preview ? (
          <iframe
            src={preview}
            title="Packet PDF preview"
            data-testid="pdf-preview"
            className="h-[36rem] w-full rounded border border-slate-300"
          />
        ) : perms.export ? (
          <Button
            data-testid="render-preview"
            disabled={prev.isPending || !!previewId}
            onClick={() => prev.mutate({ packet_id: p.packet_id, format: 'pdf', redaction_profile: 'none' })}
          >
            {previewId ? 'Rendering…' : 'Render PDF preview'}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">You cannot render this packet.</p>
        )}
        {previewId && !preview && (
          <ScrollX label="PDF preview export">
            <table className="mt-2 w-full text-sm">
              <tbody>
                <ExportRow
                  exportId={previewId}
                  onReady={(e) => e.download_url && setPreview(`${e.download_url}&disposition=inline`)}
                />
              </tbody>
            </table>
          </ScrollX>
        )}
        <ErrorNote error={apiError(prev.error)} />
      </Panel>
    </div>
  );
}
