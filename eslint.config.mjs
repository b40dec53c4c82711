// ESLint (flat config): typescript-eslint, React hooks and Next's rules. The packages live in
// tools/lint (on a pinned TypeScript 5: typescript-eslint needs the compiler API that
// TypeScript 7 no longer ships); `npm run lint` installs them there and runs this config.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(new URL('./tools/lint/package.json', import.meta.url));
const load = async (name) => (await import(pathToFileURL(require.resolve(name)).href)).default;

const tseslint = await load('typescript-eslint');
const reactHooks = await load('eslint-plugin-react-hooks');
const next = await load('@next/eslint-plugin-next');

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '**/node_modules/**',
      '.next/**',
      // bench/bare's build (npm run bench)
      '**/.next/**',
      'src/generated/**',
      'clients/typescript/src/generated/**',
      'build/**',
      'test-results/**',
      'playwright-report/**',
      'postman/**',
      'next-env.d.ts',
      '.data/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    plugins: { 'react-hooks': reactHooks, '@next/next': next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...next.configs.recommended.rules,
      ...next.configs['core-web-vitals'].rules,
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests and scripts talk to JSON over HTTP; `any` is the honest type there.
    files: ['tests/**', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
