import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Web layers: a feature (src/features/<name>) imports shared code and itself, never another feature;
// shared code (src/api, components, lib, stores) imports no feature and not the app shell. Imports
// outside the own folder go through the @/ alias, so these patterns see every one of them.
const WEB = 'apps/web/src';
const webFeatures = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const noClimb = { group: ['../*'], message: 'Import from outside this folder through the @/ alias.' };
const webBoundaries = [
  ...webFeatures.map((feature) => ({
    files: [`${WEB}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noClimb,
            {
              regex: `^@/(features/(?!${feature}/)|app/)`,
              message: `A feature keeps to itself: move what ${feature} shares with another feature to src/api, src/components or src/lib.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: [`${WEB}/{api,components,lib,stores}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noClimb,
            { regex: '^@/(features|app)/', message: 'Shared code imports no feature and not the app shell.' },
          ],
        },
      ],
    },
  },
];

// Server layers (docs/adding-a-domain.md): a module reaches another module, and the ingest, only
// through its index.ts; infrastructure (plugins, lib) imports no module; the product does not
// import the simulator (only the demo seed in db/seed and the launcher in src/demo, tests and benches do).
const SERVER = 'apps/server/src';
const serverModules = readdirSync(new URL(`./${SERVER}/modules`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const throughIndex = (names) => ({
  regex: `^(\\.\\./)+(modules/)?(${names.join('|')})/(?!index\\.js$)`,
  message: 'Another module (or the ingest) is reached through its index.ts only: export what it offers there.',
});
const noSimulator = {
  name: '@pv/simulator',
  message:
    'The product does not import the simulator: only the demo (its launcher in src/demo, its seed in db/seed), tests and benches do.',
};
// one block per folder: a later block's options for the same rule would replace an earlier one's
const serverRule = (patterns) => ({ 'no-restricted-imports': ['error', { paths: [noSimulator], patterns }] });
const serverBoundaries = [
  ...serverModules.map((module) => ({
    files: [`${SERVER}/modules/${module}/**/*.ts`],
    ignores: [`${SERVER}/**/*.test.ts`],
    rules: serverRule([throughIndex([...serverModules.filter((m) => m !== module), 'ingest'])]),
  })),
  {
    files: [`${SERVER}/{plugins,lib}/**/*.ts`],
    ignores: [`${SERVER}/**/*.test.ts`],
    rules: serverRule([
      { regex: '^(\\.\\./)+modules/', message: 'Infrastructure knows no domain: a module registers what it needs.' },
    ]),
  },
  {
    files: [`${SERVER}/{*.ts,db/**/*.ts,cli/**/*.ts}`],
    ignores: [`${SERVER}/**/*.test.ts`, `${SERVER}/db/seed/**`],
    rules: serverRule([throughIndex([...serverModules, 'ingest'])]),
  },
  {
    // the demo seed writes the simulated fleet and its history: the simulator is its to import
    files: [`${SERVER}/db/seed/**/*.ts`],
    ignores: [`${SERVER}/**/*.test.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [throughIndex([...serverModules, 'ingest'])] }],
    },
  },
  {
    files: [`${SERVER}/ingest/**/*.ts`],
    ignores: [`${SERVER}/**/*.test.ts`],
    rules: serverRule([throughIndex(serverModules)]),
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only' },
        { object: 'describe', property: 'only' },
        { object: 'test', property: 'only' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...webBoundaries,
  ...serverBoundaries,
);
