import type { Ctx, Db, Tx } from '../../context';
import { ApiError, invalidParam, invalidTransition } from '../../errors';
import { isId, newId } from '../../ids';
import { normalizeDecimal } from '../../json';
import { dec } from '../../domain/judgments/decimal';
import { isNetwork, type ChainNetwork } from '../../domain/crypto/networks';
import type { Stablecoin } from '../../domain/crypto/stablecoins';
import {
  burnReissueReadiness,
  certificateCovers,
  chooseToken,
  initialStatus,
  issuerFacts,
  nextStatuses,
  parseTokenChoice,
  type ActionType,
  type RemediationStatus,
} from '../../domain/issuer/remediation';
import type { SourceRefIn } from '../../domain/packets/contents';
import { recordChange } from '../audit/append';
import { loadOwned, loadWritableMatter } from '../matters/access';
import { assertMatterAuthority } from '../matters/gate';
import { assertCollectionNotPaused } from '../sanctions/pause';
import { checkGrant, checkJudgment, checkSender } from '../packets/references';
import { stablecoinIndex } from '../crypto/reference-data';
import { computeStablecoinExposure } from '../crypto/stablecoin-exposure';
import { displayAddress, resolveWallets, type ResolvedWallet } from '../crypto/wallet-inputs';
import { eventData } from '../judgments/serialize';
import { requestExport } from '../exports/exports';
import { remediationOut, type StoredHolding } from './serialize';
import { newest } from '../paging';

export interface RemediationPacketInput {
  matter_id: string;
  judgment_id?: string;
  wallets?: string[];
  packet_type?: string;
  authorized_sender: string;
  legal_authority_id: string;
  source_refs?: SourceRefIn[];
  notes?: string | null;
}

const typesOf = (refs: unknown) =>
  (Array.isArray(refs) ? refs : []).map((r) => String((r as { source_type?: unknown }).source_type ?? ''));

/**
 * What the wallets hold of `coin`, with the issuer's check function read on-chain where the
 * chain source can (evm_rpc). Reads only: a wallet that holds none still gets its status read
 * note, and its amount is 0.
 */
export async function remediationHoldings(
  ctx: Ctx,
  db: Db,
  coin: Stablecoin,
  wallets: ResolvedWallet[],
): Promise<StoredHolding[]> {
  const mine = wallets.filter((w) => w.network === coin.network);
  const items = await computeStablecoinExposure(ctx, db, { wallets: mine, assets: [coin.ticker] });
  return mine.map((w) => {
    const wallet = displayAddress(w.key);
    const item = items.find((i) => i.wallet === wallet && i.asset === coin.ticker);
    if (!item)
      return {
        wallet,
        amount: '0',
        onchain_status: null,
        status_note: `${wallet} holds no ${coin.ticker} on ${coin.network} per the chain source.`,
      };
    const note = item.onchain_status
      ? null
      : (item.freeze_capability_notes
          .split('. ')
          .find((s) => /cannot read|could not be read|No check function/.test(s)) ?? null);
    return { wallet, amount: String(item.amount), onchain_status: item.onchain_status, status_note: note };
  });
}

/** Every (asset, network) of a freezable stablecoin that the wallets hold. */
async function heldStablecoins(ctx: Ctx, db: Db, wallets: ResolvedWallet[]) {
  const items = await computeStablecoinExposure(ctx, db, { wallets });
  return items.filter((i) => i.remediation_candidates.length).map((i) => ({ asset: i.asset, network: i.network }));
}

/**
 * Creates an issuer remediation packet (gated): `freeze_only` from the freeze packet,
 * `burn_reissue` from the burn/reissue packet. Picks the token (packet_type or the one
 * freezable stablecoin held), names the issuer, contract, freeze and check functions from the
 * shipped issuer data, the amount held and the on-chain status. A burn/reissue needs an
 * approved destination wallet certificate on the matter and a court order (409
 * packet_not_ready). Issuer data left unverified sets review_required. Nothing is signed.
 */
