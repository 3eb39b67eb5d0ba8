// The walls between layers and features, as eslint-plugin-boundaries policies (issue 37).
//
// The plugin classifies every file of src/ twice: by its layer (a file category: server, client,
// shared) and by the element it is part of (a server feature, a client feature, an engine, the
// server's adapters, src/shared). A feature is any folder under src/server/features or
// src/client/features, matched by pattern, so a new feature is walled in by creating its folder.
// What stays hand-written is in walls.js (the import cycles).
//
// Imports inside one element (one feature's own files) are not checked; imports of packages are,
// for the layer policies.
import path from 'node:path';
import boundaries from 'eslint-plugin-boundaries';

/**
 * Engines: folders of pure code inside a feature (bytes in, bytes out), each behind its own
 * index.ts. An engine imports only itself, src/server/adapters and src/shared (no database, no
 * service, no request); the rest of its feature uses only what its index.ts exposes, and other
 * features do not use it at all.
 */
export const ENGINES = ['src/server/features/forms/fvf'];

const INDEX = 'index.{ts,tsx,js}';
export const LAYER =
  'This import crosses a layer boundary (docs/architecture.md "Layers and walls").';

/** The elements (what a file is part of); the first that matches a file is its element. */
const elements = [
  ...ENGINES.map((folder) => ({ type: 'engine', pattern: folder, partialMatch: false })),
  {
    type: 'server-feature',
    pattern: 'src/server/features/*',
    capture: ['feature'],
    partialMatch: false,
  },
  {
    type: 'client-feature',
    pattern: 'src/client/features/*',
    capture: ['feature'],
    partialMatch: false,
  },
  { type: 'adapters', pattern: 'src/server/adapters', partialMatch: false },
  { type: 'shared', pattern: 'src/shared', partialMatch: false },
];

/** The layers, as file categories. */
const files = ['server', 'client', 'shared'].map((layer) => ({
  category: layer,
  pattern: `src/${layer}/**`,
}));

const local = { module: { origin: 'local' } };
const packages = (...sources) => ({ module: { origin: ['external', 'core'], source: sources } });
const core = { module: { origin: 'core' } };

/**
 * The policies, in order: for each import the last policy that matches it decides (allow or
 * disallow; within one policy a matching disallow wins, so each allow is a policy of its own); an
 * import no policy matches is allowed. The layer policies come last, so that no allow can open
 * them.
 */
const policies = [
  // Server: a feature uses another only through that feature's index.ts (what it chose to expose);
  // a feature with no index.ts exposes nothing (its routes are registered by src/server/app.ts).
  {
    from: { element: { type: 'server-feature' } },
    disallow: { to: { element: { type: 'server-feature' } } },
    message:
      "'{{dependency.source}}' is inside the server feature '{{to.element.captured.feature}}': another feature uses only what {{to.element.captured.feature}}/index.ts exposes (import from its folder; a feature with no index.ts exposes nothing).",
  },
  {
    from: { element: { type: 'server-feature' } },
    allow: { to: { element: { type: 'server-feature', fileInternalPath: INDEX } } },
  },
  // Client: a feature does not import another at all (pages in src/client/app compose them).
  {
    from: { element: { type: 'client-feature' } },
    disallow: { to: { element: { type: 'client-feature' } } },
    message:
      "A client feature does not import another ('{{to.element.captured.feature}}'): pages in src/client/app compose them.",
  },
  // Engines, inward: the rest of src/ uses an engine only through its index.ts…
  {
    disallow: { to: { element: { type: 'engine' } } },
    message:
      "'{{dependency.source}}' is inside the engine {{to.element.path}}: the rest of the feature uses what its index.ts exposes (import from its folder).",
  },
  { allow: { to: { element: { type: 'engine', fileInternalPath: INDEX } } } },
  // …and only from its own feature (another feature uses what that feature's index.ts exposes).
  ...ENGINES.map((folder) => ({
    from: { element: { type: 'server-feature', path: `!${path.posix.dirname(folder)}` } },
    disallow: { to: { element: { type: 'engine', path: folder } } },
    message: `'{{dependency.source}}' is the engine of the server feature ${path.posix.dirname(folder)}: another feature uses only what that feature's index.ts exposes.`,
  })),
  // Engines, outward: only itself (not checked: one element), src/server/adapters and src/shared.
  {
    from: { element: { type: 'engine' } },
    disallow: { to: local },
    message:
      "'{{dependency.source}}' is outside the engine {{from.element.path}}: an engine imports only itself, src/server/adapters and src/shared (no database, no service).",
  },
  {
    from: { element: { type: 'engine' } },
    allow: { to: { element: { type: ['adapters', 'shared'] } } },
  },
  // The layers (docs/architecture.md "Layers and walls"): shared code runs on both sides and stands on neither.
  {
    from: { file: { categories: 'shared' } },
    disallow: [
      { to: { file: { categories: ['server', 'client'] } } },
      { to: core },
      { to: packages('drizzle-orm*', 'react*', '@mantine/*') },
    ],
    message: LAYER,
  },
  {
    from: { file: { categories: 'server' } },
    disallow: [
      { to: { file: { categories: 'client' } } },
      { to: packages('react*', '@mantine/*') },
    ],
    message: LAYER,
  },
  {
    from: { file: { categories: 'client' } },
    disallow: [
      { to: { file: { categories: 'server' } } },
      { to: core },
      { to: packages('drizzle-orm*', 'fastify*') },
    ],
    message: LAYER,
  },
];

/** The flat-config block that walls src/ in, for the tree at `root`. */
export function boundariesConfig(root) {
  return {
    files: ['src/**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/legacy-templates': false,
      // The project's imports name TypeScript files without their extension.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'allow', checkAllOrigins: true, checkUnknownLocals: true, policies },
      ],
    },
  };
}
