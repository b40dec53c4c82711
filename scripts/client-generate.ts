/**
 * `npm run client:generate`: dumps the OpenAPI document from the registry and regenerates the
 * TypeScript client (clients/typescript/src/generated) with @hey-api/openapi-ts, which runs on
 * the TypeScript 5 pinned in that folder. `--check` (CI) then fails when the committed client
 * differs from the regenerated one, and typechecks the client and its quickstart.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'clients/typescript');
const sh = (cmd: string, args: string[], cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });

if (!existsSync(path.join(dir, 'node_modules/.bin/openapi-ts'))) sh('npm', ['ci', '--no-audit', '--no-fund'], dir);
sh(path.join(root, 'node_modules/.bin/tsx'), [
  path.join(root, 'scripts/openapi-dump.ts'),
  path.join(root, 'build/openapi.json'),
]);
sh(path.join(dir, 'node_modules/.bin/openapi-ts'), [], dir);

if (process.argv.includes('--check')) {
  try {
    execFileSync('git', ['diff', '--exit-code', '--stat', '--', 'clients/typescript/src/generated'], {
      cwd: root,
      stdio: 'inherit',
    });
    const untracked = execFileSync(
      'git',
      ['ls-files', '--others', '--exclude-standard', '--', 'clients/typescript/src/generated'],
      { cwd: root, encoding: 'utf8' },
    );
    if (untracked.trim()) throw new Error(`untracked generated files:\n${untracked}`);
  } catch (e) {
    console.error(
      'The committed client differs from the document: run `npm run client:generate` and commit clients/typescript.',
      e instanceof Error ? e.message : '',
    );
    process.exit(1);
  }
  sh(path.join(dir, 'node_modules/.bin/tsc'), ['--noEmit', '-p', '.'], dir);
  console.log('client: no drift, typechecks');
}
