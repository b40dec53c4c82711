/**
 * A node:test reporter that prints, after everything else, each failed test with its file and
 * error. The TAP stream names a failure where it happens, thousands of lines before the end, and
 * CI keeps only the end of its log: without this a red run says "fail 2" and not which two.
 */
import { relative } from 'node:path';

const MAX_LINES = 12;

export default async function* failures(source) {
  const failed = [];
  for await (const event of source) {
    if (event.type !== 'test:fail') continue;
    const { name, file, details } = event.data;
    const error = details?.error;
    // A test fails when a subtest of it fails; that subtest is listed itself.
    if (error?.failureType === 'subtestsFailed') continue;
    failed.push({ name, file, error: error?.cause ?? error });
  }
  if (failed.length === 0) return;
  yield `\n# ${failed.length} failed:\n`;
  for (const f of failed) {
    const where = f.file ? relative(process.cwd(), f.file) : '?';
    yield `# ✖ ${where}: ${f.name}\n${describe(f.error)
      .map((l) => `#     ${l}`)
      .join('\n')}\n`;
  }
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
