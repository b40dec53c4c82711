/**
 * The published operation list (shared/spec/operations.json), read at test time. The shared
 * folder sits beside the repository (`<repo>/../shared`, as in CI); a git worktree lives
 * deeper, so a few ancestors and MD_SHARED_DIR are tried too.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SpecRow {
  n: number;
  folder: string;
  method: string;
  path: string;
  scope: string;
  gate: boolean;
  idem: boolean;
  status: number;
  source: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function sharedSpecPath(): string {
  const candidates = [
    process.env.MD_SHARED_DIR && path.join(process.env.MD_SHARED_DIR, 'spec/operations.json'),
    path.join(repoRoot, '../shared/spec/operations.json'),
    path.join(repoRoot, '../../shared/spec/operations.json'),
    path.join(repoRoot, '../../../shared/spec/operations.json'),
    '/work/shared/spec/operations.json',
  ].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`shared/spec/operations.json not found; tried:\n${candidates.join('\n')}`);
  return found;
}

export function loadSpec(): { file: string; version: string; operations: SpecRow[] } {
  const file = sharedSpecPath();
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  const operations: SpecRow[] = Array.isArray(doc) ? doc : doc.operations;
  return { file, version: doc.version ?? '', operations };
}