export async function createRemediation(ctx: Ctx, tx: Tx, action: ActionType, input: RemediationPacketInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const grant = await checkGrant(ctx, tx, m.id, input.legal_authority_id);
  const sender = await checkSender(ctx, tx, m.id, input.authorized_sender);
  const judgment = input.judgment_id ? await checkJudgment(ctx, tx, m.id, input.judgment_id) : null;
  const choice = input.packet_type?.trim() ? parseTokenChoice(input.packet_type) : null;
  if (choice?.network && !isNetwork(choice.network))
    throw invalidParam('packet_type', `Unknown network '${choice.network}' in packet_type '${input.packet_type}'.`);
  const wallets = await resolveWallets(
    ctx,
    tx,
    m.id,
    input.wallets,
    choice?.network ? [choice.network as ChainNetwork] : undefined,
  );
  const coins = stablecoinIndex().all;
  const held = await heldStablecoins(ctx, tx, wallets);
  const picked = chooseToken(input.packet_type, held, coins, [...new Set(wallets.map((w) => w.network))]);
  if (!picked.ok) throw invalidParam('packet_type', picked.message);
  const coin = picked.coin;
  const facts = issuerFacts(coin, action);
  const holdings = await remediationHoldings(ctx, tx, coin, wallets);
  const reasons = [...facts.review_reasons];
  if (!holdings.length)
    reasons.push(
      `No wallet of the packet is on ${coin.network}: name the holder's ${coin.network} address in wallets.`,
    );
  if (holdings.length && holdings.every((h) => h.onchain_status === null))
    reasons.push(
      `The on-chain ${facts.functions.check_function ?? 'freeze'} status was not read: confirm it with the issuer.`,
    );
  const amount = normalizeDecimal(holdings.reduce((s, h) => s.plus(dec(h.amount)), dec(0)).toFixed());
  const sourceRefs = input.source_refs ?? [];

  let certificateId: string | null = null;
  let readiness: {
    ready: boolean;
    missing_items: string[];
    checks: { check: string; status: 'pass' | 'fail'; reason: string }[];
  } = { ready: true, missing_items: [], checks: [] };
  if (action === 'burn_reissue') {
    const certs = await tx.destinationWalletCertificate.findMany({
      where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env, approval_status: 'approved', screen_status: 'clear' },
      orderBy: { id: 'desc' },
    });
    const cert = certs.find((c) => certificateCovers(c.allowed_assets as string[], coin.ticker)) ?? null;
    readiness = burnReissueReadiness({
      certificate: cert
        ? {
            id: cert.id,
            approval_status: cert.approval_status,
            screen_status: cert.screen_status,
            allowed_assets: cert.allowed_assets as string[],
          }
        : null,
      asset: coin.ticker,
      source_types: typesOf(sourceRefs),
      grant_basis: grant.basis,
      grant_source_types: typesOf(grant.source_refs),
    });
    if (!readiness.ready) {
      throw new ApiError(
        'packet_not_ready',
        `The burn/reissue packet is not ready: ${readiness.checks
          .filter((c) => c.status === 'fail')
          .map((c) => c.reason)
          .join(' ')}`,
        { details: { missing_items: readiness.missing_items } },
      );
    }
    certificateId = cert!.id;
  } else {
    readiness.checks.push({
      check: 'freeze_function',
      status: facts.functions.freeze_function ? 'pass' : 'fail',
      reason: facts.functions.freeze_function
        ? `${coin.issuer} can freeze with ${facts.functions.freeze_function}.`
        : `The issuer data names no freeze function for ${coin.ticker} on ${coin.network}.`,
    });
    readiness.ready = !!facts.functions.freeze_function;
    readiness.missing_items = readiness.ready ? [] : ['freeze_function'];
  }

  const id = newId('remediation');
  const status = initialStatus(action);
  const row = await tx.issuerRemediation.create({
    data: {
      id,
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: m.id,
      action_type: action,
      status,
      issuer: facts.issuer,
      asset: facts.asset,
      network: facts.network,
      contract: facts.contract,
      functions: facts.functions as object,
      holdings: holdings as object[],
      amount,
      destination_wallet_certificate_id: certificateId,
      packet: {
        judgment_id: judgment?.id ?? null,
        authorized_sender: sender.id,
        legal_authority_id: grant.id,
        wallets: wallets.map((w) => displayAddress(w.key)),
        source_refs: sourceRefs as object[],
        notes: input.notes ?? null,
        packet_type: input.packet_type?.trim() || null,
      },
      contents: {
        matter: { matter_id: m.id, name: m.name },
        judgment: judgment
          ? {
              judgment_id: judgment.id,
              court: judgment.court,
              case_number: judgment.case_number,
              debtor: judgment.debtor,
            }
          : null,
        request:
          action === 'freeze_only'
            ? `Freeze the listed holders' ${coin.ticker} on ${coin.network} with ${facts.functions.freeze_function ?? "the issuer's freeze procedure"}; confirm with ${facts.functions.check_function ?? 'the issuer'}.`
            : `Burn the frozen ${coin.ticker} on ${coin.network} and reissue the same amount to destination wallet certificate ${certificateId}, under the cited court order.`,
        signing: 'The service prepares this packet only; the issuer signs and sends every transaction.',
      },
      readiness: readiness as object,
      review_required: reasons.length > 0,
      review_reasons: reasons,
      history: [{ from: 'none', to: status, by: ctx.actor.id, at: new Date().toISOString(), notes: null }],
    },
  });
  const out = remediationOut(row);
  await recordChange(ctx, tx, {
    event_type: 'issuer_remediation.created',
    object_type: 'issuer_remediation',
    object_id: id,
    matter_id: m.id,
    details: {
      action_type: action,
      issuer: facts.issuer,
      asset: facts.asset,
      network: facts.network,
      contract: facts.contract,
      amount,
      destination_wallet_certificate_id: certificateId,
    },
    data: eventData(out),
  });
  return out;
}

/** A remediation the actor may see (404 otherwise). */
export async function findRemediation(ctx: Ctx, db: Db, id: string, param?: string) {
  return loadOwned(
    ctx,
    'issuer remediation',
    id,
    isId('remediation', id),
    () => db.issuerRemediation.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
    param,
  );
}

