import type { Export } from '@/generated/prisma/client';
import type { Db } from '../../context';
import { signDownload } from './download-link';

/** The export object (API-CONTRACT §13); a ready export carries a fresh 15-minute link. */
export async function exportOut(db: Db, e: Export, origin: string) {
  const link = e.status === 'ready' ? await signDownload(db, origin, e.id) : null;
  return {
    object: 'export' as const,
    export_id: e.id,
    object_type: e.object_type,
    object_id: e.object_id,
    matter_id: e.matter_id,
    format: e.format,
    redaction_profile: e.redaction_profile,
    status: e.status,
    download_url: link?.url ?? null,
    expires_at: link?.expires_at ?? null,
    sha256: e.sha256,
    size_bytes: e.size_bytes,
    audit_id: e.audit_id,
    failure_reason: e.status === 'failed' ? e.error : null,
    created_at: e.created_at.toISOString(),
    completed_at: e.completed_at?.toISOString() ?? null,
  };
}
