/**
 * `npm run lock:platforms`: adds the other platforms' optional packages (`@next/swc-darwin-arm64`,
 * `@tailwindcss/oxide-win32-x64-msvc` …) to package-lock.json when they are missing, so that
 * `npm ci` works from a fresh clone on any machine. npm leaves them out when the registry it
 * resolved against lacks those builds; npm then refuses `npm ci` ("Missing … from lock file").
 *
 * Each entry gets the version its parent pins, `optional`, and the os/cpu/libc read from its
 * name, so npm skips it on other platforms without fetching it (and fetches and verifies it
 * from the registry on its own platform, like any entry without an integrity hash).
 * Run it after any `npm install` that rewrote the lock file; `--check` fails if anything is missing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Entry = {
  version?: string;
  optionalDependencies?: Record<string, string>;
  dev?: boolean;
  license?: string;
  engines?: Record<string, string>;
  [k: string]: unknown;
};
const file = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> };

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'netbsd', 'openbsd', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

function platformOf(name: string) {
  const tokens = name.split('/').pop()!.split('-');
  const os = OS.find((o) => tokens.includes(o));
  const cpu = CPU.find((c) => tokens.includes(c));
  const libc = tokens.includes('musl')
    ? 'musl'
    : tokens.includes('gnu') || tokens.includes('gnueabihf')
      ? 'glibc'
      : undefined;
  return { ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}), ...(os ? { os: [os] } : {}) };
}

const added: string[] = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = where ? `${where}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${dep}`]) continue;
    if (!/^\d+\.\d+\.\d+/.test(version)) continue; // a range: npm resolves it itself
    const p = platformOf(dep);
    if (!p.os && !p.cpu) continue; // not a platform build
    // A sibling build of the same parent gives license and engines.
    const sibling = Object.entries(entry.optionalDependencies ?? {})
      .map(([d]) => lock.packages[`node_modules/${d}`])
      .find(Boolean);
    lock.packages[`node_modules/${dep}`] = {
      version,
      ...p,
      ...(entry.dev ? { dev: true } : {}),
      ...(sibling?.license ? { license: sibling.license } : {}),
      optional: true,
      ...(sibling?.engines ? { engines: sibling.engines } : {}),
    };
    added.push(`${dep}@${version}`);
  }
}

if (process.argv.includes('--check')) {
  if (added.length) {
    console.error(
      `package-lock.json lacks ${added.length} platform package(s): ${added.join(', ')}. Run npm run lock:platforms.`,
    );
    process.exit(1);
  }
  console.log('package-lock.json has every platform package');
} else {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
  console.log(added.length ? `added ${added.length}: ${added.join(', ')}` : 'nothing missing');
}
