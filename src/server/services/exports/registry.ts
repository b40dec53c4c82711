import type { Export } from '@/generated/prisma/client';
import type { Db } from '../../context';
import type { RenderDoc } from './document';
import { packetExportSource } from '../packets/export-source';
import { reportExportSource } from '../reports/export-source';
import { remediationExportSource } from '../issuer/export-source';

/**
 * What an exportable object type brings to the export pipeline: the read scope of the object,
 * its data, the (redacted) bundle and the document the PDF renders built from that data, its
 * source manifest, and the names of its audit/outbox events. The pipeline (request, durable
 * job, render worker, formats, signed links) is the same for every type; each type adds its
 * row here.
 */
export interface ExportBuild {
  /** The canonical bundle under the export's redaction profile (the JSON format). */
  bundle: object;
  /** The document the PDF renders (built from the redacted bundle). */
  document: RenderDoc;
  /** sources/manifest.json of the ZIP. */
  manifest: object;
}

/** The facts of an export row that shaping needs (plain data: it crosses to the render worker). */
export interface ExportFacts {
  id: string;
  object_type: string;
  object_id: string;
  format: string;
  redaction_profile: string;
}

export const exportFacts = (row: Export): ExportFacts => ({
  id: row.id,
  object_type: row.object_type,
  object_id: row.object_id,
  format: row.format,
  redaction_profile: row.redaction_profile,
});

export interface ExportSource {
  object_type: string;
  /**
   * The scope that reads the object: exporting it shows everything a read shows and more, so
   * a key that may export but not read the object gets 403 (services/exports/exports.ts).
   */
  read_scope: string;
  /**
   * Reads what the export shows (I/O and light mapping only: it runs on the server's event
   * loop). Must not write: a job may run it more than once. Its answer goes through
   * `toStored` to the render worker, so it may hold ExactNumbers.
   */
  load(db: Db, row: Export): Promise<object>;
  /**
   * Builds what every format renders from, out of `load`'s data: pure, and run in the render
   * worker (redaction and document building grow with the data, so they stay off the loop).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  shape(data: any, facts: ExportFacts): ExportBuild;
  /** Event names: `<object>.exported` is both an audit and a webhook event. */
  events: { requested: string; exported: string; failed: string };
  /** Called in the completing transaction (e.g. to point the object at its latest export). */
  onReady?(db: Db, row: Export): Promise<void>;
  /**
   * True when exporting this object is a collection operation, refused while its matter's
   * collection is paused by a sanctions match. Asked at the request and again when the job
   * runs: a match found between the two must stop the render too.
   */
  collection?(db: Db, row: Export): Promise<boolean>;
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
