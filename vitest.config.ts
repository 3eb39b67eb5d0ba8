import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // `npm run coverage`: statements of src/ the unit and API tests (on PGlite) run.
    coverage: {
      provider: 'v8',
      include: ['src/**'],
      reporter: ['text-summary', 'json-summary', 'html'],
      reportsDirectory: '.tmp/coverage',
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/test-now.ts', 'tests/setup/fail-on-console-error.ts'],
          // Deadlines, not waits: some unit tests start an embedded database, which takes seconds
          // on a loaded machine (vitest's 5 s and 10 s defaults failed there, never here alone).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/api-global-setup.ts'],
          setupFiles: ['tests/setup/test-now.ts', 'tests/setup/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker loads the app's modules once for all the files it runs, instead of once per
          // file (about a third of the run's time). Each file builds its own app on its own
          // database (tests/helpers/test-app.ts), so nothing of one file's reaches another; a file
          // that mocks a module loads what uses it afresh (faults-storage.test.ts).
          isolate: false,
        },
      },
    ],
  },
});
