import type { Export } from '@/generated/prisma/client';
import type { Db } from '../../context';
import type { RenderDoc } from './document';
import { packetExportSource } from '../packets/export-source';
import { reportExportSource } from '../reports/export-source';
import { remediationExportSource } from '../issuer/export-source';

/**
 * What an exportable object type brings to the export pipeline: its (redacted) bundle, the
 * document the PDF renders, its source manifest, and the names of its audit/outbox events.
 * The pipeline (request, durable job, formats, signed links) is the same for every type;
 * each type adds its row here.
 */
export interface ExportBuild {
  /** The canonical bundle under the export's redaction profile (the JSON format). */
  bundle: object;
  /** The document the PDF renders (built from the redacted bundle). */
  document: RenderDoc;
  /** sources/manifest.json of the ZIP. */
  manifest: object;
}

export interface ExportSource {
  object_type: string;
  /** Builds what every format renders from. Must not write: a job may run it more than once. */
  build(db: Db, row: Export): Promise<ExportBuild>;
  /** Event names: `<object>.exported` is both an audit and a webhook event. */
  events: { requested: string; exported: string; failed: string };
  /** Called in the completing transaction (e.g. to point the object at its latest export). */
  onReady?(db: Db, row: Export): Promise<void>;
}

export const EXPORT_SOURCES: Record<string, ExportSource> = {
  packet: packetExportSource,
  report: reportExportSource,
  issuer_remediation: remediationExportSource,
};

export function exportSource(objectType: string): ExportSource {
  const s = EXPORT_SOURCES[objectType];
  if (!s) throw new Error(`no export source for object type '${objectType}'`);
  return s;
}
