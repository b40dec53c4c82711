/**
 * npm run data:prices -- <folder or files> --source "<publisher, repo@commit>" [--since YYYY-MM-DD]
 *                        [--until YYYY-MM-DD] [--out data/prices]
 *
 * Takes daily-close CSVs (one file per asset, named <ASSET>-USD.csv; MATIC is stored as POL),
 * validates them (Date and Close columns, real dates, positive closes, no repeated day), keeps the
 * days within [--since, --until] (e.g. to drop a partial last day), and merges them into
 * <out>/daily-closes.csv (asset,date,close_usd,source): a day given again replaces the recorded
 * one. Each run is recorded in <out>/refreshes.json (inputs with sha256, rows, date range, source).
 * Nothing is written on an error. Update <out>/PROVENANCE.md with how the copy was verified.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseDailyCloses, pricedAsset, readSourceCsv } from '../src/server/domain/crypto/prices';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    source: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    out: { type: 'string', default: 'data/prices' },
  },
});
const fail = (msg: string): never => {
  console.error(`data:prices: ${msg}`);
  process.exit(1);
};
if (!positionals.length) fail('name a folder or CSV files');
if (!values.source?.trim()) fail('--source "<publisher, repo@commit>" is required');
for (const k of ['since', 'until'] as const)
  if (values[k] && !/^\d{4}-\d{2}-\d{2}$/.test(values[k]!)) fail(`--${k} must be YYYY-MM-DD`);

for (const p of positionals) if (!existsSync(p)) fail(`${p}: no such file or folder`);
const files = positionals.flatMap((p) =>
  statSync(p).isDirectory()
    ? readdirSync(p)
        .filter((f) => f.toLowerCase().endsWith('.csv'))
        .map((f) => path.join(p, f))
    : [p],
);
const outFile = path.join(values.out!, 'daily-closes.csv');
const merged = new Map<string, { asset: string; date: string; close: string; source: string }>();
if (existsSync(outFile))
  for (const [asset, list] of parseDailyCloses(readFileSync(outFile, 'utf8')))
    for (const c of list) merged.set(`${asset}|${c.date}`, { asset, ...c });

const inputs = [];
for (const f of files) {
  const asset = pricedAsset(path.basename(f).split(/[-_.]/)[0]);
  if (!asset) fail(`${f}: not an asset of the dataset (BTC, ETH, TRX, SOL, BNB, POL/MATIC)`);
  const text = readFileSync(f, 'utf8');
  let parsed;
  try {
    parsed = readSourceCsv(text);
  } catch (e) {
    fail(`${f}: ${(e as Error).message}`);
  }
  const rows = parsed!.rows.filter(
    (r) => (!values.since || r.date >= values.since) && (!values.until || r.date <= values.until),
  );
  if (!rows.length) fail(`${f}: no rows within the dates asked`);
  for (const r of rows) merged.set(`${asset}|${r.date}`, { asset: asset!, ...r, source: values.source!.trim() });
  inputs.push({
    file: path.basename(f),
    asset,
    sha256: createHash('sha256').update(text).digest('hex'),
    rows: rows.length,
    skipped_empty: parsed!.skipped,
    from: rows[0].date,
    to: rows.at(-1)!.date,
  });
}
const lines = [...merged.values()]
  .sort((a, b) => (a.asset === b.asset ? (a.date < b.date ? -1 : 1) : a.asset < b.asset ? -1 : 1))
  .map((r) => `${r.asset},${r.date},${r.close},${r.source.replace(/[\n,]/g, ' ')}`);
const text = `asset,date,close_usd,source\n${lines.join('\n')}\n`;
parseDailyCloses(text); // the loader must read what is written
const logFile = path.join(values.out!, 'refreshes.json');
const log = existsSync(logFile) ? (JSON.parse(readFileSync(logFile, 'utf8')) as unknown[]) : [];
log.push({
  at: new Date().toISOString(),
  source: values.source,
  since: values.since ?? null,
  until: values.until ?? null,
  inputs,
  sha256: createHash('sha256').update(text).digest('hex'),
});
writeFileSync(outFile, text);
writeFileSync(logFile, `${JSON.stringify(log, null, 2)}\n`);
for (const i of inputs)
  console.log(`${i.asset}: ${i.rows} closes ${i.from} → ${i.to} (${i.file}, ${i.skipped_empty} empty)`);
console.log(`${outFile}: ${lines.length} closes`);
