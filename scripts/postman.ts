/**
 * `npm run postman`: generates the Postman collection (v2.1) from the operation registry and the
 * example table (src/server/operations/examples.ts) into
 * postman/judgment-recovery.postman_collection.json. One request per registered operation, in
 * the folders of operations.json; it runs in order on a fresh sandbox (`npm run test:newman`).
 *
 * Fails loudly for an operation without an example, an example for no operation, or an example
 * body its own schema refuses, so newly merged operations cannot slip through.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_VERSION } from '../src/server/config';
import { allOperations } from '../src/server/operations/index';
import { EXAMPLES, exampleId, type ExampleStep, type OpExample } from '../src/server/operations/examples';
import { foldersOf } from '../src/server/operations/folders';
import type { Operation } from '../src/server/operations/define';
import catalog from '../src/server/operations/catalog.json' with { type: 'json' };

const OUT = path.resolve(import.meta.dirname, '../postman/judgment-recovery.postman_collection.json');

const problems: string[] = [];
for (const op of allOperations) {
  const ex = EXAMPLES[op.name];
  if (!ex) {
    problems.push(`${op.name} (${op.method} ${op.path}): no example in src/server/operations/examples.ts`);
    continue;
  }
  if (op.body && !ex.body) problems.push(`${op.name}: takes a body, but its example has none`);
  if (!op.body && ex.body) problems.push(`${op.name}: takes no body, but its example has one`);
  // The example must pass the operation's own schema (placeholders stand in for real values).
  if (op.body && ex.body) {
    const r = op.body.safeParse(JSON.parse(JSON.stringify(ex.body, (_k, v) => (typeof v === 'string' ? fill(v) : v))));
    if (!r.success)
      problems.push(`${op.name}: its example body fails the schema: ${JSON.stringify(r.error.issues[0])}`);
  }
  if (op.query && ex.query) {
    const r = op.query.safeParse(Object.fromEntries(Object.entries(ex.query).map(([k, v]) => [k, fill(v)])));
    if (!r.success)
      problems.push(`${op.name}: its example query fails the schema: ${JSON.stringify(r.error.issues[0])}`);
  }
  for (const p of Object.keys(ex.path ?? {}))
    if (!op.pathParams.includes(p)) problems.push(`${op.name}: example path parameter ${p} is not in ${op.path}`);
}
for (const name of Object.keys(EXAMPLES))
  if (!allOperations.some((o) => o.name === name))
    problems.push(`examples.ts has a row for ${name}, which is not a registered operation`);
if (problems.length) {
  console.error(`npm run postman: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

/** A placeholder's stand-in for schema checks: dynamic variables get plausible values. */
function fill(v: string): string {
  return v
    .replace(/\{\{\$guid\}\}/g, '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f')
    .replace(/\{\{\$randomInt\}\}/g, '417')
    .replace(/\{\{(\w+)\}\}/g, (_m, name: string) => exampleId(name));
}

const js = (lines: string[]) => ({ type: 'text/javascript', exec: lines });
const setter = (capture: Record<string, string>) =>
  Object.entries(capture).map(
    ([name, expr]) =>
      `pm.collectionVariables.set(${JSON.stringify(name)}, (function (body) { return ${expr}; })(body));`,
  );

/** Setup requests, chained through pm.sendRequest before the request itself. */
function beforeScript(steps: ExampleStep[]): string[] {
  return [
    `const steps = ${JSON.stringify(steps.map(({ capture: _c, ...s }) => s))};`,
    'const captures = [',
    ...steps.map((s) => `  function (body) { ${setter(s.capture).join(' ')} },`),
    '];',
    'function run(i) {',
    '  if (i >= steps.length) return;',
    '  const s = steps[i];',
    '  pm.sendRequest({',
    "    url: pm.variables.replaceIn('{{base_url}}' + s.path), method: s.method,",
    "    header: [{ key: 'Authorization', value: 'Bearer ' + pm.variables.get('api_key') }, { key: 'MD-Version', value: pm.variables.get('md_version') }, { key: 'Content-Type', value: 'application/json' }],",
    "    body: s.body ? { mode: 'raw', raw: pm.variables.replaceIn(JSON.stringify(s.body)) } : undefined,",
    '  }, function (err, res) {',
    "    if (err || res.code >= 300) throw new Error('setup ' + s.method + ' ' + s.path + ' failed: ' + (err || res.code + ' ' + res.text()));",
    '    captures[i](res.json());',
    '    run(i + 1);',
    '  });',
    '}',
    'run(0);',
  ];
}

