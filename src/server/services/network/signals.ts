import type { Ctx, Db, Tx } from '../../context';
import { invalidParam, notFound } from '../../errors';
import { isId, newId } from '../../ids';
import { correlation, redactionProblem, signalLevel } from '../../domain/attribution/network-signals';
import { labelOf } from '../../domain/attribution/confidence';
import { parseAddress, addressKey } from '../../domain/judgments/wallet-address';
import { recordChange } from '../audit/append';
import { loadOwned, loadWritableMatter } from '../matters/access';
import { namedOrImplicitWallets } from '../crypto/wallet-inputs';
import { loopYield } from '../loop-yield';
import { isCounselOnly, legalProcessSeal, normalizeRestrictions, signalOut, visibleTo } from './privacy';

export interface SignalInput {
  matter_id: string;
  signal_type: string;
  source: string;
  wallet_address?: string;
  legal_process_id?: string;
  raw_value_redacted?: string;
  timestamp?: string;
  privacy_restrictions?: string[];
}

interface SignalBody {
  object: 'network_attribution_signal';
  network_attribution_id: string;
  matter_id: string;
  wallet_address: string | null;
  signal_type: string;
  source: string;
  legal_process_id: string | null;
  raw_value_redacted: string | null;
  timestamp: string | null;
  privacy_restrictions: string[];
  confidence_level: string;
  confidence_basis: string[];
  review_required: true;
  created_at: string;
  /** Keys the audit chain's HMAC of legal_process_id (privacy.ts); never answered. */
  legal_process_seal_key?: string;
}

/** Every free-text field of a signal, as `[param, value]`: each must be redacted. */
const freeText = (input: SignalInput): [string, string | undefined][] => [
  ['signal_type', input.signal_type],
  ['source', input.source],
  ['raw_value_redacted', input.raw_value_redacted],
  ['legal_process_id', input.legal_process_id],
  ...(input.privacy_restrictions ?? []).map((r, i): [string, string] => [`privacy_restrictions[${i}]`, r]),
];

/** Has the wallet an on-chain link on the matter (an imported wallet, or an onchain claim)? */
async function onchainLink(ctx: Ctx, db: Db, matterId: string, key: string) {
  const [w, c] = await Promise.all([
    db.attributionWallet.findFirst({
      where: { matter_id: matterId, org_id: ctx.org.id, env: ctx.env, address_key: key },
    }),
    db.attributionClaim.findFirst({
      where: {
        matter_id: matterId,
        org_id: ctx.org.id,
        env: ctx.env,
        source_type: 'onchain',
        OR: [{ subject: { equals: key, mode: 'insensitive' } }, { object: { equals: key, mode: 'insensitive' } }],
      },
    }),
  ]);
  return !!(w || c);
}

/**
 * Records a network attribution signal (net_, 201). Every free-text field must be redacted (a
 * full IPv4/IPv6/MAC address or email in any notation is 400, redaction.ts). `confidence_level`
 * follows §17: L1 with a legal process, L2 when a signal from another independent source names
 * the same wallet, L3 when that wallet also has an on-chain link on the matter. A signal alone
 * always needs review (rule 2). The audit chain gets the legal process only as a keyed hash,
 * and no free text of a `counsel_only` signal (privacy.ts).
 */
export async function createSignal(ctx: Ctx, tx: Tx, input: SignalInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  for (const [param, v] of freeText(input)) {
    const problem = v ? redactionProblem(v) : null;
    if (problem) throw invalidParam(param, `${param} ${problem}.`);
  }
  const restrictions = normalizeRestrictions(input.privacy_restrictions);
  let wallet: string | null = null;
  if (input.wallet_address) {
    const p = parseAddress(input.wallet_address);
    if (!p.valid) throw invalidParam('wallet_address', p.note ?? 'Not a valid address.');
    wallet = p.address;
  }
  const others = wallet
    ? (
        await tx.networkAttribution.findMany({
          where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env, kind: 'signal' },
        })
      )
        .map((r) => r.body as unknown as SignalBody)
        .filter(
          (b) =>
            b.wallet_address &&
            addressKey(b.wallet_address) === addressKey(wallet!) &&
            b.source.trim().toLowerCase() !== input.source.trim().toLowerCase(),
        )
    : [];
  const linked = wallet ? await onchainLink(ctx, tx, m.id, addressKey(wallet)) : false;
  const level = signalLevel({
    legal_process_id: input.legal_process_id ?? null,
    corroborated: others.length > 0,
    onchain_link: linked,
  });
  const basis = [
    input.legal_process_id ? `obtained by legal process ${input.legal_process_id}` : 'no legal process named',
    // A counsel-only signal corroborates, but its source is not written into other signals.
    others.length
      ? `corroborated by ${others.map((o) => `${o.network_attribution_id} (${isCounselOnly(o) ? 'restricted to counsel' : o.source})`).join(', ')}`
      : 'no independent corroboration',
    linked ? 'wallet has an on-chain link on the matter' : 'no on-chain link recorded',
  ];
  const id = newId('network_attribution');
  const seal = input.legal_process_id ? legalProcessSeal(input.legal_process_id) : null;
  const body: SignalBody = {
    object: 'network_attribution_signal',
    network_attribution_id: id,
    matter_id: m.id,
    wallet_address: wallet,
    signal_type: input.signal_type,
    source: input.source,
    legal_process_id: input.legal_process_id ?? null,
    raw_value_redacted: input.raw_value_redacted ?? null,
    timestamp: input.timestamp ? new Date(input.timestamp).toISOString() : null,
    privacy_restrictions: restrictions,
    confidence_level: level,
    confidence_basis: basis,
    review_required: true,
    created_at: new Date().toISOString(),
    ...(seal ? { legal_process_seal_key: seal.key } : {}),
  };
  await tx.networkAttribution.create({
    data: { id, org_id: ctx.org.id, env: ctx.env, matter_id: m.id, kind: 'signal', body: body as never },
  });
  await recordChange(ctx, tx, {
    event_type: 'network_attribution.signal_recorded',
    object_type: 'network_attribution',
    object_id: id,
    matter_id: m.id,
    details: {
      ...(isCounselOnly(body) ? {} : { signal_type: body.signal_type, source: body.source }),
      confidence_level: level,
      counsel_only: isCounselOnly(body),
      legal_process_ref: seal?.ref ?? null,
    },
  });
  return signalOut(body);
}

