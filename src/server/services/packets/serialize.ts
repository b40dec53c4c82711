import type { Export, Packet } from '@/generated/prisma/client';
import { toJson } from '../../json';
import { recipientOut, type Recipient } from './recipient';

/** The packet resource (API-CONTRACT §14); `latest_export` is the export object without its link. */
export function packetOut(p: Packet, latest: Export | null = null) {
  return {
    object: 'packet' as const,
    packet_id: p.id,
    matter_id: p.matter_id,
    judgment_id: p.judgment_id,
    type: p.type,
    packet_type: p.packet_type,
    status: p.status,
    authorized_sender: p.authorized_sender as { user_id: string; name: string; roles: string[] },
    legal_authority_id: p.legal_authority_id,
    wallets: p.wallets as string[],
    recipient: recipientOut(p.recipient as Recipient | null),
    contents: p.contents as Record<string, unknown>,
    readiness: p.readiness as {
      ready: boolean;
      missing_items: string[];
      checks: { check: string; status: string; reason: string }[];
    },
    review_state: p.review_state as Record<string, unknown>,
    source_refs: p.source_refs as object[],
    notes: p.notes,
    latest_export: latest
      ? {
          export_id: latest.id,
          format: latest.format,
          redaction_profile: latest.redaction_profile,
          status: latest.status,
          sha256: latest.sha256,
          size_bytes: latest.size_bytes,
          created_at: latest.created_at.toISOString(),
        }
      : null,
    audit: p.audit as Record<string, unknown>,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

/** Event payloads are plain JSON (exact decimals written as numbers). */
export const packetEventData = (o: object): object => JSON.parse(toJson(o));
