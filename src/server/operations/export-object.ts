import { z } from 'zod';
import { objectBase } from './schemas';
import { REDACTION_PROFILES } from '../domain/packets/redaction';
import { EXPORT_FORMATS } from '../services/exports/formats';

/** The export object, shared by every exportable type (packets, reports). */
export const exportObject = objectBase('export', 'export_id').extend({
  object_type: z.string(),
  object_id: z.string(),
  matter_id: z.string(),
  format: z.enum(EXPORT_FORMATS),
  redaction_profile: z.enum(REDACTION_PROFILES),
  status: z.enum(['pending', 'ready', 'failed']),
  download_url: z.string().nullable(),
  expires_at: z.string().nullable(),
  sha256: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  audit_id: z.string(),
  failure_reason: z.string().nullable(),
  completed_at: z.string().nullable(),
});
