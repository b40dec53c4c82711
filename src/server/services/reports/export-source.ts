import type { Export } from '@/generated/prisma/client';
import type { Db } from '../../context';
import { fromStored } from '../../json';
import type { RedactionProfile } from '../../domain/packets/redaction';
import { sectionFor, type ReportSectionOut } from '../../domain/reports/bodies';
import type { Block, DocSection, RenderDoc } from '../exports/document';
import type { ExportSource } from '../exports/registry';
import { profileDatasets, profileReviewState } from '../../domain/reports/redaction';
import { listedNames } from './listed-names';
import { publicDocument } from '../exports/blocks';
import { formatAmount, formatDate, formatMoney, humanize } from '../exports/present';

/**
 * Reports in the export pipeline (API-CONTRACT §19, formats and profiles of §14). The bundle
 * holds the report's sections re-derived under the export's profile (data redacted, bodies
 * rewritten from it, addresses shortened), and the PDF is written from that bundle only, in
 * plain language a claimant can read, with the recoveries-against-balance chart.
 */
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const s = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
const money = (m: Any | null | undefined) => (m ? formatMoney(m) : '-');
const num = (v: unknown) => Number(v ?? 0);

async function bundleOf(db: Db, row: Export) {
  const r = await db.report.findFirst({ where: { id: row.object_id, org_id: row.org_id, env: row.env } });
  if (!r) throw new Error(`report ${row.object_id} of export ${row.id} not found`);
  const profile = row.redaction_profile as RedactionProfile;
  const hidden = {
    addresses: r.addresses as string[],
    listed_names: profile === 'claimant' ? await listedNames(r, db, r.matter_id) : [],
  };
  const sections = fromStored<ReportSectionOut[]>(r.sections).map((x) => sectionFor(x.key, x.data, profile, hidden));
  const matter = await db.matter.findFirst({
    where: { id: r.matter_id, org_id: r.org_id, env: r.env },
    select: { name: true },
  });
  return {
    object: 'report_bundle',
    bundle_version: 1,
    export: {
      export_id: row.id,
      format: row.format,
      redaction_profile: profile,
      requested_at: row.created_at.toISOString(),
    },
    report: {
      report_id: r.id,
      matter_id: r.matter_id,
      matter_name: matter?.name ?? null,
      type: r.type,
      audience: r.audience,
      claimant_id: r.claimant_id,
      review_state: profileReviewState(r.review_state as Any, profile),
      datasets: profileDatasets(r.datasets as string[], profile),
      created_at: r.created_at.toISOString(),
    },
    sections,
  };
}