function request(op: Operation, ex: OpExample) {
  const segments = op.path
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      return m ? (ex.path?.[m[1]] ?? `{{${m[1]}}}`) : seg;
    });
  const query = Object.entries(ex.query ?? {}).map(([key, value]) => ({ key, value }));
  const raw = `{{base_url}}/${segments.join('/')}${query.length ? `?${query.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`;
  const header = [{ key: 'MD-Version', value: '{{md_version}}' }];
  if (op.body) header.push({ key: 'Content-Type', value: 'application/json' });
  if (op.idem) header.push({ key: 'Idempotency-Key', value: '{{idempotency_key}}' });
  const event: object[] = [];
  if (ex.before?.length) event.push({ listen: 'prerequest', script: js(beforeScript(ex.before)) });
  event.push({
    listen: 'test',
    script: js([
      ...(ex.expect
        ? [
            `pm.test('${op.method} ${op.path} answers ${ex.expect.status} ${ex.expect.code} (${ex.expect.why.replace(/'/g, '’')})', function () { pm.response.to.have.status(${ex.expect.status}); });`,
            'const body = pm.response.json();',
            `pm.test('error code is ${ex.expect.code}', function () { pm.expect(body.error.code).to.eql('${ex.expect.code}'); });`,
          ]
        : [
            `pm.test('${op.method} ${op.path} answers ${op.status}', function () { pm.response.to.have.status(${op.status}); });`,
            'const body = pm.response.json();',
            "pm.test('audit_ref is present and equals MD-Audit-Ref', function () {",
            "  pm.expect(body.audit_ref).to.be.a('string').and.not.empty;",
            "  pm.expect(pm.response.headers.get('MD-Audit-Ref')).to.eql(body.audit_ref);",
            '});',
          ]),
      ...setter(ex.capture ?? {}),
    ]),
  });
  return {
    name: `${op.name}: ${op.summary}`,
    event,
    request: {
      method: op.method,
      header,
      ...(op.body
        ? { body: { mode: 'raw', raw: JSON.stringify(ex.body, null, 2), options: { raw: { language: 'json' } } } }
        : {}),
      url: { raw, host: ['{{base_url}}'], path: segments, ...(query.length ? { query } : {}) },
      description: `Scope \`${op.scope}\`${op.gate ? ', gated (authority required)' : ''}${op.idem ? ', idempotent' : ''}. Expects ${ex.expect ? `${ex.expect.status} ${ex.expect.code}: ${ex.expect.why}` : op.status}.`,
    },
    response: [],
  };
}

const order = Object.keys(EXAMPLES);
const collection = {
  info: {
    _postman_id: '6a0f3d1e-2b4c-4f8e-9a7d-5c3b2e1f0a9d',
    name: 'Judgment Recovery Case Service API',
    description:
      `Every served operation of the /v1 API (${API_VERSION}), generated from the operation registry by \`npm run postman\`. ` +
      'Set the collection variables `base_url` (e.g. http://127.0.0.1:3000) and `api_key` (a sandbox admin key, md_test_…), then run the collection in order: ' +
      'each request captures the ids the next ones need, gets a fresh Idempotency-Key, and checks its status and audit_ref.',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  },
  auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{api_key}}', type: 'string' }] },
  event: [
    { listen: 'prerequest', script: js(["pm.variables.set('idempotency_key', pm.variables.replaceIn('{{$guid}}'));"]) },
  ],
  variable: [
    { key: 'base_url', value: 'http://127.0.0.1:3000', type: 'string' },
    { key: 'api_key', value: '', type: 'string' },
    { key: 'md_version', value: API_VERSION, type: 'string' },
  ],
  item: foldersOf(catalog)
    .map((folder) => ({
      name: folder.name,
      description: folder.description,
      item: allOperations
        .filter((op) => op.folder === folder.name)
        .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
        .map((op) => request(op, EXAMPLES[op.name])),
    }))
    .filter((f) => f.item.length),
};

mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify(collection, null, 2) + '\n');
console.log(
  `wrote ${path.relative(process.cwd(), OUT)}: ${allOperations.length} requests in ${collection.item.length} folders`,
);
