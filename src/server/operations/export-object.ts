import { z } from 'zod';
import { objectBase, timestamp } from './schemas';
import { REDACTION_PROFILES } from '../domain/packets/redaction';
import { EXPORT_FORMATS } from '../services/exports/formats';

export const EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;

/** The export object, shared by every exportable type (packets, reports). */
export const exportObject = objectBase('export', 'export_id').extend({
  object_type: z.string(),
  object_id: z.string(),
  matter_id: z.string(),
  format: z.enum(EXPORT_FORMATS),
  redaction_profile: z.enum(REDACTION_PROFILES),
  status: z.enum(EXPORT_STATUSES),
  download_url: z.string().nullable(),
  expires_at: timestamp().nullable(),
  sha256: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  audit_id: z.string(),
  failure_reason: z.string().nullable(),
  completed_at: timestamp().nullable(),
});
