/**
 * `npm run lint:openapi`: dumps the OpenAPI document from the registry and lints it with
 * Redocly (recommended) and Spectral (spectral:oas with OWASP's API Security ruleset; .spectral.yaml names each rule narrowed or off and why). Any error or warning fails.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const doc = path.join(root, 'build/openapi.json');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const run = (cmd: string, args: string[]) => {
  try {
    return {
      out: execFileSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
      ok: true,
    };
  } catch (e) {
    const x = e as { stdout?: string; stderr?: string };
    return { out: `${x.stdout ?? ''}${x.stderr ?? ''}`, ok: false };
  }
};

execFileSync(bin('tsx'), [path.join(root, 'scripts/openapi-dump.ts'), doc], { stdio: 'inherit' });

const redocly = run(bin('redocly'), ['lint', doc, '--config', path.join(root, 'redocly.yaml'), '--format=json']);
const totals = JSON.parse(redocly.out.slice(redocly.out.indexOf('{'))).totals as { errors: number; warnings: number };
console.log(`redocly (recommended): ${totals.errors} errors, ${totals.warnings} warnings`);
if (totals.errors || totals.warnings)
  console.log(run(bin('redocly'), ['lint', doc, '--config', path.join(root, 'redocly.yaml')]).out);

const spectral = run(bin('spectral'), [
  'lint',
  doc,
  '-r',
  path.join(root, '.spectral.yaml'),
  '--format=json',
  '--quiet',
]);
const results = JSON.parse(spectral.out.slice(spectral.out.indexOf('['))) as {
  severity: number;
  code: string;
  message: string;
  path: string[];
}[];
const count = (sev: number) => results.filter((r) => r.severity === sev).length;
console.log(
  `spectral (spectral:oas, owasp): ${count(0)} errors, ${count(1)} warnings, ${count(2)} infos, ${count(3)} hints`,
);
for (const r of results) console.log(`  ${r.code}: ${r.message} at ${r.path.join('.')}`);

if (totals.errors || totals.warnings || results.length) process.exit(1);
