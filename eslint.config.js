import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { boundariesConfig } from './scripts/lint/boundaries.js';
import { walls, wallsSettings } from './scripts/lint/walls.js';

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
  // The layers, the feature walls and the engines: eslint-plugin-boundaries (scripts/lint/boundaries.js).
  boundariesConfig(path.dirname(fileURLToPath(import.meta.url))),
  // Import cycles, hand-written (the plugin has none; why: scripts/lint/walls.js). The features are
  // the folders found now.
  {
    files: ['src/**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { walls },
    settings: { walls: wallsSettings(path.dirname(fileURLToPath(import.meta.url))) },
    rules: { 'walls/no-cycle': 'error' },
  },
);
