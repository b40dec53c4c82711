import type { Export } from '@/generated/prisma/client';
import type { Db } from '../../context';
import { redactBundle, type RedactionProfile } from '../../domain/packets/redaction';
import type { DocSection, RenderDoc } from '../exports/document';
import type { ExportSource } from '../exports/registry';
import { auditTrailTable, cellText, publicDocument } from '../exports/blocks';
import { formatAmount, formatDate, humanize } from '../exports/present';
import { remediationOut } from './serialize';

/**
 * Issuer remediation packets in the export pipeline (§14 formats: PDF, ZIP, JSON): the bundle
 * (the remediation as `packet`, its contents, the destination certificate, the audit trail)
 * under the export's redaction profile (domain/packets/redaction.ts: the packets' rules, plus
 * stage notes and the certificate's parties), and the PDF built from that redacted bundle in
 * the render worker.
 */
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const s = cellText;

async function bundleOf(db: Db, row: Export) {
  const r = await db.issuerRemediation.findFirst({ where: { id: row.object_id, org_id: row.org_id, env: row.env } });
  if (!r) throw new Error(`issuer remediation ${row.object_id} of export ${row.id} not found`);
  const [trail, cert] = await Promise.all([
    // The remediation's own matter only (see packets/export-source.ts).
    db.auditEvent.findMany({
      where: {
        org_id: row.org_id,
        env: row.env,
        matter_id: r.matter_id,
        object_id: r.id,
        timestamp: { lte: row.created_at },
      },
      orderBy: [{ seq: 'asc' }],
      select: { id: true, event_type: true, actor_id: true, timestamp: true, request_id: true, hash: true },
    }),
    r.destination_wallet_certificate_id
      ? db.destinationWalletCertificate.findFirst({
          where: { id: r.destination_wallet_certificate_id, org_id: row.org_id, env: row.env },
        })
      : null,
  ]);
  const { latest_export: _l, ...packet } = remediationOut(r);
  return {
    object: 'issuer_remediation_bundle',
    bundle_version: 1,
    export: {
      export_id: row.id,
      format: row.format,
      redaction_profile: row.redaction_profile,
      requested_at: row.created_at.toISOString(),
    },
    packet,
    contents: r.contents,
    destination_wallet_certificate: cert
      ? {
          destination_wallet_id: cert.id,
          wallet_address: cert.wallet_address,
          network: cert.network,
          owner: cert.owner,
          custodian: cert.custodian,
          signer_model: cert.signer_model,
          sanctions_screen_status: cert.screen_status,
          approval_status: cert.approval_status,
          decided_at: cert.decided_at?.toISOString() ?? null,
        }
      : null,
    audit_trail: trail.map((e) => ({
      event_id: e.id,
      event_type: e.event_type,
      actor_id: e.actor_id,
      request_id: e.request_id,
      timestamp: e.timestamp.toISOString(),
      hash: e.hash,
    })),
  };
}