/** Blocks that show a section's rows as tables (and the ledger as a chart) under its body. */
function blocksOf(sec: ReportSectionOut): Block[] {
  const d = sec.data as Any;
  const blocks: Block[] = [{ kind: 'text', text: sec.body }];
  if (sec.key === 'judgments') {
    blocks.push({
      kind: 'table',
      columns: ['Case number', 'Court', 'Entered', 'Amount', 'Status'],
      widths: [2, 3, 1.3, 1.8, 1.2],
      rows: (d.judgments ?? []).map((j: Any) => [
        s(j.case_number),
        s(j.court),
        formatDate(j.date_entered),
        money(j.amount),
        humanize(j.status),
      ]),
    });
  } else if (sec.key === 'assets' && d.map_id) {
    blocks.push({
      kind: 'table',
      columns: ['Wallet', 'Network', 'Role'],
      widths: [5, 1.5, 1.5],
      rows: (d.wallets ?? []).map((w: Any) => [s(w.address), s(w.network), humanize(w.role)]),
    });
    // The holdings the map found on those wallets, each in its own unit, with its dollar value.
    if (d.holdings?.length)
      blocks.push({
        kind: 'table',
        columns: ['Wallet', 'Asset', 'Amount', 'USD value'],
        widths: [4, 1.2, 2, 2],
        rows: d.holdings.map((h: Any) => [
          s(h.wallet),
          `${s(h.asset)} (${s(h.network)})`,
          formatAmount(h.amount, h.asset),
          h.usd_value === null || h.usd_value === undefined ? 'not valued' : formatAmount(h.usd_value, 'USD'),
        ]),
      });
  } else if (sec.key === 'actions') {
    blocks.push({
      kind: 'table',
      columns: ['Action', 'Status', 'Priority', 'Due'],
      widths: [5, 1.3, 1.2, 1.5],
      rows: (d.items ?? []).map((a: Any) => [
        s(a.title),
        humanize(a.status),
        humanize(a.priority),
        formatDate(s(a.due_at).slice(0, 10)),
      ]),
    });
  } else if (sec.key === 'packets') {
    blocks.push({
      kind: 'table',
      columns: ['Packet', 'Type', 'Status'],
      widths: [3, 3, 1.5],
      rows: (d.items ?? []).map((p: Any) => [
        s(p.packet_id),
        `${humanize(p.type)} / ${humanize(p.packet_type)}`,
        humanize(p.status),
      ]),
    });
  } else if ((sec.key === 'ledger' || sec.key === 'recoveries') && d.series) {
    const pts: Any[] = d.series.points ?? [];
    blocks.push({
      kind: 'chart',
      title: 'Recoveries against the balance over time',
      unit: s(d.series.currency),
      x: pts.map((p) => formatDate(p.date)),
      series: [
        { label: 'Balance outstanding', color: '#1f4e99', values: pts.map((p) => num(p.balance_outstanding)) },
        { label: 'Recovered to date', color: '#2e8b57', values: pts.map((p) => num(p.recovered)) },
      ],
    });
    blocks.push({
      kind: 'table',
      columns: ['Date', 'Recovered to date', 'Balance outstanding'],
      widths: [1, 1.5, 1.5],
      rows: pts.map((p) => [
        formatDate(p.date),
        formatAmount(p.recovered, d.series.currency),
        formatAmount(p.balance_outstanding, d.series.currency),
      ]),
    });
  } else if (sec.key === 'next_steps' && d.upcoming_deadlines?.length) {
    blocks.push({
      kind: 'table',
      columns: ['Case', 'Date', 'What'],
      widths: [2, 1.2, 4],
      rows: d.upcoming_deadlines.map((x: Any) => [s(x.case_number), formatDate(x.due_date), s(x.title)]),
    });
  }
  return blocks;
}

function documentOf(b: Any): RenderDoc {
  const r: Any = b.report;
  const update = r.type === 'claimant_update';
  const claimant = (b.sections as ReportSectionOut[]).find((x) => x.key === 'your_share')?.data as Any | undefined;
  const sections: DocSection[] = (b.sections as ReportSectionOut[]).map((x) => ({
    title: x.title,
    blocks: blocksOf(x),
  }));
  const profile = s(b.export?.redaction_profile) || 'none';
  return publicDocument(
    {
      title: update ? `Update for ${s(claimant?.claimant?.name) || 'the claimant'}` : 'Campaign brief',
      subtitle: s(r.matter_name),
      showExportId: profile === 'none',
      cover: [
        ...(profile === 'none' ? ([['Report', s(r.report_id)]] as [string, string][]) : []),
        ['Matter', s(r.matter_name)],
        ['Audience', humanize(r.audience)],
        ['Prepared', formatDate(s(r.created_at).slice(0, 10))],
        ['Redaction profile', humanize(profile)],
        [
          'Figures under review',
          r.review_state?.review_required ? 'yes: some figures rest on data still being checked' : 'no',
        ],
      ],
      sections,
    },
    profile,
  );
}

export const reportExportSource: ExportSource = {
  object_type: 'report',
  events: { requested: 'report.export_requested', exported: 'report.exported', failed: 'report.export_failed' },
  read_scope: 'reports:read',
  load: bundleOf,
  shape(bundle, facts) {
    const manifest = {
      object: 'source_manifest',
      report_id: facts.object_id,
      export_id: facts.id,
      sources: [],
      datasets: bundle.report.datasets,
    };
    return { bundle, document: documentOf(bundle), manifest };
  },
};
