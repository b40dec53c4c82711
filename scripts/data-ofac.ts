/**
 * npm run data:ofac -- <folder or files> --as-of YYYY-MM-DD --source "<where the copy came from>"
 *                      [--out data/ofac-sdn]
 *
 * Takes a new copy of OFAC's list files, checks it, and records it as the shipped data:
 *   - inputs: sdn.csv, alt.csv, add.csv, cons_prim.csv, cons_alt.csv, cons_add.csv (OFAC's legacy
 *     CSVs) or sdn_advanced.xml (read into the same three SDN files), each optionally .gz or .bz2;
 *     a folder stands for the files of those names in it;
 *   - validates: column counts, numeric ids, unique ent_nums, known types, a non-empty list, and
 *     that every alias/address row names an entry of its primary list given in the same run
 *     (orphans are refused: the files are not one publication); an XML's DateOfIssue must equal
 *     --as-of;
 *   - normalizes: UTF-8, NFC, LF, no EOF byte, one quoting style (scripts/ofac/legacy.ts);
 *   - writes <out>/<file>.gz per part and updates <out>/dataset.json (per part: file, rows,
 *     as_of, source, sha256 of the normalized text the loader checks, and the input's sha256).
 *     Parts not given keep their recorded copy. Prints a summary. Nothing is written on an error.
 * Update <out>/PROVENANCE.md by hand with what the summary says and how the copy was verified.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { advancedXmlToLegacy } from './ofac/advanced-xml';
import { checkRows, decodeOfacText, orphans, PARTS, partOf, readRows, writeRows, type PartName } from './ofac/legacy';

export interface PartRecord {
  file: string;
  about: string;
  rows: number;
  as_of: string;
  source: string;
  sha256: string;
  input: { file: string; sha256: string };
}
export interface DatasetFile {
  about: string;
  parts: Partial<Record<PartName, PartRecord>>;
}

const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

function readInput(file: string): Buffer {
  const raw = readFileSync(file);
  if (file.endsWith('.gz')) return gunzipSync(raw);
  if (file.endsWith('.bz2')) {
    const r = spawnSync('bzip2', ['-dc', file], { maxBuffer: 1 << 30 });
    if (r.status !== 0) throw new Error(`${file}: bzip2 -dc failed (${r.stderr?.toString().trim() || r.error})`);
    return r.stdout;
  }
  return raw;
}

const baseName = (file: string) => path.basename(file).replace(/\.(gz|bz2)$/i, '');

/** The input files: each path given, or the OFAC files inside a folder given. */
function inputFiles(paths: string[]): string[] {
  return paths.flatMap((p) => {
    if (!statSync(p).isDirectory()) return [p];
    return readdirSync(p)
      .filter((f) => partOf(baseName(f)) || /^sdn_advanced\.xml$/i.test(baseName(f)))
      .map((f) => path.join(p, f));
  });
}

export interface RunOptions {
  inputs: string[];
  asOf: string;
  source: string;
  out: string;
}
export interface RunResult {
  parts: Partial<Record<PartName, PartRecord>>;
  summary: string[];
}

