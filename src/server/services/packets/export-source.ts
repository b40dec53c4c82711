import type { Export } from '@/generated/prisma/client';
import type { Db } from '../../context';
import { redactBundle, type RedactionProfile } from '../../domain/packets/redaction';
import type { Block, DocSection, RenderDoc } from '../exports/document';
import type { ExportSource } from '../exports/registry';
import { actorKind, auditTrailTable, cellText, publicDocument } from '../exports/blocks';
import { formatDate, formatMoney, humanize } from '../exports/present';
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

const DISTRIBUTION: Record<string, string> = {
  none: 'Internal: complete and unredacted',
  external: 'External: for the recipient',
  claimant: 'Claimant copy: addresses shortened',
};

/** Exhibit letters: A…Z, then AA, AB… */
const exhibitLetter = (i: number): string =>
  i < 26 ? String.fromCharCode(65 + i) : exhibitLetter(Math.floor(i / 26) - 1) + exhibitLetter(i % 26);

/**
 * The packet as the legal work product it is: a letter to the recipient's channel under the
 * case caption, the request with the wallets it concerns, the legal basis with its citations,
 * the exhibit index (the source manifest) and the authorized sender's signature block; the
 * readiness review and the technical audit block follow in appendices. Internal ids are shown
 * only under the `none` profile (everything else still passes through `publicText`).
 */
