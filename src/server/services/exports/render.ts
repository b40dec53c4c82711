import { fromStored, sha256Hex } from '../../json';
import { renderFormat, type Rendered } from './formats';
import { exportSource, type ExportFacts } from './registry';

/**
 * One export's CPU work, from the loaded data to the file: the type's `shape` (redaction, the
 * document), then the format (canonical JSON, the PDF, the ZIP) and its SHA-256. Pure and
 * synchronous in effect: it runs in a render worker (jobs/export-render.ts), never on the
 * server's event loop.
 */
export interface RenderJob {
  facts: ExportFacts;
  /** The source's `load` answer in stored form (`toStored`), so ExactNumbers survive the copy. */
  data: unknown;
}

export interface RenderedFile extends Rendered {
  sha256: string;
}

export async function renderExport(job: RenderJob): Promise<RenderedFile> {
  const { facts } = job;
  const build = exportSource(facts.object_type).shape(fromStored(job.data), facts);
  const file = await renderFormat(facts.format, facts.object_type, facts.id, build);
  return { ...file, sha256: sha256Hex(file.bytes) };
}
