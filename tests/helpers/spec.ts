/**
 * The published operation list (API version 2026-06-11), vendored in tests/contract as the
 * contract the registry is checked against. It is kept apart from src/server/operations/catalog.json
 * on purpose: the catalog is what we serve, this file is what was published, and the operations
 * test compares the two row by row.
 */
import { readFileSync } from 'node:fs';
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

const file = path.resolve(import.meta.dirname, '../contract/published-operations.json');

export function loadSpec(): { file: string; version: string; operations: SpecRow[] } {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  const operations: SpecRow[] = Array.isArray(doc) ? doc : doc.operations;
  return { file: path.relative(process.cwd(), file), version: doc.version ?? '', operations };
}
