import { zipSync, strToU8 } from 'fflate';
import { canonicalJson, sha256Hex, toJson } from '../../json';
import type { ExportBuild } from './registry';
import { renderPdf } from './pdf';

/**
 * The three formats (API-CONTRACT §14), all from one build so they agree:
 * - json: the canonical bundle (sorted keys, exact decimals as numbers);
 * - pdf: the document, stamped with the export id and the JSON bundle's SHA-256;
 * - zip: `<type>.pdf`, `<type>.json`, `sources/manifest.json` and `SHA256SUMS` (sha256sum -c format).
 */
export const EXPORT_FORMATS = ['pdf', 'zip', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface Rendered {
  bytes: Buffer;
  content_type: string;
  filename: string;
}

/** Canonical JSON: sorted keys, then exact decimals written as numbers. */
export const canonicalBytes = (v: object) => Buffer.from(`${toJson(JSON.parse(canonicalJson(v)))}\n`, 'utf8');

export async function renderFormat(
  format: string,
  objectType: string,
  exportId: string,
  b: ExportBuild,
): Promise<Rendered> {
  const json = canonicalBytes(b.bundle);
  const bundleSha256 = sha256Hex(json);
  if (format === 'json')
    return { bytes: json, content_type: 'application/json', filename: `${objectType}-${exportId}.json` };
  const pdf = await renderPdf(b.document, { exportId, bundleSha256 });
  if (format === 'pdf')
    return { bytes: pdf, content_type: 'application/pdf', filename: `${objectType}-${exportId}.pdf` };
  const files: Record<string, Uint8Array> = {
    [`${objectType}.pdf`]: pdf,
    [`${objectType}.json`]: json,
    'sources/manifest.json': canonicalBytes(b.manifest),
  };
  const sums = Object.entries(files)
    .map(([name, data]) => `${sha256Hex(Buffer.from(data))}  ${name}\n`)
    .join('');
  files.SHA256SUMS = strToU8(sums);
  // A fixed timestamp keeps a re-render byte-identical (DOS time cannot go before 1980).
  const mtime = new Date('2026-01-01T00:00:00Z');
  const zipped = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, [v, { mtime }]])), { level: 6 });
  return { bytes: Buffer.from(zipped), content_type: 'application/zip', filename: `${objectType}-${exportId}.zip` };
}