/**
 * Correlates signals with wallets (net_): one correlation per wallet and signal naming it (or
 * every pair when the signal names no wallet). Never standalone proof: with only network
 * signals, `review_required` is true and the label never passes weak_signal. Signals the
 * caller may not see (counsel_only) are left out and counted in `signals_withheld`; a
 * correlation that uses one carries `counsel_only` itself.
 */
export async function correlate(
  ctx: Ctx,
  tx: Tx,
  input: { matter_id: string; wallet_ids?: string[]; signal_ids?: string[] },
) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const scope = { matter_id: m.id, org_id: ctx.org.id, env: ctx.env };
  const wallets = await namedOrImplicitWallets(ctx, tx, m.id, input.wallet_ids);
  const stored = (
    await tx.networkAttribution.findMany({ where: { ...scope, kind: 'signal' }, orderBy: { id: 'asc' } })
  ).map((r) => r.body as unknown as SignalBody);
  const allSignals = stored.filter((b) => visibleTo(ctx, b));
  const signals = input.signal_ids?.length
    ? input.signal_ids.map(
        (id, i) =>
          allSignals.find((s) => s.network_attribution_id === id) ??
          (() => {
            throw invalidParam(`signal_ids[${i}]`, `No network signal '${id}' on this matter.`);
          })(),
      )
    : allSignals;
  const claims = await tx.attributionClaim.findMany({ where: { ...scope, NOT: { source_type: 'network_signal' } } });
  // The claims naming each address, filed once (not a scan of every claim per wallet and signal).
  const claimsOf = new Map<string, { claim_id: string; source_type: string; label: string }[]>();
  for (const c of claims) {
    for (const key of new Set([addressKey(c.subject), addressKey(c.object)])) {
      const list = claimsOf.get(key) ?? [];
      list.push({ claim_id: c.id, source_type: c.source_type, label: labelOf(Number(c.confidence)) });
      claimsOf.set(key, list);
    }
  }
  const correlations = [];
  const pause = loopYield();
  for (const s of signals) {
    await pause();
    const targets = s.wallet_address ? wallets.filter((w) => w.address_key === addressKey(s.wallet_address!)) : wallets;
    for (const w of targets) {
      const supporting = claimsOf.get(w.address_key) ?? [];
      correlations.push({
        ...correlation({
          subject: w.address,
          signal_id: s.network_attribution_id,
          level: s.confidence_level as never,
          signal_type: s.signal_type,
          source: s.source,
          supporting_claims: supporting,
        }),
        wallet_id: w.id,
      });
    }
  }
  const id = newId('network_attribution');
  const body = {
    object: 'network_correlation' as const,
    network_attribution_id: id,
    matter_id: m.id,
    correlations,
    review_required: correlations.length === 0 || correlations.some((c) => c.review_required),
    rule: 'A network signal is never standalone proof (specification rule 2): correlations resting only on network signals stay weak_signal and review_required.',
    privacy_restrictions: [...new Set(signals.flatMap((s) => s.privacy_restrictions))],
    legal_process_ids: [...new Set(signals.map((s) => s.legal_process_id).filter((x): x is string => !!x))],
    signals_withheld: input.signal_ids?.length ? 0 : stored.length - allSignals.length,
    created_at: new Date().toISOString(),
  };
  await tx.networkAttribution.create({
    data: { id, org_id: ctx.org.id, env: ctx.env, matter_id: m.id, kind: 'correlation', body: body as never },
  });
  await recordChange(ctx, tx, {
    event_type: 'network_attribution.correlated',
    object_type: 'network_attribution',
    object_id: id,
    matter_id: m.id,
    details: {
      correlations: correlations.length,
      review_required: body.review_required,
      counsel_only: isCounselOnly(body),
    },
  });
  return body;
}

/** A signal or a correlation result (`object` tells which); a counsel-only one is 404 to others. */
export async function getNetworkAttribution(ctx: Ctx, db: Db, id: string) {
  const row = await loadOwned(ctx, 'network attribution', id, isId('network_attribution', id), () =>
    db.networkAttribution.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
  );
  const body = row.body as Record<string, unknown>;
  if (!visibleTo(ctx, body)) throw notFound('network attribution', id);
  return signalOut(body);
}