function documentOf(b: Any): RenderDoc {
  const profile = cellText(b.export?.redaction_profile) || 'none';
  const p: Any = b.packet ?? {};
  const c: Any = b.contents ?? {};
  const f: Any = p.functions ?? {};
  const sections: DocSection[] = [
    {
      title: 'Request',
      blocks: [
        { kind: 'text', text: s(c.request) },
        { kind: 'text', text: s(c.signing) },
      ],
    },
    {
      title: 'Issuer and token',
      blocks: [
        {
          kind: 'fields',
          rows: [
            ['Issuer', s(p.issuer)],
            ['Token', `${s(p.asset)} on ${s(p.network)}`],
            ['Contract', s(p.contract)],
            ['Freeze', (f.freeze ?? []).join('; ') || 'not verified'],
            ['Check', (f.check ?? []).join('; ') || 'not verified'],
            ['Burn', (f.burn ?? []).join('; ') || 'none named'],
            ['Amount', formatAmount(p.amount?.amount_decimal, p.asset)],
            ['Action', s(p.action_type)],
            ['Stage', s(p.status)],
          ],
        },
      ],
    },
    {
      title: 'Holders',
      blocks: [
        {
          kind: 'table',
          columns: ['Wallet', 'Amount', 'On-chain status', 'Note'],
          widths: [4, 1.5, 2, 3],
          rows: (p.holdings ?? []).map((h: Any) => [
            s(h.wallet),
            formatAmount(h.amount?.amount_decimal, p.asset),
            h.onchain_status
              ? `${h.onchain_status.frozen ? 'frozen' : 'not frozen'} @ ${s(h.onchain_status.block_number)}`
              : 'unread',
            s(h.status_note),
          ]),
        },
      ],
    },
    {
      title: 'Readiness and review',
      blocks: [
        {
          kind: 'table',
          columns: ['Check', 'Status', 'Reason'],
          widths: [1.5, 0.8, 5],
          rows: (p.readiness?.checks ?? []).map((x: Any) => [s(x.check), s(x.status), s(x.reason)]),
        },
        {
          kind: 'text',
          text: p.review_required ? `Review required: ${(p.review_reasons ?? []).join('; ')}` : 'No review required.',
        },
      ],
    },
    {
      title: 'Audit',
      blocks: [auditTrailTable(b.audit_trail, profile)],
    },
  ];
  if (b.destination_wallet_certificate) {
    const d: Any = b.destination_wallet_certificate;
    sections.splice(3, 0, {
      title: 'Destination wallet certificate',
      blocks: [
        {
          kind: 'fields',
          // A profile may have removed the parties (claimant): show only what the bundle holds.
          rows: (
            [
              ['Certificate', s(d.destination_wallet_id)],
              ['Wallet', `${s(d.wallet_address)} (${s(d.network)})`],
              ['Owner', d.owner],
              ['Custodian', d.custodian],
              ['Signer model', d.signer_model],
              ['Sanctions screen', s(d.sanctions_screen_status)],
              ['Approval', s(d.approval_status)],
            ] as [string, unknown][]
          )
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, s(v)]),
        },
      ],
    });
  }
  return publicDocument(
    {
      title: p.action_type === 'burn_reissue' ? 'Issuer burn and reissue request' : 'Issuer freeze request',
      subtitle: `${s(c.matter?.name)} | ${s(p.issuer)}`,
      cover: [
        ...(profile === 'none' ? ([['Remediation', s(p.remediation_id)]] as [string, string][]) : []),
        ['Issuer', s(p.issuer)],
        ['Token', `${s(p.asset)} on ${s(p.network)}`],
        ['Stage', humanize(p.status)],
        ['Redaction profile', humanize(profile)],
        ['Requested', formatDate(b.export?.requested_at)],
      ],
      sections,
      showExportId: profile === 'none',
    },
    profile,
  );
}

export const remediationExportSource: ExportSource = {
  object_type: 'issuer_remediation',
  events: {
    requested: 'issuer_remediation.export_requested',
    exported: 'issuer_remediation.exported',
    failed: 'issuer_remediation.export_failed',
  },
  read_scope: 'issuer:read',
  // A remediation packet asks an issuer to act on funds: always a collection operation.
  collection: async () => true,
  load: bundleOf,
  shape(data, facts) {
    const bundle: Any = redactBundle(data as object, facts.redaction_profile as RedactionProfile);
    const manifest = {
      object: 'source_manifest',
      remediation_id: facts.object_id,
      export_id: facts.id,
      sources: bundle.packet?.source_refs ?? [],
      datasets: ['data/stablecoins/issuers.json', 'OFAC SDN digital currency addresses'],
    };
    return { bundle, document: documentOf(bundle), manifest };
  },
  async onReady(db, row) {
    await db.issuerRemediation.updateMany({
      where: { id: row.object_id, org_id: row.org_id, env: row.env },
      data: {
        latest_export: {
          export_id: row.id,
          format: row.format,
          status: 'ready',
          created_at: row.created_at.toISOString(),
        },
      },
    });
  },
};
