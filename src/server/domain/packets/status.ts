/**
 * The packet status machine (API-CONTRACT §9): draft → in_review → approved → sent →
 * responded | rejected; any state before `sent` → withdrawn. Counsel's review can also send a
 * packet back to draft or decline it (`in_review` → `rejected`, with a reason). After `sent`
 * only the recipient's response is recorded (`responded`, or `rejected` when refused).
 */
export const PACKET_STATUSES = [
  'draft',
  'in_review',
  'approved',
  'sent',
  'responded',
  'rejected',
  'withdrawn',
] as const;
export type PacketStatus = (typeof PACKET_STATUSES)[number];

const MOVES: Record<PacketStatus, readonly PacketStatus[]> = {
  draft: ['in_review', 'withdrawn'],
  in_review: ['approved', 'rejected', 'draft', 'withdrawn'],
  approved: ['sent', 'in_review', 'withdrawn'],
  sent: ['responded', 'rejected'],
  responded: [],
  rejected: [],
  withdrawn: [],
};

export const allowedPacketMoves = (from: string): readonly PacketStatus[] => MOVES[from as PacketStatus] ?? [];

/** A sent packet left the service: only the recipient's response may still be recorded. */
export const RESPONSE_MOVES: readonly PacketStatus[] = MOVES.sent;

/** Moves that need a reason in `notes` or `review_state.review_notes`. */
export const needsReason = (from: string, to: string) => to === 'rejected' || (from === 'in_review' && to === 'draft');

/** The review_state status a move leaves behind. */
export function reviewStatusAfter(to: PacketStatus): string | null {
  switch (to) {
    case 'in_review':
      return 'in_review';
    case 'approved':
      return 'approved';
    case 'rejected':
      return 'rejected';
    case 'draft':
      return 'pending';
    default:
      return null;
  }
}