/** GET /v1/issuer-remediation/{remediation_id}. */
export async function getRemediation(ctx: Ctx, db: Db, id: string) {
  return remediationOut(await findRemediation(ctx, db, id));
}

/** Remediations of a matter, newest first (console). */
export async function listRemediations(ctx: Ctx, db: Db, matterId: string) {
  const rows = await newest(
    200,
    (a) => db.issuerRemediation.findMany({ ...a, where: { ...a.where, org_id: ctx.org.id, env: ctx.env } }),
    { matter_id: matterId },
  );
  return rows.map(remediationOut);
}

/**
 * Moves a remediation one stage (console only): freeze_requested → frozen → burn_requested →
 * burned → reissued → remitted → closed, any open stage → rejected. Recording a stage records
 * what the issuer did; the service itself never signs. Moving into burn_requested needs an
 * approved, clear destination wallet certificate on the matter and a court order, as the
 * burn/reissue packet does. Writes issuer_remediation.updated.
 */
export async function moveRemediation(
  ctx: Ctx,
  tx: Tx,
  id: string,
  input: { status: RemediationStatus; notes?: string | null },
) {
  const r = await findRemediation(ctx, tx, id, 'remediation_id');
  await loadWritableMatter(ctx, tx, r.matter_id);
  // A forward move records a collection act: it needs authority in effect and no sanctions
  // pause, as the packets do. Rejecting or closing stops the work, so it is always allowed.
  if (input.status !== 'rejected' && input.status !== 'closed') {
    await assertMatterAuthority(ctx, tx, r.matter_id);
    await assertCollectionNotPaused(ctx, tx, r.matter_id);
  }
  const from = r.status as RemediationStatus;
  const allowed = nextStatuses(from, r.action_type as ActionType);
  if (!allowed.includes(input.status)) throw invalidTransition('issuer remediation', from, input.status, allowed);
  let certificateId = r.destination_wallet_certificate_id;
  let actionType = r.action_type;
  if (input.status === 'burn_requested') {
    const p = r.packet as { legal_authority_id: string; source_refs: unknown[] };
    const [certs, grant] = await Promise.all([
      tx.destinationWalletCertificate.findMany({
        where: {
          matter_id: r.matter_id,
          org_id: ctx.org.id,
          env: ctx.env,
          approval_status: 'approved',
          screen_status: 'clear',
        },
        orderBy: { id: 'desc' },
      }),
      tx.authorityGrant.findFirst({ where: { id: p.legal_authority_id, org_id: ctx.org.id, env: ctx.env } }),
    ]);
    const cert = certs.find((c) => certificateCovers(c.allowed_assets as string[], r.asset)) ?? null;
    const ready = burnReissueReadiness({
      certificate: cert
        ? {
            id: cert.id,
            approval_status: cert.approval_status,
            screen_status: cert.screen_status,
            allowed_assets: cert.allowed_assets as string[],
          }
        : null,
      asset: r.asset,
      source_types: typesOf(p.source_refs),
      grant_basis: grant?.basis ?? 'none',
      grant_source_types: typesOf(grant?.source_refs),
    });
    if (!ready.ready)
      throw new ApiError(
        'packet_not_ready',
        `Cannot request the burn: ${ready.checks
          .filter((c) => c.status === 'fail')
          .map((c) => c.reason)
          .join(' ')}`,
        { details: { missing_items: ready.missing_items } },
      );
    certificateId = cert!.id;
    actionType = 'burn_reissue';
  }
  const now = new Date();
  const history = [
    ...(r.history as object[]),
    { from, to: input.status, by: ctx.actor.id, at: now.toISOString(), notes: input.notes?.trim() || null },
  ];
  const done = await tx.issuerRemediation.updateMany({
    where: { id: r.id, status: from },
    data: { status: input.status, history, destination_wallet_certificate_id: certificateId, action_type: actionType },
  });
  if (!done.count) throw new ApiError('conflict', 'The issuer remediation changed concurrently; reload and retry.');
  const out = remediationOut((await tx.issuerRemediation.findUnique({ where: { id: r.id } }))!);
  await recordChange(ctx, tx, {
    event_type: 'issuer_remediation.updated',
    object_type: 'issuer_remediation',
    object_id: r.id,
    matter_id: r.matter_id,
    details: { from, to: input.status, notes: input.notes?.trim() || null },
    data: eventData(out),
  });
  return out;
}

/** Queues an export of a remediation packet (console): the packets' pipeline and formats (§14).
 *  A collection packet like the others: not exported while collection is paused (§21). */
export async function exportRemediation(
  ctx: Ctx,
  tx: Tx,
  id: string,
  body: { format: string; redaction_profile?: string },
) {
  const r = await findRemediation(ctx, tx, id, 'remediation_id');
  await assertCollectionNotPaused(ctx, tx, r.matter_id, `Exporting issuer remediation ${r.id}`);
  return requestExport(ctx, tx, {
    object_type: 'issuer_remediation',
    object_id: r.id,
    matter_id: r.matter_id,
    format: body.format,
    redaction_profile: body.redaction_profile ?? 'none',
  });
}
