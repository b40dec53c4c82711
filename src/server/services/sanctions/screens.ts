import type { Ctx, Tx } from '../../context';
import { ApiError } from '../../errors';
import { newId } from '../../ids';
import type { Subjects } from '../../domain/sanctions/screen';
import { recordChange } from '../audit/append';
import { loadWritableMatter } from '../matters/access';
import { eventData } from '../judgments/serialize';
import { today } from '../judgments/rules-context';
import { matterPause } from './pause';
import { screenOffThread } from './screen-thread';
import { screenOut } from './serialize';
import { matterChanged } from '../matters/matter-cache';

export interface ScreenInput {
  matter_id: string;
  wallets?: string[];
  entities?: string[];
  counterparties?: string[];
}

/**
 * Screens and records (inside the caller's transaction) the subjects of one matter: writes the
 * screen row, its audit event, `sanctions.screened` and, when anything matched,
 * `sanctions.match_found`. Shared by the screen operation and the sanctions-review packet.
 */
export async function recordScreen(
  ctx: Ctx,
  tx: Tx,
  matterId: string,
  subjects: Required<Subjects>,
  source: 'screen' | 'sanctions_review_packet',
) {
  const result = await screenOffThread(subjects, today());
  matterChanged(tx, matterId);
  const row = await tx.sanctionsScreen.create({
    data: {
      id: newId('sanctions_review'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: matterId,
      status: result.status,
      matches: JSON.parse(JSON.stringify(result.matches)),
      subjects,
      datasets: result.datasets,
      review_reasons: result.review_reasons,
      source,
    },
  });
  const { paused } = await matterPause(ctx, tx, matterId);
  const out = screenOut(row, paused);
  const details = { status: row.status, matches: result.matches.length, source, ordinary_collection_paused: paused };
  await recordChange(ctx, tx, {
    event_type: 'sanctions.screened',
    object_type: 'sanctions_screen',
    object_id: row.id,
    matter_id: matterId,
    details,
    data: eventData(out),
  });
  if (result.matches.length) {
    await recordChange(ctx, tx, {
      event_type: 'sanctions.match_found',
      object_type: 'sanctions_screen',
      object_id: row.id,
      matter_id: matterId,
      details,
      data: eventData(out),
    });
  }
  return { row, out };
}

/**
 * POST /v1/sanctions/screen: wallets against the OFAC digital-currency addresses (network-aware,
 * EVM case-normalized), entities and counterparties against the SDN names (exact after
 * normalization = match, fuzzy = potential_match). Answers the screen with the matter's
 * `ordinary_collection_paused` after it.
 */
export async function createScreen(ctx: Ctx, tx: Tx, input: ScreenInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const subjects = {
    wallets: input.wallets ?? [],
    entities: input.entities ?? [],
    counterparties: input.counterparties ?? [],
  };
  if (!subjects.wallets.length && !subjects.entities.length && !subjects.counterparties.length) {
    throw new ApiError(
      'parameter_missing',
      'Give at least one subject to screen: wallets, entities or counterparties.',
      { param: 'wallets' },
    );
  }
  return (await recordScreen(ctx, tx, m.id, subjects, 'screen')).out;
}
