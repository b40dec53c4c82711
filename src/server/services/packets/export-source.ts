import type { Export } from '@/generated/prisma/client';
import type { Db } from '../../context';
import { redactBundle, type RedactionProfile } from '../../domain/packets/redaction';
import type { Block, DocSection, RenderDoc } from '../exports/document';
import type { ExportSource } from '../exports/registry';
import { auditTrailTable, cellText } from '../exports/blocks';
import { packetOut } from './serialize';
import { packetNeedsLicense } from '../sanctions/collection-operations';

/**
 * Packets in the export pipeline: the bundle (packet, contents, audit trail) under the
 * export's redaction profile, and the PDF document built from that redacted bundle, so no
 * format can show what the profile removed. Loading reads the rows; redaction and the
 * document are built in the render worker.
 */
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const s = cellText;
const money = (m: Any | null | undefined) => (m ? `${m.amount_decimal ?? s(m.amount)} ${m.currency}` : '');

async function bundleOf(db: Db, row: Export) {
  const p = await db.packet.findFirst({ where: { id: row.object_id, org_id: row.org_id, env: row.env } });
  if (!p) throw new Error(`packet ${row.object_id} of export ${row.id} not found`);
  // The packet's own matter only: a custom event on another matter that names this packet's
  // id is not part of its trail (POST /v1/audit/events refuses such an object_id now; events
  // written before may still exist).
  const trail = await db.auditEvent.findMany({
    where: {
      org_id: row.org_id,
      env: row.env,
      matter_id: p.matter_id,
      object_id: p.id,
      timestamp: { lte: row.created_at },
    },
    orderBy: [{ seq: 'asc' }],
    select: {
      id: true,
      event_type: true,
      actor_id: true,
      timestamp: true,
      request_id: true,
      prev_hash: true,
      hash: true,
    },
  });
  const { contents, latest_export: _l, ...packet } = packetOut(p);
  return {
    object: 'packet_bundle',
    bundle_version: 1,
    export: {
      export_id: row.id,
      format: row.format,
      redaction_profile: row.redaction_profile,
      requested_at: row.created_at.toISOString(),
    },
    packet,
    contents,
    audit_trail: trail.map((e) => ({
      event_id: e.id,
      event_type: e.event_type,
      actor_id: e.actor_id,
      request_id: e.request_id,
      timestamp: e.timestamp.toISOString(),
      prev_hash: e.prev_hash,
      hash: e.hash,
    })),
  };
}

