/**
 * `npm run test:contract` (after `npm run build`): the API checked against its own document by two
 * tools nobody here wrote, offline, on a fresh sandbox (started like `npm run test:newman`):
 *
 *   1. Stoplight Prism in proxy mode (`prism proxy <openapi.json> <app> --errors`) in front of the
 *      app; the whole committed Postman collection runs through it with newman. Prism validates
 *      every request and answer against the document; with `--errors` a violation turns the answer
 *      into a 4xx/5xx and sets `sl-violations`. Every answer is checked for both, and Prism's own
 *      log is counted (it also sees the collection's setup requests), so any violation fails.
 *   2. That run is the fixture: its collection variables (org, matter, judgment, packet … ids) are
 *      real ids. Portman generates contract tests from the served OpenAPI document with the
 *      committed postman/portman-config.json (status, content type, JSON body, schema, required
 *      headers: unchanged), and the request inputs get the example table's variables
 *      (src/server/operations/examples.ts) instead of the document's stand-in ids: path ids,
 *      query filters, id fields of bodies, the same setup steps and captures, in the collection's
 *      order. The generated collection runs through Prism too: 0 failed assertions, 0 violations.
 *
 * Exit code 1 on any failure. Prism's log and the generated collection stay in the temp folder
 * printed at the end when something fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import newman from 'newman';
import { API_VERSION } from '../src/server/config';
import { operationsOf, portmanConfig, type Collection } from './contract-portman';
import { startServer } from '../tests/helpers/server';
import { freePort } from '../tests/helpers/free-port';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const COLLECTION = path.join(root, 'postman/judgment-recovery.postman_collection.json');

type ScopeLike = { toObject(): Record<string, unknown> } | Record<string, never>;
type RunStats = {
  requests: number;
  assertions: number;
  assertionsFailed: number;
  failed: string[];
  prismErrors: string[];
};

/** Prism in proxy mode in front of `upstream`; its log goes to a file we count lines of. */
async function startPrism(document: string, upstream: string, logFile: string) {
  const port = await freePort();
  const out: string[] = [];
  const proc: ChildProcess = spawn(
    bin('prism'),
    ['proxy', document, upstream, '--errors', '-h', '127.0.0.1', '-p', String(port), '--multiprocess=false'],
    { cwd: path.dirname(document), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  proc.stdout!.on('data', (d: Buffer) => out.push(d.toString()));
  proc.stderr!.on('data', (d: Buffer) => out.push(d.toString()));
  const deadline = Date.now() + 120_000;
  while (!out.join('').includes('Prism is listening')) {
    if (proc.exitCode !== null) throw new Error(`prism exited:\n${out.join('')}`);
    if (Date.now() > deadline) throw new Error(`prism did not start:\n${out.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const log = () => {
    const text = out.join('');
    writeFileSync(logFile, text);
    return text;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    /** Requests Prism received and the violations or errors it logged, since `from` characters. */
    count(from = 0) {
      const text = log().slice(from);
      const lines = text.split('\n');
      return {
        end: from + text.length,
        requests: lines.filter((l) => l.includes('Request received')).length,
        violations: lines.filter((l) => /Violation:|Request terminated with error/.test(l)).map((l) => l.trim()),
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** Portman generates the contract-test collection (no network; its scratch files go under cwd/tmp). */
function generate(docFile: string, configFile: string, out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(bin('portman'), ['-l', docFile, '-c', configFile, '-o', out, '--warn=false'], {
      cwd: path.dirname(out),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let err = '';
    proc.stderr!.on('data', (d: Buffer) => (err += d));
    proc.on('error', reject);
    proc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`portman exited ${code}:\n${err}`))));
  });
}

/** Runs a collection with newman; every answer must be free of Prism's marks. */
function run(
  collection: Collection,
  vars: Record<string, string>,
): Promise<RunStats & { variables: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const prismErrors: string[] = [];
    // The collection variables as the last script left them (the captured ids).
    const variables: Record<string, string> = {};
    newman
      .run(
        {
          collection: collection as never,
          envVar: Object.entries(vars).map(([key, value]) => ({ key, value })),
          reporters: [],
          timeoutRequest: 30_000,
        },
        (err, summary) => {
          if (err) return reject(err);
          const failed = summary.run.failures.map(
            (f) => `${f.source?.name ?? '?'}: ${f.error?.test ?? ''} ${f.error?.message ?? ''}`,
          );
          resolve({
            requests: summary.run.stats.requests.total ?? 0,
            assertions: summary.run.stats.assertions.total ?? 0,
            assertionsFailed: summary.run.stats.assertions.failed ?? 0,
            failed,
            prismErrors,
            variables,
          });
        },
      )
      .on('script', (_err, args: { execution?: { collectionVariables?: ScopeLike } }) => {
        const scope = args.execution?.collectionVariables;
        const values = scope && 'toObject' in scope ? scope.toObject() : {};
        for (const [k, v] of Object.entries(values)) variables[k] = String(v ?? '');
      })
      .on('request', (err, args) => {
        const name = args.item?.name ?? '?';
        if (err) return void prismErrors.push(`${name}: ${err.message}`);
        const violations = args.response?.headers.get('sl-violations');
        // Prism's own answers (a refused request, an answer turned into an error) name its errors.
        const text = args.response?.text() ?? '';
        if (violations) prismErrors.push(`${name}: sl-violations ${violations}`);
        else if (text.includes('stoplight.io/prism/errors'))
          prismErrors.push(`${name}: Prism answered ${args.response.code} ${text.slice(0, 2000)}`);
      });
  });
}

async function main() {
  if (!existsSync(path.join(root, '.next/BUILD_ID'))) throw new Error('no build: run `npm run build` first');
  const t0 = Date.now();
  const work = mkdtempSync(path.join(tmpdir(), 'md-contract-'));
  const srv = await startServer();
  let prism: Awaited<ReturnType<typeof startPrism>> | null = null;
  let failed = false;
  try {
    // The document as the app serves it: that is what integrators point their tools at.
    const docRes = await fetch(`${srv.url}/v1/openapi.json`);
    const doc = await docRes.json();
    const docFile = path.join(work, 'openapi.json');
    writeFileSync(docFile, JSON.stringify(doc, null, 2));
    // Portman needs only the document and the config (ids are variables), so it generates while
    // Prism starts and the fixture runs.
    const collection = JSON.parse(readFileSync(COLLECTION, 'utf8')) as Collection;
    const configFile = path.join(work, 'portman-config.json');
    writeFileSync(configFile, JSON.stringify(portmanConfig(collection, operationsOf(doc)), null, 2));
    const generated = path.join(work, 'portman-collection.json');
    const generating = generate(docFile, configFile, generated);
    generating.catch(() => {}); // awaited below; a failure is reported there
    prism = await startPrism(docFile, srv.url, path.join(work, 'prism.log'));
    const base = { api_key: srv.adminKey, md_version: API_VERSION };

    console.log(`sandbox and Prism up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // 1. The committed collection through Prism: the fixture run.
    const t1 = Date.now();
    const fixture = await run(collection, { ...base, base_url: prism.url });
    const p1 = prism.count();
    console.log(
      `prism + collection: ${p1.requests} requests through Prism (${fixture.requests} collection requests), ` +
        `${p1.violations.length + fixture.prismErrors.length} violations; ${fixture.assertions} assertions, ` +
        `${fixture.failed.length} failed; ${((Date.now() - t1) / 1000).toFixed(1)} s`,
    );
    for (const line of [...p1.violations, ...fixture.prismErrors, ...fixture.failed]) console.log(`  ${line}`);
    if (p1.violations.length || fixture.prismErrors.length || fixture.failed.length) failed = true;

    // The signed download link of the fixture's packet export, once the export job has made it.
    let exp: { status?: string; download_url?: string | null } = {};
    for (const deadline = Date.now() + 60_000; exp.status !== 'ready' && Date.now() < deadline;) {
      exp = await fetch(`${srv.url}/v1/exports/${fixture.variables.export_id}`, {
        headers: { Authorization: `Bearer ${srv.adminKey}` },
      }).then((r) => r.json());
      if (exp.status !== 'ready') await new Promise((r) => setTimeout(r, 250));
    }
    if (!exp.download_url)
      throw new Error(`export ${fixture.variables.export_id} is not ready: ${JSON.stringify(exp)}`);
    const link = new URL(exp.download_url);
    const ids = {
      ...fixture.variables,
      // Its own name: the Portman run exports the packet again and captures a new export_id.
      download_export_id: fixture.variables.export_id ?? '',
      download_expires: link.searchParams.get('expires') ?? '',
      download_signature: link.searchParams.get('signature') ?? '',
    };

    // 2. Portman's contract tests from the document, with the fixture's ids, through Prism.
    const t2 = Date.now();
    await generating;
    const portman = JSON.parse(readFileSync(generated, 'utf8')) as Collection;
    // The fixture's ids as collection variables, so the collection's own captures replace them.
    portman.variable = Object.entries(ids).map(([key, value]) => ({ key, value }));
    const contract = await run(portman, { ...base, base_url: prism.url, baseUrl: prism.url });
    const p2 = prism.count(p1.end);
    const passed = contract.assertions - contract.assertionsFailed;
    console.log(
      `portman: ${contract.requests} requests, ${passed}/${contract.assertions} assertions passed; ` +
        `${p2.requests} requests through Prism, ${p2.violations.length + contract.prismErrors.length} violations; ` +
        `${((Date.now() - t2) / 1000).toFixed(1)} s`,
    );
    for (const line of [...p2.violations, ...contract.prismErrors, ...contract.failed]) console.log(`  ${line}`);
    if (p2.violations.length || contract.prismErrors.length || contract.failed.length) failed = true;
    console.log(`contract: ${failed ? 'FAILED' : 'ok'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } catch (e) {
    failed = true;
    console.error(e);
  } finally {
    await prism?.stop();
    await srv.stop();
    if (failed) console.log(`Prism's log, the Portman config and collection: ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

void main();
