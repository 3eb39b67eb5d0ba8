import type { KnipConfig } from 'knip';

/**
 * `knip` (the last step of `npm run lint`, issue 37): every package the code imports is declared in
 * package.json (none arrives only as another package's dependency), every declared one is imported
 * or run, every import resolves, every file is reached from an entry, and every export is imported
 * somewhere (or used in its own file) and exported under one name only. knip's plugins read the
 * entries of vite.config.ts (src/client/index.html → main.tsx), vitest.config.ts (the test files and
 * setup files of both projects), eslint.config.js (scripts/lint/), drizzle.config.ts, postcss and
 * the package.json scripts; the rest are listed here.
 */
const config: KnipConfig = {
  entry: [
    // Run by the package.json scripts, by each other (spawned or built) or by hand (their headers).
    'scripts/*.{mjs,ts}',
    'bench/*.ts',
    // The server: built by scripts/build-server.mjs, run by dev.mjs and tests/helpers/server-process.ts.
    'src/server/main.ts',
    // The service worker (vite-plugin-pwa injectManifest, `filename: 'sw.ts'`) and the prerender
    // entry (scripts/prerender.ts loads it from the build).
    'src/client/sw.ts',
    'src/client/prerender.tsx',
    // Started as its own process by the data-dir lock tests.
    'tests/helpers/hold-data-dir-lock.ts',
    // The end-to-end tests. playwright.config.ts throws when the machine has no Chromium, so its
    // plugin (which loads it) is off and its entries are named here.
    'playwright.config.ts',
    'tests/e2e/**/*.spec.ts',
    'tests/e2e/support/global-setup.ts',
  ],
  project: ['src/**', 'scripts/**', 'bench/**', 'tests/**', '*.{ts,js,cjs,mjs}'],
  playwright: false,
  ignoreDependencies: [
    // Read from the disk by path, not imported: require.resolve(`dejavu-fonts-ttf/ttf/${file}`)
    // (src/server/adapters/pdf/pdf-fonts.ts, src/server/adapters/svg/rasterise-svg.ts).
    'dejavu-fonts-ttf',
    // Loaded by name from the `import/resolver` setting of scripts/lint/boundaries.js
    // (eslint-module-utils requires `eslint-import-resolver-node` from the linted file's folder).
    'eslint-import-resolver-node',
  ],
  // The machine's own programs, not packages: poppler's pdftotext (a font test, skipped without it),
  // openssl and nginx (the cluster test, tests/cluster/).
  ignoreBinaries: ['pdftotext', 'openssl', 'nginx'],
  // Unused exports, exported types and duplicate exports are checked; an export its own file also
  // uses is left alone (it is not dead code, and dropping `export` would only churn the file).
  ignoreExportsUsedInFile: true,
  // Not checked: members of enums and namespaces, and exports reached only through a namespace.
  rules: {
    nsExports: 'off',
    nsTypes: 'off',
    enumMembers: 'off',
    namespaceMembers: 'off',
  },
};

export default config;
