// Bundles the server into built JavaScript for `npm start` (`node dist/server/main.js`), so a
// production start loads no TypeScript loader. Run: `node scripts/build-server.mjs [outdir]`.
import { execFile } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');
export const SERVER_ENTRY = 'src/server/main.ts';
export const SERVER_OUTDIR = 'dist/server';
/** What the bundle is made of: a change to any of them makes it stale (scripts/ensure-build.mjs). */
export const SERVER_SOURCES = [
  'src/server',
  'src/shared',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build-server.mjs',
  'scripts/pglite-template.mjs',
];
/**
 * The migrated PGlite database folder beside main.js that a first start copies
 * (PGLITE_TEMPLATE_NAME in src/server/db/client.ts).
 */
export const PGLITE_TEMPLATE_NAME = 'pglite-template';

/**
 * Packages left in node_modules and imported from there at run time. Every other package is
 * bundled: a start loads one file instead of each package's many (decision 014). Left out: native
 * modules, packages that find files of their own at run time (PGlite's wasm, pino's workers,
 * swagger-ui's pages, pdf-lib's fonts), and the big ones only some requests load.
 */
export const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@resvg/resvg-js',
  '@fastify/swagger-ui',
  'pino',
  'exceljs',
  'pdf-lib',
  '@pdf-lib/*',
  '@aws-sdk/*',
  'stripe',
  'pg-native',
];

/** What marks a module that finds files of its own at run time: it cannot be bundled. */
const FINDS_FILES = /\b(__dirname|__filename|require\.resolve)\b|import\.meta\.(url|dirname)/;
/** Bundled modules that do, and why that is safe. */
const FINDS_FILES_SAFELY = new Set([
  // Reads its package's name and version inside a try, for the defaults of an OpenAPI `info`
  // that plugins/openapi.ts sets itself.
  'node_modules/@fastify/swagger/lib/util/read-package-json.js',
]);

const BESIDE = /new URL\(\s*['"]\.\/([^'"/]+)['"]\s*,\s*import\.meta\.url\s*\)/g;

/**
 * The files server modules find beside themselves (`new URL('./name', import.meta.url)`: the
 * migrations, a child process's script), by absolute path, with the module that names each.
 */
function besideFiles(dir = path.join(ROOT, 'src/server')) {
  const found = new Map();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      for (const [key, value] of besideFiles(file)) found.set(key, value);
    } else if (/\.m?[jt]s$/.test(entry.name) && !/\.test\.m?[jt]s$/.test(entry.name)) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(BESIDE)) {
        found.set(path.join(dir, name), { name, importer: path.relative(ROOT, file) });
      }
    }
  }
  return found;
}

const IMPORTED_BESIDE = /\bfrom\s+['"]\.\/([^'"/]+\.mjs)['"]/g;

/**
 * The modules the copied files import from beside themselves (a child process's script and the
 * code it shares with the server, pdf-rebuild.mjs), by absolute path: copied with them.
 */
function importedBeside(files) {
  const found = new Map();
  const pending = [...files.keys()].filter((file) => file.endsWith('.mjs'));
  while (pending.length > 0) {
    const file = pending.pop();
    for (const [, name] of readFileSync(file, 'utf8').matchAll(IMPORTED_BESIDE)) {
      const imported = path.join(path.dirname(file), name);
      if (files.has(imported) || found.has(imported)) continue;
      found.set(imported, { name, importer: path.relative(ROOT, file) });
      pending.push(imported);
    }
  }
  return found;
}

/**
 * Writes `outdir/main.js` and its lazily loaded chunks; beside them, the files server modules
 * find beside themselves, copied as they are (a child process's script is run, not bundled), with
 * the modules those import from beside themselves, and the migrated PGlite database a first start
 * copies. Every package is bundled but
 * EXTERNAL_PACKAGES, which stay in node_modules and are imported from there. The new build
 * replaces the old one whole, so a failed build leaves the last good one in place.
 */
export async function buildServer(outdir = SERVER_OUTDIR) {
  const target = path.resolve(ROOT, outdir);
  const staging = `${target}.building-${process.pid}`;
  // Loaded here, not at the top: `npm start` imports this module's names on every start.
  const { build } = await import('esbuild');
  const beside = besideFiles();
  const copied = new Map([...beside, ...importedBeside(beside)]);
  rmSync(staging, { recursive: true, force: true });
  try {
    const { metafile } = await build({
      absWorkingDir: ROOT,
      entryPoints: { main: SERVER_ENTRY },
      outdir: staging,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      external: EXTERNAL_PACKAGES,
      // Bundled CommonJS packages require Node's own modules (and the external packages).
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      // Code only some requests need (pdf-lib, the S3 SDK, Stripe) stays in chunks that load on
      // first use, as it does under tsx; so does the app itself, which loads while main.js opens
      // the database. The chunks sit beside main.js, where the files they find beside themselves
      // are copied.
      splitting: true,
      chunkNames: '[name]-[hash]',
      sourcemap: 'linked',
      logLevel: 'warning',
      metafile: true,
      plugins: [
        {
          name: 'beside-files',
          setup(esbuild) {
            // A module imported from a file copied beside main.js is imported from that copy.
            esbuild.onResolve({ filter: /^\.\.?\// }, (args) => {
              const file = copied.get(path.resolve(args.resolveDir, args.path));
              return file ? { path: `./${file.name}`, external: true } : undefined;
            });
          },
        },
      ],
    });
    const findsFiles = Object.keys(metafile.inputs).filter(
      (input) =>
        input.includes('node_modules/') &&
        !FINDS_FILES_SAFELY.has(input) &&
        FINDS_FILES.test(readFileSync(input, 'utf8')),
    );
    if (findsFiles.length > 0) {
      throw new Error(`Bundled modules find files at run time: ${findsFiles.join(', ')}`);
    }
    // A module that finds files beside itself must be bundled beside the copies.
    for (const { name, importer } of beside.values()) {
      const output = Object.entries(metafile.outputs).find(([, { inputs }]) => inputs[importer]);
      if (!output || path.dirname(path.resolve(ROOT, output[0])) !== staging) {
        throw new Error(`${importer} must be bundled into ${outdir}, beside ${name}`);
      }
    }
    for (const [file, { name }] of copied) {
      cpSync(file, path.join(staging, name), { recursive: true });
    }
    // Made from the migrations copied beside main.js, so it always matches the bundle.
    await promisify(execFile)(process.execPath, [
      path.join(ROOT, 'scripts/pglite-template.mjs'),
      path.join(staging, PGLITE_TEMPLATE_NAME),
      path.join(staging, 'migrations'),
    ]);
    rmSync(target, { recursive: true, force: true });
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another build of the same sources (two test runs on one checkout) got there first.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer(process.argv[2]);
}