function documentOf(b: Any): RenderDoc {
  const c: Any = b.contents ?? {};
  const p: Any = b.packet ?? {};
  const j: Any | null = c.judgment_summary;
  const sections: DocSection[] = [];
  const matterRows: [string, string][] = [
    ['Matter', s(c.matter?.name)],
    ['Matter id', s(c.matter?.matter_id)],
    ['Mode', s(c.matter?.mode)],
    ['Lead counsel', s(c.matter?.lead_counsel)],
  ];
  // Free-form: cellText renders it as bounded key/value lines, never as raw JSON.
  if (c.matter?.economics !== undefined) matterRows.push(['Operator economics', s(c.matter.economics)]);
  if (c.matter?.notes) matterRows.push(['Matter notes', s(c.matter.notes)]);
  const judgmentBlocks: Block[] = j
    ? [
        {
          kind: 'fields',
          rows: [
            ['Court', s(j.court)],
            ['Case number', s(j.case_number)],
            ['Jurisdiction', s(j.jurisdiction)],
            ['Entered', s(j.date_entered)],
            ['Creditor', s(j.creditor)],
            ['Debtor', s(j.debtor)],
            ['Amount', money(j.amount)],
            ['Status', s(j.status)],
          ],
        },
      ]
    : [{ kind: 'text', text: 'No judgment is cited by this packet.' }];
  sections.push({ title: 'Matter and judgment', blocks: [{ kind: 'fields', rows: matterRows }, ...judgmentBlocks] });
  const r: Any = c.request ?? {};
  sections.push({
    title: 'Request',
    blocks: [
      { kind: 'text', text: s(r.text) },
      {
        kind: 'fields',
        rows: [
          ['Family', s(r.family)],
          ['Packet type', s(r.packet_type)],
          ['Sender', `${s(r.sender?.name)} (${s(r.sender?.capacity)})`],
          [
            'Recipient',
            r.recipient
              ? `${s(r.recipient.counterparty_name)} via ${s(r.recipient.channel_type)}`
              : 'Not yet designated',
          ],
        ],
      },
    ],
  });
  const lb: Any = c.legal_basis ?? {};
  sections.push({
    title: 'Legal basis',
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Authority', `${s(lb.basis)} (${s(lb.authority_id)})`],
          ['Granted by', s(lb.granted_by)],
          ['Effective', s(lb.effective_at)],
          ['Expires', s(lb.expires_at) || 'no expiry'],
          ['Judgment', s(lb.judgment)],
        ],
      },
    ],
  });
  sections.push({
    title: 'Debtor, claimants and amounts',
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Debtor', s(c.debtor?.name)],
          ['Judgment amount', money(c.amounts?.judgment_amount)],
        ],
      },
      {
        kind: 'table',
        columns: ['Claimant', 'Role'],
        widths: [3, 1],
        rows: (c.claimants ?? []).map((x: Any) => [s(x.name), s(x.role)]),
      },
    ],
  });
  sections.push({
    title: 'Wallets',
    blocks: [
      {
        kind: 'table',
        columns: ['Address', 'Network', 'Category', 'Exchange', 'Sanctions'],
        widths: [5, 1.3, 1.5, 1.5, 2],
        rows: (c.wallets ?? []).map((w: Any) => [
          s(w.address),
          s(w.network),
          s(w.category),
          s(w.exchange),
          w.sanctions_status ?? ((w.sanctions ?? []).map((x: Any) => x.sdn_name).join('; ') || 'none known'),
        ]),
      },
    ],
  });
  sections.push({
    title: 'Exchange hypotheses',
    blocks: [
      {
        kind: 'table',
        columns: ['Exchange', 'Wallet', 'Basis', 'Confidence'],
        widths: [2, 5, 1, 1.2],
        rows: (c.exchange_hypotheses ?? []).map((h: Any) => [
          s(h.exchange),
          s(h.wallet),
          s(h.basis),
          `${s(h.confidence)}/100`,
        ]),
      },
    ],
  });
  const rd: Any = p.readiness ?? {};
  sections.push({
    title: 'Readiness',
    blocks: [
      {
        kind: 'text',
        text: rd.ready ? 'Ready: every check passes.' : `Not ready. Missing: ${(rd.missing_items ?? []).join('; ')}`,
      },
      {
        kind: 'table',
        columns: ['Check', 'Status', 'Reason'],
        widths: [1.5, 0.8, 5],
        rows: (rd.checks ?? []).map((x: Any) => [s(x.check), s(x.status), s(x.reason)]),
      },
    ],
  });
  if (c.noncompliance_tracker) {
    sections.push({
      title: 'Noncompliance tracker',
      blocks: [
        {
          kind: 'table',
          columns: ['Step', 'Status'],
          widths: [3, 1],
          rows: (c.noncompliance_tracker.steps ?? []).map((x: Any) => [s(x.step), s(x.status)]),
        },
      ],
    });
  }
  const internal: [string, string][] = [];
  if (c.internal_notes) internal.push(['Internal notes', s(c.internal_notes)]);
  if (p.notes) internal.push(['Packet notes', s(p.notes)]);
  if (p.review_state?.review_notes) internal.push(['Review notes', s(p.review_state.review_notes)]);
  if (internal.length)
    sections.push({
      title: 'Internal notes (not for external distribution)',
      blocks: [{ kind: 'fields', rows: internal }],
    });
  sections.push({
    title: 'Source manifest',
    blocks: [
      {
        kind: 'table',
        columns: ['Type', 'Title', 'Origin', 'SHA-256', 'Hash basis'],
        widths: [1.3, 2.2, 1.3, 4.2, 1.3],
        rows: (c.source_manifest ?? []).map((m: Any) => [
          s(m.source_type),
          s(m.title),
          s(m.origin),
          s(m.hash),
          s(m.hash_basis),
        ]),
      },
      { kind: 'text', text: `Reference datasets: ${(c.datasets ?? []).join('; ') || 'none'}` },
    ],
  });
  const a: Any = p.audit ?? {};
  sections.push({
    title: 'Audit',
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Request', s(a.request_id)],
          ['Actor', s(a.actor_id)],
          ['Organization', s(a.organization_id)],
          ['Matter', s(a.matter_id)],
          ['Created', s(a.timestamp)],
        ],
      },
      auditTrailTable(b.audit_trail),
    ],
  });
  return {
    title: s(c.title) || 'Packet',
    subtitle: `${s(c.matter?.name)}${j ? ` | Case No. ${s(j.case_number)}` : ''}`,
    cover: [
      ['Packet', s(p.packet_id)],
      ['Case number', j ? s(j.case_number) : 'none cited'],
      ['Court', j ? s(j.court) : ''],
      ['Type', `${s(p.type)} / ${s(p.packet_type)}`],
      ['Status', s(p.status)],
      ['Sender', `${s(p.authorized_sender?.name)} (${s(c.request?.sender?.capacity)})`],
      ['Redaction profile', s(b.export?.redaction_profile)],
      ['Requested', s(b.export?.requested_at)],
    ],
    sections,
  };
}

export const packetExportSource: ExportSource = {
  object_type: 'packet',
  events: { requested: 'packet.export_requested', exported: 'packet.exported', failed: 'packet.export_failed' },
  read_scope: 'packets:read',
  load: bundleOf,
  shape(data, facts) {
    const bundle: Any = redactBundle(data as object, facts.redaction_profile as RedactionProfile);
    const manifest = {
      object: 'source_manifest',
      packet_id: facts.object_id,
      export_id: facts.id,
      sources: bundle.contents?.source_manifest ?? [],
      datasets: bundle.contents?.datasets ?? [],
    };
    return { bundle, document: documentOf(bundle), manifest };
  },
  async collection(db, row) {
    const p = await db.packet.findFirst({
      where: { id: row.object_id, org_id: row.org_id, env: row.env },
      select: { type: true, packet_type: true },
    });
    return !!p && packetNeedsLicense(p);
  },
  async onReady(db, row) {
    await db.packet.updateMany({
      where: { id: row.object_id, org_id: row.org_id, env: row.env },
      data: { latest_export_id: row.id },
    });
  },
};