/** Checks and writes one copy; throws (writing nothing) when anything is wrong. */
export function run(o: RunOptions): RunResult {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(o.asOf) || Number.isNaN(Date.parse(`${o.asOf}T00:00:00Z`)))
    throw new Error(`--as-of must be a date YYYY-MM-DD, got '${o.asOf}'`);
  if (!o.source.trim()) throw new Error('--source must say where the copy came from');
  const files = inputFiles(o.inputs);
  if (!files.length) throw new Error('no OFAC file among the inputs (sdn.csv, alt.csv, …, sdn_advanced.xml)');

  const rows: Partial<Record<PartName, { rows: string[][]; input: { file: string; sha256: string } }>> = {};
  const errors: string[] = [];
  const summary: string[] = [];
  for (const file of files) {
    const name = baseName(file);
    const buf = readInput(file);
    const input = { file: name, sha256: sha256(buf) };
    if (/^sdn_advanced\.xml$/i.test(name)) {
      const x = advancedXmlToLegacy(buf.toString('utf8'));
      if (x.date !== o.asOf) errors.push(`${name}: DateOfIssue ${x.date ?? 'missing'} is not --as-of ${o.asOf}`);
      for (const part of ['sdn', 'alt', 'add'] as const) {
        if (rows[part]) errors.push(`${PARTS[part].file} given twice (also from ${name})`);
        rows[part] = { rows: x[part], input };
      }
      summary.push(`${name}: DateOfIssue ${x.date}, sha256 ${input.sha256}`);
      continue;
    }
    const part = partOf(name);
    if (!part) {
      errors.push(`${name}: not an OFAC list file this command knows`);
      continue;
    }
    if (rows[part]) errors.push(`${PARTS[part].file} given twice`);
    rows[part] = { rows: readRows(decodeOfacText(buf)), input };
  }

  for (const part of Object.keys(rows) as PartName[]) {
    const r = rows[part]!;
    errors.push(...checkRows(part, r.rows));
    const primary = PARTS[part].primary;
    if (!primary) continue;
    const list = rows[primary];
    if (!list) {
      errors.push(`${PARTS[part].file} needs its primary list ${PARTS[primary].file} in the same run`);
      continue;
    }
    const lost = orphans(r.rows, new Set(list.rows.map((x) => x[0])));
    if (lost.length)
      errors.push(
        `${PARTS[part].file}: ${lost.length} ent_num(s) not in ${PARTS[primary].file} (${lost.slice(0, 10).join(', ')}${lost.length > 10 ? ', …' : ''}): the files are not one publication`,
      );
  }
  if (errors.length) throw new Error(`the copy was not recorded:\n  ${errors.join('\n  ')}`);

  const metaFile = path.join(o.out, 'dataset.json');
  const meta: DatasetFile = existsSync(metaFile)
    ? (JSON.parse(readFileSync(metaFile, 'utf8')) as DatasetFile)
    : { about: 'OFAC list files shipped for name screening; see PROVENANCE.md.', parts: {} };
  const written: { file: string; data: Buffer }[] = [];
  for (const part of Object.keys(PARTS) as PartName[]) {
    const r = rows[part];
    if (!r) continue;
    const text = writeRows(r.rows);
    const file = `${PARTS[part].file}.gz`;
    written.push({ file, data: gzipSync(text, { level: 9 }) });
    meta.parts[part] = {
      file,
      about: PARTS[part].about,
      rows: r.rows.length,
      as_of: o.asOf,
      source: o.source,
      sha256: sha256(text),
      input: r.input,
    };
    const ents = new Set(r.rows.map((x) => x[0])).size;
    summary.push(`${part}: ${r.rows.length} rows (${ents} entries) from ${r.input.file} → ${file}, as of ${o.asOf}`);
  }
  mkdirSync(o.out, { recursive: true });
  for (const w of written) writeFileSync(path.join(o.out, w.file), w.data);
  writeFileSync(metaFile, `${JSON.stringify(meta, null, 2)}\n`);
  summary.push(`${metaFile} updated; write what was verified into ${path.join(o.out, 'PROVENANCE.md')}.`);
  return { parts: meta.parts, summary };
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'as-of': { type: 'string' }, source: { type: 'string' }, out: { type: 'string' } },
  });
  if (!positionals.length || !values['as-of'] || !values.source) {
    console.error(
      'usage: npm run data:ofac -- <folder or files> --as-of YYYY-MM-DD --source "<repository, commit, or OFAC URL and download time>" [--out data/ofac-sdn]',
    );
    process.exit(2);
  }
  try {
    const r = run({
      inputs: positionals,
      asOf: values['as-of'],
      source: values.source,
      out: values.out ?? 'data/ofac-sdn',
    });
    for (const line of r.summary) console.log(line);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
