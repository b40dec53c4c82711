import type { Ctx, Tx } from '../../context';
import { invalidParam } from '../../errors';
import { newId } from '../../ids';
import { exactNumber } from '../../json';
import { isoDate } from '../../domain/judgments/dates';
import { PACKET_FAMILIES, resolvePacketType, type PacketFamily } from '../../domain/packets/families';
import { buildContents, type SourceRefIn } from '../../domain/packets/contents';
import { packetReadiness } from '../../domain/packets/readiness';
import { recordChange } from '../audit/append';
import { loadWritableMatter } from '../matters/access';
import { classifyPacketWallets, exchangeHypotheses, walletDatasets } from './crypto-inputs';
import { findRecipient } from './recipient';
import { readinessInput } from './readiness-inputs';
import { checkGrant, checkJudgment, checkSender, senderOut } from './references';
import { packetEventData, packetOut } from './serialize';

export interface CreatePacketInput {
  matter_id: string;
  judgment_id?: string;
  wallets?: string[];
  packet_type?: string;
  authorized_sender: string;
  legal_authority_id: string;
  source_refs?: SourceRefIn[];
  notes?: string | null;
}

const DEFAULT_REVIEW = { review_required: true, review_status: 'pending', review_owner: null, review_notes: null };

/**
 * Creates a draft packet of `family` (gated). Checks the references (grant in effect, sender,
 * judgment, wallets), builds `contents` from the matter's data, and computes readiness with the
 * family's rules. A readiness failure is an answer (the packet is created, not ready); a bad
 * reference is 400 parameter_invalid naming the field.
 */
export async function createPacket(ctx: Ctx, tx: Tx, family: PacketFamily, input: CreatePacketInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const packetType = resolvePacketType(family, input.packet_type);
  if (!packetType.ok) throw invalidParam('packet_type', packetType.message);
  const grant = await checkGrant(ctx, tx, m.id, input.legal_authority_id);
  const sender = await checkSender(ctx, tx, m.id, input.authorized_sender);
  const judgment = input.judgment_id ? await checkJudgment(ctx, tx, m.id, input.judgment_id) : null;
  const wallets = classifyPacketWallets(input.wallets ?? []);
  const invalid = wallets.findIndex((w) => !w.valid && w.category !== 'sanctioned');
  if (invalid >= 0)
    throw invalidParam(
      `wallets[${(input.wallets ?? []).findIndex((x) => x.trim() === wallets[invalid].input)}]`,
      `'${wallets[invalid].input}' is not a valid wallet address: ${wallets[invalid].note ?? 'unrecognized format'}`,
    );
  const [claimants, hypotheses] = await Promise.all([
    tx.claimant.findMany({ where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env }, orderBy: { id: 'asc' } }),
    exchangeHypotheses(ctx, tx, m.id, wallets),
  ]);
  // The recipient follows the wallets: the exchange their hypotheses point to, or no one.
  const { recipient, target } = await findRecipient(ctx, tx, m.id, family, hypotheses);
  const sourceRefs = input.source_refs ?? [];
  const walletRows = wallets.map((w) => ({
    input: w.input,
    address: w.address,
    network: w.network,
    valid: w.valid,
    category: w.category,
    exchange: w.exchange,
    sanctions: w.ofac.map((o) => ({ sdn_name: o.sdn_name, programs: o.programs })),
    note: w.note,
  }));
  const contents = buildContents({
    type: family,
    packet_type: packetType.value,
    matter: {
      matter_id: m.id,
      name: m.name,
      mode: m.mode,
      lead_counsel: m.lead_counsel,
      economics: m.economics,
      notes: m.notes,
    },
    judgment: judgment
      ? {
          judgment_id: judgment.id,
          court: judgment.court,
          case_number: judgment.case_number,
          jurisdiction: judgment.jurisdiction,
          date_entered: isoDate(judgment.date_entered),
          creditor: judgment.creditor,
          debtor: judgment.debtor,
          amount: {
            amount: exactNumber(judgment.amount),
            amount_decimal: judgment.amount.toFixed(),
            currency: judgment.currency,
          },
          status: judgment.status,
          source_refs: judgment.source_refs as unknown as SourceRefIn[],
        }
      : null,
    claimants: claimants.map((c) => ({ claimant_id: c.id, name: c.name, role: c.role, economics: c.economics })),
    grant: {
      authority_id: grant.id,
      basis: grant.basis,
      granted_by: grant.granted_by,
      effective_at: grant.effective_at.toISOString(),
      expires_at: grant.expires_at?.toISOString() ?? null,
      source_refs: grant.source_refs as unknown as SourceRefIn[],
    },
    sender: senderOut(sender),
    wallets: walletRows,
    exchange_hypotheses: hypotheses,
    source_refs: sourceRefs,
    notes: input.notes ?? null,
    datasets: walletDatasets(wallets),
    recipient: recipient
      ? { counterparty_name: recipient.counterparty_name, channel_type: recipient.channel_type }
      : null,
  });
  const readiness = packetReadiness(
    readinessInput({
      type: family,
      packet_type: packetType.value,
      sender_roles: sender.roles,
      source_refs: sourceRefs,
      grant,
      judgment,
      wallets: walletRows,
      recipient,
      recipient_target: target,
    }),
  );
  const id = newId('packet');
  const row = await tx.packet.create({
    data: {
      id,
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: m.id,
      judgment_id: judgment?.id ?? null,
      type: family,
      packet_type: packetType.value,
      authorized_sender: senderOut(sender),
      sender_user_id: sender.id,
      legal_authority_id: grant.id,
      wallets: walletRows.map((w) => w.address),
      recipient: recipient ? { ...recipient } : undefined,
      contents: { ...(contents as object), recipient_target: target } as object,
      readiness: readiness as object,
      review_state: DEFAULT_REVIEW,
      source_refs: sourceRefs as object[],
      notes: input.notes ?? null,
      audit: {
        request_id: ctx.requestId,
        actor_id: ctx.actor.id,
        organization_id: ctx.org.id,
        matter_id: m.id,
        timestamp: new Date().toISOString(),
      },
    },
  });
  const out = packetOut(row);
  await recordChange(ctx, tx, {
    event_type: 'packet.created',
    object_type: 'packet',
    object_id: id,
    matter_id: m.id,
    details: {
      type: family,
      packet_type: packetType.value,
      ready: readiness.ready,
      missing_items: readiness.missing_items,
      wallets: walletRows.length,
      path: PACKET_FAMILIES[family].path,
    },
    data: packetEventData(out),
  });
  return out;
}
