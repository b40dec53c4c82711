import type { Ctx, Db, Tx } from '../../context';
import { ApiError, invalidParam } from '../../errors';
import { isId, newId } from '../../ids';
import { defaultNetwork, isNetwork, walletFor, type ChainNetwork } from '../../domain/crypto/networks';
import { parseAddress } from '../../domain/judgments/wallet-address';
import { certificateDecision } from '../../domain/issuer/remediation';
import { screenWallet } from '../../domain/sanctions/screen';
import { recordChange } from '../audit/append';
import { loadOwned, loadWritableMatter } from '../matters/access';
import { newest } from '../paging';
import { addressIndex } from '../sanctions/address-data';
import { certificateOut } from './serialize';

export interface CertificateInput {
  matter_id: string;
  wallet_address: string;
  network?: string;
  purpose: string;
  owner: string;
  custodian: string;
  signer_model: string;
  allowed_assets?: string[];
}

/**
 * Creates a destination wallet certificate (dwc_, gated). The wallet is screened against the
 * shipped OFAC address lists at once, so `sanctions_screen_complete` is true from the start;
 * `approval_status` is `pending` until counsel decides it in the console.
 */
export async function createCertificate(ctx: Ctx, tx: Tx, input: CertificateInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  let network: ChainNetwork;
  if (input.network !== undefined) {
    if (!isNetwork(input.network)) throw invalidParam('network', `Unknown network '${input.network}'.`);
    network = input.network;
  } else {
    const dflt = defaultNetwork(parseAddress(input.wallet_address));
    if (!dflt) throw invalidParam('wallet_address', `'${input.wallet_address}' is not a valid wallet address.`);
    network = dflt;
  }
  const ref = walletFor(input.wallet_address, network);
  if ('error' in ref) throw invalidParam('wallet_address', ref.error);
  const matches = screenWallet(addressIndex(), ref.address);
  const now = new Date();
  const row = await tx.destinationWalletCertificate.create({
    data: {
      id: newId('destination_wallet'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: m.id,
      wallet_address: ref.address,
      network,
      purpose: input.purpose,
      owner: input.owner,
      custodian: input.custodian,
      signer_model: input.signer_model,
      allowed_assets: [...new Set((input.allowed_assets ?? []).map((a) => a.toUpperCase()))],
      sanctions_screen_complete: true,
      screen_status: matches.length ? 'match' : 'clear',
      screen_matches: matches as object[],
      screened_at: now,
    },
  });
  const out = certificateOut(row);
  await recordChange(ctx, tx, {
    event_type: 'destination_wallet_certificate.created',
    object_type: 'destination_wallet_certificate',
    object_id: row.id,
    matter_id: m.id,
    details: {
      wallet_address: row.wallet_address,
      network,
      sanctions_screen_status: row.screen_status,
      sdn_names: matches.map((x) => x.sdn_name),
    },
  });
  return out;
}

/** A certificate the actor may see (404 otherwise). */
export async function findCertificate(ctx: Ctx, db: Db, id: string, param?: string) {
  return loadOwned(
    ctx,
    'destination wallet certificate',
    id,
    isId('destination_wallet', id),
    () => db.destinationWalletCertificate.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
    param,
  );
}

/** Certificates of a matter, newest first (console), walking its (matter_id, id) index (paging.ts). */
export async function listCertificates(ctx: Ctx, db: Db, matterId: string) {
  const rows = await newest(
    200,
    (a) => db.destinationWalletCertificate.findMany({ ...a, where: { ...a.where, org_id: ctx.org.id, env: ctx.env } }),
    { matter_id: matterId },
  );
  return rows.map(certificateOut);
}

/**
 * Counsel's decision on a certificate (console only; the caller checks the role): pending →
 * approved | rejected. `approved` needs a complete, clear screen: the wallet is screened again
 * against the current lists, and a listed wallet's certificate can never be approved.
 */
export async function decideCertificate(
  ctx: Ctx,
  tx: Tx,
  id: string,
  input: { decision: 'approved' | 'rejected'; reason?: string | null },
) {
  const c = await findCertificate(ctx, tx, id, 'destination_wallet_id');
  await loadWritableMatter(ctx, tx, c.matter_id);
  const matches = screenWallet(addressIndex(), c.wallet_address);
  const screen_status = matches.length || c.screen_status === 'match' ? 'match' : 'clear';
  const verdict = certificateDecision(
    { approval_status: c.approval_status, sanctions_screen_complete: c.sanctions_screen_complete, screen_status },
    input.decision,
  );
  if (!verdict.ok)
    throw new ApiError(verdict.code, verdict.message, {
      details: { approval_status: c.approval_status, sanctions_screen_status: screen_status },
    });
  const done = await tx.destinationWalletCertificate.updateMany({
    where: { id: c.id, approval_status: 'pending' },
    data: {
      approval_status: input.decision,
      decided_by: ctx.actor.id,
      decided_at: new Date(),
      decision_reason: input.reason?.trim() || null,
      screen_status,
      screen_matches: (matches.length ? matches : c.screen_matches) as object[],
    },
  });
  if (!done.count) throw new ApiError('conflict', 'The certificate changed concurrently; reload and retry.');
  const out = certificateOut((await tx.destinationWalletCertificate.findUnique({ where: { id: c.id } }))!);
  await recordChange(ctx, tx, {
    event_type: 'destination_wallet_certificate.decided',
    object_type: 'destination_wallet_certificate',
    object_id: c.id,
    matter_id: c.matter_id,
    details: { decision: input.decision, reason: out.decision_reason, sanctions_screen_status: screen_status },
  });
  return out;
}
