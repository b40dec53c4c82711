/**
 * A node:test reporter that prints, after everything else, the files that took longest and each
 * failed test with its file and error. The TAP stream names a failure where it happens, thousands
 * of lines before the end, and CI keeps only the end of its log: without this a red run says
 * "fail 2" and not which two. The slowest files say where CI's minutes go (a file's time is the
 * sum of its top-level tests' durations, which include the file's `before` hooks).
 */
import { relative } from 'node:path';

const MAX_LINES = 12;
const SLOWEST = 15;

export default async function* failures(source) {
  const failed = [];
  const fileMs = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      const ms = event.data.details?.duration_ms ?? 0;
      fileMs.set(event.data.file, (fileMs.get(event.data.file) ?? 0) + ms);
    }
    if (event.type !== 'test:fail') continue;
    const { name, file, details } = event.data;
    const error = details?.error;
    // A test fails when a subtest of it fails; that subtest is listed itself.
    if (error?.failureType === 'subtestsFailed') continue;
    failed.push({ name, file, error: error?.cause ?? error });
  }
  yield slowest(fileMs);
  if (failed.length === 0) return;
  yield `\n# ${failed.length} failed:\n`;
  for (const f of failed) {
    const where = f.file ? relative(process.cwd(), f.file) : '?';
    yield `# ✖ ${where}: ${f.name}\n${describe(f.error)
      .map((l) => `#     ${l}`)
      .join('\n')}\n`;
  }
}

function slowest(fileMs) {
  const rows = [...fileMs].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST);
  const total = [...fileMs.values()].reduce((a, b) => a + b, 0);
  const lines = rows.map(
    ([file, ms]) => `#   ${(ms / 1000).toFixed(1).padStart(7)} s  ${relative(process.cwd(), file)}`,
  );
  return `\n# slowest files (${fileMs.size} files, ${(total / 1000).toFixed(0)} s in all):\n${lines.join('\n')}\n`;
}

/** The error's message and own stack frames, then its causes (`fetch failed` means nothing without them). */
function describe(error) {
  const lines = String(error?.stack ?? error?.message ?? error ?? 'failed')
    .split('\n')
    .filter((l) => !/\(node:|at node:/.test(l))
    .slice(0, MAX_LINES);
  for (let c = error?.cause, depth = 0; c && depth < 3; c = c.cause, depth++) {
    lines.push(`caused by: ${c.code ? `${c.code} ` : ''}${c.message ?? c}`);
  }
  return lines;
}