function documentOf(b: Any): RenderDoc {
  const c: Any = b.contents ?? {};
  const p: Any = b.packet ?? {};
  const j: Any | null = c.judgment_summary;
  const profile = s(b.export?.redaction_profile) || 'none';
  const internal = profile === 'none';
  const r: Any = c.request ?? {};
  const lb: Any = c.legal_basis ?? {};
  const sender = s(p.authorized_sender?.name) || s(r.sender?.name);
  const capacity = s(r.sender?.capacity);
  const recipient = r.recipient ?? p.recipient;
  const date = formatDate(s(b.export?.requested_at).slice(0, 10));
  const caption = j ? `${s(j.creditor)} v. ${s(j.debtor)}` : s(c.matter?.name);
  const manifest: Any[] = c.source_manifest ?? [];
  const exhibits = manifest.map((m, i) => ({ letter: exhibitLetter(i), m }));
  const sections: DocSection[] = [];

  // The caption, as the court styles the case.
  sections.push({
    title: '',
    blocks: j
      ? [
          {
            kind: 'lines',
            lines: [
              s(j.court).toUpperCase(),
              `${s(j.creditor)}, Judgment Creditor,`,
              'v.',
              `${s(j.debtor)}, Judgment Debtor.`,
              `Case No. ${s(j.case_number)} (${s(j.jurisdiction)})`,
              `Judgment entered ${formatDate(j.date_entered)} in the amount of ${formatMoney(j.amount)}; status: ${humanize(j.status).toLowerCase()}.`,
            ],
          },
        ]
      : [{ kind: 'text', text: 'No judgment is cited by this packet.' }],
  });

  const walletRows = (c.wallets ?? []).map((w: Any) => [
    s(w.address),
    s(w.network),
    humanize(w.category),
    s(w.exchange) || '-',
    w.sanctions_status ?? ((w.sanctions ?? []).map((x: Any) => x.sdn_name).join('; ') || 'None known'),
  ]);
  sections.push({
    title: 'Request',
    blocks: [
      { kind: 'text', text: recipient ? `To ${s(recipient.counterparty_name)}:` : 'To the recipient:' },
      {
        kind: 'text',
        text:
          `${sender}, ${capacity.toLowerCase() || 'for the judgment creditor'}, writes concerning the judgment in ${caption}. ` +
          `${s(r.text)}`.trim(),
      },
      ...(walletRows.length
        ? [
            { kind: 'text', text: 'The wallets this request concerns:' } as Block,
            {
              kind: 'table',
              columns: ['Wallet address', 'Network', 'Category', 'Exchange', 'Sanctions screening'],
              widths: [5, 1.3, 1.5, 1.5, 2],
              rows: walletRows,
            } as Block,
          ]
        : []),
      ...((c.exchange_hypotheses ?? []).length
        ? [
            {
              kind: 'table',
              columns: ['Exchange', 'Wallet', 'Basis', 'Confidence'],
              widths: [2, 5, 1.6, 1.2],
              rows: (c.exchange_hypotheses ?? []).map((h: Any) => [
                s(h.exchange),
                s(h.wallet),
                humanize(h.basis),
                `${s(h.confidence)} of 100`,
              ]),
            } as Block,
          ]
        : []),
      ...(c.amounts?.judgment_amount
        ? [
            {
              kind: 'text',
              text: `The judgment amount is ${formatMoney(c.amounts.judgment_amount)}. ${s(c.amounts.note)}`.trim(),
            } as Block,
          ]
        : []),
    ],
  });

  const grantCites = exhibits.filter((x) => x.m.origin === 'authority_grant' || x.m.origin === 'judgment');
  sections.push({
    title: 'Legal basis',
    blocks: [
      {
        kind: 'text',
        text:
          `This request is made under ${humanize(lb.basis).toLowerCase() || 'the cited authority'}` +
          `${lb.granted_by ? `, granted by ${s(lb.granted_by)}` : ''}` +
          `${lb.effective_at ? `, effective ${formatDate(lb.effective_at)}` : ''}` +
          `${lb.expires_at ? ` and expiring ${formatDate(lb.expires_at)}` : ', with no expiry'}.` +
          (j
            ? ` It rests on the judgment of the ${s(j.court)} in case ${s(j.case_number)}, entered ${formatDate(j.date_entered)}.`
            : ''),
      },
      ...(grantCites.length
        ? [
            {
              kind: 'lines',
              lines: grantCites.map(
                (x) =>
                  `Exhibit ${x.letter}: ${s(x.m.title) || humanize(x.m.source_type)} (${humanize(x.m.source_type)})`,
              ),
            } as Block,
          ]
        : []),
      ...(internal ? [{ kind: 'fields', rows: [['Authority grant', s(lb.authority_id)]] } as Block] : []),
    ],
  });

  sections.push({
    title: 'Exhibit index',
    blocks: [
      {
        kind: 'table',
        columns: ['Exhibit', 'Document', 'Type', 'Cited by', 'SHA-256'],
        widths: [0.8, 3, 1.6, 1.3, 4.2],
        rows: exhibits.map(({ letter, m }) => [
          letter,
          s(m.title) || humanize(m.source_type),
          humanize(m.source_type),
          humanize(m.origin === 'authority_grant' ? 'legal_authority' : m.origin),
          `${s(m.hash)}${m.hash_basis === 'reference_record' ? ' (of the reference record)' : ''}`,
        ]),
      },
      { kind: 'text', text: `Reference datasets: ${(c.datasets ?? []).join('; ') || 'none'}.`, size: 9 },
    ],
  });

  sections.push({
    title: '',
    blocks: [
      {
        kind: 'lines',
        gapBefore: 12,
        lines: ['Respectfully submitted,', '', '', '______________________________', sender, capacity, date],
      },
    ],
  });

  if (internal) {
    const matterRows: [string, string][] = [
      ['Matter', s(c.matter?.name)],
      ['Matter id', s(c.matter?.matter_id)],
      ['Mode', humanize(c.matter?.mode)],
      ['Lead counsel', s(c.matter?.lead_counsel)],
    ];
    // Free-form: cellText renders it as bounded key/value lines, never as raw JSON.
    if (c.matter?.economics !== undefined) matterRows.push(['Operator economics', s(c.matter.economics)]);
    if (c.matter?.notes) matterRows.push(['Matter notes', s(c.matter.notes)]);
    if (c.internal_notes) matterRows.push(['Internal notes', s(c.internal_notes)]);
    if (p.notes) matterRows.push(['Packet notes', s(p.notes)]);
    if (p.review_state?.review_notes) matterRows.push(['Review notes', s(p.review_state.review_notes)]);
    sections.push({
      title: 'Internal notes (not for external distribution)',
      newPage: true,
      blocks: [
        { kind: 'fields', rows: matterRows },
        {
          kind: 'table',
          columns: ['Claimant', 'Role'],
          widths: [3, 1],
          rows: (c.claimants ?? []).map((x: Any) => [s(x.name), humanize(x.role)]),
        },
      ],
    });
  }

  const rd: Any = p.readiness ?? {};
  sections.push({
    title: 'Appendix A. Readiness review',
    newPage: true,
    blocks: [
      {
        kind: 'text',
        text: rd.ready
          ? 'Ready: every check passes.'
          : `Not ready. Missing: ${(rd.missing_items ?? []).join('; ') || 'see the checks below'}.`,
      },
      {
        kind: 'table',
        columns: ['Check', 'Status', 'Reason'],
        widths: [1.6, 0.8, 5],
        rows: (rd.checks ?? []).map((x: Any) => [humanize(x.check), humanize(x.status), s(x.reason)]),
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
          rows: (c.noncompliance_tracker.steps ?? []).map((x: Any) => [humanize(x.step), humanize(x.status)]),
        },
      ],
    });
  }
  const a: Any = p.audit ?? {};
  const trail: Any[] = b.audit_trail ?? [];
  sections.push({
    title: 'Appendix B. Technical audit',
    blocks: [
      {
        kind: 'text',
        size: 9,
        text: "Each event below is one entry of the matter's tamper-evident audit chain: its hash covers the event and the hash of the one before it.",
      },
      {
        kind: 'fields',
        rows: [
          ['Packet type', `${humanize(p.type)} / ${humanize(p.packet_type)}`],
          ['Status', humanize(p.status)],
          ['Created', formatDate(a.timestamp ?? p.created_at)],
          ['Created by', internal ? s(a.actor_id) : actorKind(a.actor_id)],
          ...(internal
            ? ([
                ['Packet', s(p.packet_id)],
                ['Request', s(a.request_id)],
                ['Organization', s(a.organization_id)],
                ['Matter', s(a.matter_id)],
                ['Export', s(b.export?.export_id)],
              ] as [string, string][])
            : []),
        ],
      },
      auditTrailTable(trail, profile),
    ],
  });
  const doc: RenderDoc = {
    title: s(c.title) || 'Packet',
    subtitle: j ? `${caption}, Case No. ${s(j.case_number)}` : caption,
    cover: [
      ['Date', date],
      [
        'To',
        recipient
          ? `${s(recipient.counterparty_name)}, by ${humanize(recipient.channel_type).toLowerCase()}`
          : 'Recipient not yet designated',
      ],
      ['From', `${sender}, ${capacity}`],
      ['Re', j ? `${caption}, ${s(j.court)}, Case No. ${s(j.case_number)}` : caption],
      ['Distribution', DISTRIBUTION[profile] ?? humanize(profile)],
    ],
    sections,
    showExportId: internal,
  };
  return publicDocument(doc, profile);
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
