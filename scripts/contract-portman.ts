/**
 * The Portman config `npm run test:contract` runs with: the committed postman/portman-config.json
 * (its contract tests unchanged) plus the request inputs of the example table
 * (src/server/operations/examples.ts), so that Portman's requests carry the fixture run's real ids
 * instead of the document's stand-ins: path ids, query filters, body fields holding a variable,
 * the committed collection's setup steps (pre-request scripts) and captures, and its order.
 *
 * postman/portman-config.json (JSON, so the reasons live here): no contract test is turned off.
 * The wildcard rows skip only `downloadExport`, which has a row of its own with the same five
 * tests against `200::application/json`: the fixture's export is JSON, and without it Portman
 * would check the first media type listed (`application/pdf`). Response time is not checked
 * (a wall-clock bound on a shared CI machine proves nothing).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXAMPLES } from '../src/server/operations/examples';

const PORTMAN_CONFIG = path.resolve(import.meta.dirname, '../postman/portman-config.json');

export type Item = { name: string; item?: Item[]; event?: { listen: string; script: { exec: string[] } }[] };
export type Collection = { item: Item[]; variable?: { key: string; value: unknown }[] };

function leaves(items: Item[]): Item[] {
  return items.flatMap((i) => (i.item ? leaves(i.item) : [i]));
}

/** `GET::/v1/matters/{matter_id}` of every operation, from the served document. */
export function operationsOf(doc: { paths: Record<string, Record<string, { operationId?: string }>> }) {
  const ops = new Map<string, { method: string; path: string }>();
  for (const [p, methods] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(methods))
      if (op.operationId) ops.set(op.operationId, { method: m.toUpperCase(), path: p });
  return ops;
}

/**
 * The committed Portman config plus the request inputs of the example table: variables in place of
 * the document's stand-in ids, the collection's setup steps and captures, and its order. Contract
 * tests are left as the committed config has them.
 */
export function portmanConfig(collection: Collection, ops: Map<string, { method: string; path: string }>) {
  const config = JSON.parse(readFileSync(PORTMAN_CONFIG, 'utf8'));
  const items = leaves(collection.item);
  const order: string[] = [];
  for (const item of items) {
    const name = item.name.split(':')[0]!;
    const op = ops.get(name);
    if (!op) throw new Error(`collection item ${item.name} is not an operation of the document`);
    order.push(`${op.method}::${op.path}`);
    // The signed download follows the export it downloads (the fixture gives its link).
    if (name === 'getExport') {
      const dl = ops.get('downloadExport')!;
      order.push(`${dl.method}::${dl.path}`);
    }
    const ex = EXAMPLES[name] ?? {};
    const overwrite: Record<string, unknown> = { openApiOperationId: name };
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (params.length)
      overwrite.overwriteRequestPathVariables = params.map((p) => ({ key: p, value: ex.path?.[p] ?? `{{${p}}}` }));
    if (ex.query)
      overwrite.overwriteRequestQueryParams = Object.entries(ex.query).map(([key, value]) => ({ key, value }));
    // Body fields that hold a variable (an id, or a `{{$guid}}` that keeps an email unique).
    const bodyVars = Object.entries(ex.body ?? {}).filter(([, v]) => JSON.stringify(v).includes('{{'));
    if (bodyVars.length) overwrite.overwriteRequestBody = bodyVars.map(([key, value]) => ({ key, value }));
    if (Object.keys(overwrite).length > 1) config.overwrites.push(overwrite);

    const pre = item.event?.find((e) => e.listen === 'prerequest')?.script.exec;
    if (pre?.length)
      (config.operationPreRequestScripts ??= []).push({ openApiOperationId: name, scripts: [pre.join('\n')] });
    const captures = (item.event?.find((e) => e.listen === 'test')?.script.exec ?? []).filter((l) =>
      l.startsWith('pm.collectionVariables.set('),
    );
    if (captures.length)
      config.tests.extendTests.push({
        openApiOperationId: name,
        tests: [`(function (body) {\n${captures.join('\n')}\n})(pm.response.json());`],
        append: true,
      });
  }
  // The signed download has no row in the example table: the fixture run gives its link.
  config.overwrites.push({
    openApiOperationId: 'downloadExport',
    overwriteRequestPathVariables: [{ key: 'export_id', value: '{{download_export_id}}' }],
    overwriteRequestQueryParams: [
      { key: 'expires', value: '{{download_expires}}' },
      { key: 'signature', value: '{{download_signature}}' },
      { key: 'disposition', value: 'attachment' },
    ],
  });
  config.globals.orderOfOperations = order;
  config.globals.orderOfFolders = collection.item.map((f) => f.name);
  return config;
}
