import type { Prisma } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import { listMatterFilter } from '../matters/access';
import { leadOf, newest } from '../paging';
import { PACKET_INDEXES } from './packets';
import { packetOut } from './serialize';

const QUEUE_MAX = 100;

/** The newest packets of a filter, walking the index its filter picks (paging.ts). */
function newestPackets(db: Db, filters: Prisma.PacketWhereInput) {
  const { where, lead } = leadOf(filters, PACKET_INDEXES);
  return newest(QUEUE_MAX, (a) => db.packet.findMany({ ...a, where: { ...a.where, ...where } }), lead);
}

/**
 * Counsel's review queue (console): packets awaiting review first, oldest waiting first, then
 * the rest newest first; filtered by status and type. Bounded to 100 of each part, which is
 * a screen, not an export; the REST list pages through everything. A matter filter follows the
 * REST list's rule: a matter the caller may not see matches nothing.
 */
export async function reviewQueue(ctx: Ctx, db: Db, q: { status?: string; type?: string; matter_id?: string }) {
  const restricted = listMatterFilter(ctx, q.matter_id);
  const base = {
    org_id: ctx.org.id,
    env: ctx.env,
    ...(restricted ? { matter_id: restricted } : {}),
    ...(q.type ? { type: q.type } : {}),
  };
  const awaiting =
    !q.status || q.status === 'in_review'
      ? await db.packet.findMany({
          where: { ...base, status: 'in_review' },
          orderBy: { updated_at: 'asc' },
          take: QUEUE_MAX,
        })
      : [];
  const rest =
    q.status === 'in_review' ? [] : await newestPackets(db, { ...base, status: q.status || { not: 'in_review' } });
  return {
    object: 'list' as const,
    data: [...awaiting, ...rest].map((p) => packetOut(p)),
    awaiting_review: awaiting.length,
  };
}
