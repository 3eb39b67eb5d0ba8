import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { walls, wallsSettings } from './scripts/lint/walls.js';

const restrict = (patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: patterns.map((group) => ({
        group: [group],
        message: 'This import crosses a layer boundary (ARCHITECTURE.md "Layout").',
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.tmp',
      'data',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/shared/**'],
    rules: restrict([
      '**/server/**',
      '**/client/**',
      'node:*',
      'drizzle-orm*',
      'react*',
      '@mantine/*',
    ]),
  },
  { files: ['src/server/**'], rules: restrict(['**/client/**', 'react*', '@mantine/*']) },
  {
    files: ['src/client/**'],
    rules: restrict(['**/server/**', 'node:*', 'drizzle-orm*', 'fastify*']),
  },
  // Feature walls and import cycles; the features are the folders found now (scripts/lint/walls.js).
  {
    files: ['src/**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { walls },
    settings: { walls: wallsSettings(path.dirname(fileURLToPath(import.meta.url))) },
    rules: {
      'walls/feature-boundary': 'error',
      'walls/no-cycle': 'error',
      'walls/engine-zone': 'error',
    },
  },
);
