import type { Ctx, Db, Tx } from '../../context';
import { notFound } from '../../errors';
import { isId, newId } from '../../ids';
import { toStored } from '../../json';
import type { RedactionProfile } from '../../domain/packets/redaction';
import { sectionFor } from '../../domain/reports/bodies';
import { AUDIENCE_PROFILE, orderSections, strictestProfile, type ReportAudience } from '../../domain/reports/sections';
import { recordChange } from '../audit/append';
import { reviewState } from '../crypto/serialize';
import { requestExport } from '../exports/exports';
import { loadMatter, loadOwned } from '../matters/access';
import { briefData, claimantData, type Collected } from './matter-data';
import { listedNames } from './listed-names';
import { profileDatasets, profileReviewState } from '../../domain/reports/redaction';
import { reportEventData, reportOut } from './serialize';
import { newest } from '../paging';

/** A report the caller may see; anything else (bad id, other tenant, hidden matter) is 404. */
export const findReport = (ctx: Ctx, db: Db, id: string) =>
  loadOwned(ctx, 'report', id, isId('report', id), () =>
    db.report.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
  );

async function store(
  ctx: Ctx,
  tx: Tx,
  a: {
    matter_id: string;
    type: 'campaign_brief' | 'claimant_update';
    audience: ReportAudience;
    claimant_id: string | null;
    profile: RedactionProfile;
  },
  c: Collected,
) {
  const addresses = [...c.addresses];
  const hidden = {
    addresses,
    listed_names:
      a.profile === 'claimant' ? await listedNames({ org_id: ctx.org.id, env: ctx.env }, tx, a.matter_id) : [],
  };
  const sections = Object.entries(c.data).map(([key, data]) => sectionFor(key, data!, a.profile, hidden));
  const row = await tx.report.create({
    data: {
      id: newId('report'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: a.matter_id,
      type: a.type,
      audience: a.audience,
      claimant_id: a.claimant_id,
      redaction_profile: a.profile,
      sections: toStored(sections) as object,
      datasets: profileDatasets([...c.datasets].sort(), a.profile),
      addresses,
      review_state: profileReviewState(reviewState([...new Set(c.reasons)]), a.profile),
      created_by: ctx.actor.id,
    },
  });
  await recordChange(ctx, tx, {
    event_type: 'report.created',
    object_type: 'report',
    object_id: row.id,
    matter_id: row.matter_id,
    details: {
      type: row.type,
      audience: row.audience,
      claimant_id: row.claimant_id,
      redaction_profile: row.redaction_profile,
      sections: sections.map((s) => s.key),
    },
    data: reportEventData(row, ctx.origin),
  });
  return reportOut(row, ctx.origin);
}

/**
 * POST /v1/reports/campaign-brief: the chosen sections (all when omitted) read from the
 * matter's modules now, redacted for the audience (internal: none, counsel: external,
 * claimant: claimant) and stored as a snapshot.
 */
export async function createCampaignBrief(
  ctx: Ctx,
  tx: Tx,
  body: { matter_id: string; audience?: ReportAudience; include_sections?: string[] },
) {
  const m = await loadMatter(ctx, tx, body.matter_id, 'matter_id');
  const audience = body.audience ?? 'internal';
  const c = await briefData(ctx, tx, m, orderSections(body.include_sections));
  return store(
    ctx,
    tx,
    { matter_id: m.id, type: 'campaign_brief', audience, claimant_id: null, profile: AUDIENCE_PROFILE[audience] },
    c,
  );
}

/**
 * POST /v1/reports/claimant-update: an update for one claimant of the matter under
 * `redaction_profile` (default claimant). Whatever the profile, only this claimant's share
 * is read into it.
 */
export async function createClaimantUpdate(
  ctx: Ctx,
  tx: Tx,
  body: { matter_id: string; claimant_id: string; redaction_profile?: RedactionProfile },
) {
  const m = await loadMatter(ctx, tx, body.matter_id, 'matter_id');
  const cl = isId('claimant', body.claimant_id)
    ? await tx.claimant.findFirst({
        where: { id: body.claimant_id, matter_id: m.id, org_id: ctx.org.id, env: ctx.env },
      })
    : null;
  if (!cl) throw notFound('claimant', body.claimant_id, 'claimant_id');
  const c = await claimantData(ctx, tx, m, cl);
  return store(
    ctx,
    tx,
    {
      matter_id: m.id,
      type: 'claimant_update',
      audience: 'claimant',
      claimant_id: cl.id,
      profile: body.redaction_profile ?? 'claimant',
    },
    c,
  );
}

/** GET /v1/reports/{id}: the report as snapshotted. */
export async function getReport(ctx: Ctx, db: Db, id: string) {
  return reportOut(await findReport(ctx, db, id), ctx.origin);
}

/**
 * POST /v1/reports/{id}/export: queues the export in the packets' pipeline. The profile is
 * the stricter of the requested one and the report's own, so an export never shows more
 * than the report was made to show (the export object states the profile applied).
 */
export async function exportReport(
  ctx: Ctx,
  tx: Tx,
  id: string,
  body: { format: string; redaction_profile?: RedactionProfile },
) {
  const r = await findReport(ctx, tx, id);
  const profile = strictestProfile(
    r.redaction_profile as RedactionProfile,
    body.redaction_profile ?? (r.redaction_profile as RedactionProfile),
  );
  return requestExport(ctx, tx, {
    object_type: 'report',
    object_id: r.id,
    matter_id: r.matter_id,
    format: body.format,
    redaction_profile: profile,
  });
}

/**
 * The console's Reports panel: a matter's latest reports, newest first, without their
 * content (no REST twin: the REST API reads reports one by one at their content_uri).
 */
export async function listMatterReports(ctx: Ctx, db: Db, matterId: string) {
  const m = await loadMatter(ctx, db, matterId, 'matter_id');
  const rows = await newest(
    20,
    (a) => db.report.findMany({ ...a, where: { ...a.where, org_id: ctx.org.id, env: ctx.env } }),
    { matter_id: m.id },
  );
  return rows.map((r) => {
    const { sections, ...meta } = reportOut(r, ctx.origin);
    return { ...meta, section_keys: sections.map((x) => x.key) };
  });
}
