// Writes the signed-out pages' markup into copies of the built index.html (decision 015, fifth
// pass): their first paint then comes from the HTML and its stylesheet, before the JavaScript,
// which hydrates it (src/client/main.tsx). Run after `vite build` (package.json "build",
// scripts/ensure-build.mjs): `node --import tsx scripts/prerender.ts [client dist]`.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PRERENDERED_PAGES } from '../src/shared/wire/prerendered-pages';
import { precompressDir } from './precompress';

const ROOT_ELEMENT = '<div id="root"></div>';
/** The chunk the sign-in pages draw, preloaded beside the entry: hydration waits for it. */
const LOGIN_CHUNK = 'app/pages/login-route-page.tsx';

type ManifestChunk = { file: string; imports?: string[] };

/** What a signed-out visitor has in local storage: nothing (the session reads it at render). */
function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** `<link rel="modulepreload">` for a chunk and what it imports that index.html does not name. */
function preloads(manifest: Record<string, ManifestChunk>, key: string, index: string): string {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...files]
    .filter((file) => !index.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

export async function prerender(clientDist = 'dist/client'): Promise<void> {
  const index = readFileSync(path.join(clientDist, 'index.html'), 'utf8');
  if (!index.includes(ROOT_ELEMENT)) throw new Error(`${clientDist}/index.html has no empty #root`);
  const manifest = JSON.parse(
    readFileSync(path.join(clientDist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  // Inside the project, so that the entry finds the packages it imports in node_modules.
  mkdirSync('dist', { recursive: true });
  const ssrDir = mkdtempSync(path.resolve('dist/.prerender-'));
  try {
    await build({
      logLevel: 'warn',
      build: {
        ssr: 'prerender.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        manifest: false,
        ssrManifest: false,
        rolldownOptions: {
          output: { entryFileNames: 'prerender.js', chunkFileNames: 'chunks/[hash].js' },
        },
      },
    });
    Object.defineProperty(globalThis, 'localStorage', {
      value: emptyStorage(),
      configurable: true,
    });
    const { renderPage } = (await import(
      pathToFileURL(path.join(ssrDir, 'prerender.js')).href
    )) as typeof import('../src/client/prerender');
    const outDir = path.join(clientDist, 'prerendered');
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir);
    for (const [url, file] of PRERENDERED_PAGES) {
      const markup = await renderPage(url);
      if (/<script/i.test(markup)) throw new Error(`${url} prerendered with a script (CSP)`);
      const extra = url.startsWith('/login/') ? preloads(manifest, LOGIN_CHUNK, index) : '';
      // Replaced by functions: the markup's `$` (React's boundary comments) is no pattern.
      const html = index
        // Mantine's light scheme, which its provider sets on <html> once it runs.
        .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
        .replace('</head>', () => `${extra}</head>`)
        .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${url}">${markup}</div>`);
      writeFileSync(path.join(clientDist, file), html);
    }
    await precompressDir(outDir);
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await prerender(process.argv[2]);
}
