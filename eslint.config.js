// ESLint 9 flat config. The import zones below are the dependency rules of docs/architecture.md
// ("Workspaces and their dependencies"): breaking one is a lint error, so the layering cannot
// erode quietly.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import rotaI18n from './eslint-rules/no-literal-text.js';
import { existsSync, readdirSync } from 'node:fs';

// "Features never import other features": one zone per web feature folder.
const webFeatures = existsSync('apps/web/src/features')
  ? readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const featureIsolationZones = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'features never import other features; move shared code to components/ or lib/',
}));

// A server module is used only through its public face, `modules/<name>/index.ts`: by other
// modules, by the rest of the server (the composition root, jobs, tests' helpers) and by bench/.
// One zone per module folder. Module-level cycles are checked by scripts/module-graph.mjs.
const serverModules = existsSync('apps/server/src/modules')
  ? readdirSync('apps/server/src/modules', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const serverModuleZones = serverModules.map((name) => ({
  target: [
    `./apps/server/src/modules/!(${name})/**/*`,
    './apps/server/src/*.ts',
    './apps/server/src/!(modules)/**/*',
    './bench/**/*',
  ],
  from: `./apps/server/src/modules/${name}`,
  except: ['./index.ts'],
  message: `use the ${name} module through its public face, modules/${name}/index.ts (export what others need from there)`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      'e2e/output/**',
      'e2e/test-results/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        typescript: {
          project: [
            'packages/*/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        },
        node: true,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import/no-cycle': ['error', { maxDepth: 10 }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // contracts depends on zod only
            {
              target: './packages/contracts',
              from: ['./packages/analysis', './apps', './e2e'],
              message: 'contracts depends on zod only',
            },
            // analysis -> contracts
            {
              target: './packages/analysis',
              from: ['./apps', './e2e'],
              message: 'analysis knows nothing of HTTP, the database or the web',
            },
            // server -> contracts, analysis
            {
              target: './apps/server',
              from: ['./apps/web', './e2e'],
              message: 'the server imports contracts and analysis only',
            },
            // web -> contracts only
            {
              target: './apps/web',
              from: ['./apps/server', './packages/analysis', './e2e'],
              message: 'the web imports contracts only',
            },
            // e2e imports no app's src
            {
              target: './e2e',
              from: ['./apps/server/src', './apps/web/src', './packages/analysis/src'],
              message: 'e2e drives the running app; it imports no app source',
            },
            // server layers: routes -> service -> queries -> db; only queries and db touch Drizzle
            {
              target: './apps/server/src/modules/*/routes.ts',
              from: [
                './apps/server/src/db/**/*',
                './apps/server/src/modules/*/queries.ts',
                './apps/server/src/modules/*/queries/**/*',
              ],
              message:
                'routes call their service; only queries.ts (or a queries/ folder) touches the database',
            },
            ...serverModuleZones,
            // web features are independent; shared UI and lib import no feature
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'features never import app/',
            },
            ...featureIsolationZones,
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'components/ and lib/ import no feature',
            },
          ],
        },
      ],
    },
  },
  {
    // Queries own Drizzle: nothing else in modules may import drizzle-orm.
    files: ['apps/server/src/modules/**/*.ts'],
    // A module whose statements outgrow one file keeps them in a queries/ folder instead.
    ignores: [
      'apps/server/src/modules/**/queries.ts',
      'apps/server/src/modules/**/queries/*.ts',
      'apps/server/src/modules/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only queries.ts (or a queries/ folder) touches Drizzle.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // One language at a time: no user-visible text outside the catalogues (docs/i18n.md).
    files: ['apps/web/src/**/*.tsx'],
    ignores: [
      'apps/web/src/**/*.test.tsx',
      'apps/web/src/**/*test-utils.tsx',
      'apps/web/src/test/**',
    ],
    plugins: { 'rota-i18n': rotaI18n },
    rules: { 'rota-i18n/no-literal-text': ['error', { allow: ['Rota'] }] },
  },
);
