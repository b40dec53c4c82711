import type { Ctx, Db } from '../../context';
import { actorGrants } from '../../auth/require-scope';
import { ops } from '../../operations';
import { matterFilter } from '../matters/access';
import { containsText } from '../text-filter';

/** `vasp_legal_process` → `VASP legal process` (the palette's labels read like the console's). */
const ACRONYMS = new Set(['vasp', 'ofac', 'usd', 'eth', 'btc', 'api', 'pdf', 'kyc', 'evm']);
const humanize = (s: string) =>
  s
    .split('_')
    .map((w, i) => (ACRONYMS.has(w) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');

/** One hit of the console's command palette: what it is, what it is called, where it opens. */
export interface SearchHit {
  kind: 'matter' | 'judgment' | 'wallet' | 'packet' | 'action' | 'alert';
  id: string;
  title: string;
  detail: string;
  href: string;
}

/** Hits per kind; six kinds make at most 36 rows, enough to pick from and cheap to fetch. */
export const HITS_PER_KIND = 6;

/**
 * The command palette's search over matters, judgments, wallets, packets, actions and alerts.
 * Each kind is searched only when the actor holds the scope its REST list requires (the same
 * check, actorGrants), and every query is held to the caller's organization, environment and
 * the matters a restricted session may see (matterFilter), as the REST lists are. A kind the
 * actor may not read is left out, not refused: the palette is one box over everything.
 */
export async function globalSearch(ctx: Ctx, db: Db, text: string): Promise<SearchHit[]> {
  const q = containsText(text);
  const base = { org_id: ctx.org.id, env: ctx.env };
  const inMatters = matterFilter(ctx);
  const may = (scope: string) => actorGrants(ctx.actor, scope);
  const take = HITS_PER_KIND;
  const byId = { id: { startsWith: text } };
  const none = Promise.resolve([] as SearchHit[]);

  const [matters, judgments, wallets, packets, actions, alerts] = await Promise.all([
    may(ops.listMatters.scope)
      ? db.matter
          .findMany({
            where: { ...base, ...(inMatters ? { id: inMatters } : {}), OR: [{ name: q }, byId] },
            orderBy: { id: 'desc' },
            take,
          })
          .then((rows) =>
            rows.map((m): SearchHit => ({
              kind: 'matter',
              id: m.id,
              title: m.name,
              detail: humanize(m.status),
              href: `/matters/${m.id}`,
            })),
          )
      : none,
    may(ops.listJudgments.scope)
      ? db.judgment
          .findMany({
            where: {
              ...base,
              matter_id: inMatters,
              OR: [{ case_number: q }, { debtor: q }, { creditor: q }, { court: q }, byId],
            },
            orderBy: { id: 'desc' },
            take,
          })
          .then((rows) =>
            rows.map((j): SearchHit => ({
              kind: 'judgment',
              id: j.id,
              title: `${j.creditor} v. ${j.debtor}`,
              detail: `${j.case_number} · ${j.court}`,
              href: `/matters/${j.matter_id}/judgments/${j.id}`,
            })),
          )
      : none,
    may(ops.getAttributionGraph.scope)
      ? db.attributionWallet
          .findMany({
            where: { ...base, matter_id: inMatters, OR: [{ address: q }, { address_key: q }, byId] },
            orderBy: { id: 'desc' },
            take,
          })
          .then((rows) =>
            rows.map((w): SearchHit => ({
              kind: 'wallet',
              id: w.id,
              title: w.address,
              detail: `${w.network} · ${humanize(w.role)}`,
              href: `/matters/${w.matter_id}/crypto`,
            })),
          )
      : none,
    may(ops.listPackets.scope)
      ? db.packet
          .findMany({
            where: { ...base, matter_id: inMatters, OR: [{ packet_type: q }, { notes: q }, byId] },
            orderBy: { id: 'desc' },
            take,
          })
          .then((rows) =>
            rows.map((p): SearchHit => ({
              kind: 'packet',
              id: p.id,
              title: `${humanize(p.type)}: ${humanize(p.packet_type)}`,
              detail: humanize(p.status),
              href: `/packets/${p.id}`,
            })),
          )
      : none,
    may(ops.listMatterActions.scope)
      ? db.action
          .findMany({
            where: { ...base, matter_id: inMatters, OR: [{ title: q }, byId] },
            orderBy: { id: 'desc' },
            take,
          })
          .then((rows) =>
            rows.map((a): SearchHit => ({
              kind: 'action',
              id: a.id,
              title: a.title,
              detail: `${humanize(a.status)} · ${humanize(a.priority)}`,
              href: `/actions?matter_id=${a.matter_id}`,
            })),
          )
      : none,
    may(ops.listAlerts.scope)
      ? db.alert
          .findMany({
            where: { ...base, matter_id: inMatters, OR: [{ reason: q }, { target: q }, byId] },
            orderBy: { id: 'desc' },
            take,
          })
          .then((rows) =>
            rows.map((a): SearchHit => ({
              kind: 'alert',
              id: a.id,
              title: humanize(a.type),
              detail: `${humanize(a.severity)} · ${a.target}`,
              href: `/alerts/${a.id}`,
            })),
          )
      : none,
  ]);
  return [...matters, ...judgments, ...wallets, ...packets, ...actions, ...alerts];
}
