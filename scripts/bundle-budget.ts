import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * What the first screen of each page downloads before it can render, and the budget it must fit
 * (issue 11: ≤ 150 KB gzip for the signed-out pages, ≤ 200 KB for each area's first screen).
 * Counted from Vite's build manifest, so the figure is deterministic: the same build gives the
 * same bytes, which lets `npm run test:e2e` fail on a regression (timings cannot).
 */

/** Vite's `.vite/manifest.json`: one entry per chunk, keyed by source path (or `_name.js`). */
export const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
export type Manifest = z.infer<typeof ManifestSchema>;

export type PageBudget = {
  name: string;
  path: string;
  /**
   * The manifest entries the page's first screen needs: the HTML's entry, then the lazy route
   * chunks it loads (an area, its page). Their static imports are followed; dynamic ones are not
   * (a lazily loaded chart is not part of the first screen).
   */
  chunks: string[];
  /** Budget for the JavaScript, in gzip bytes. */
  maxJsGzip: number;
};

const KB = 1024;
const ENTRY = 'index.html';

/** The pages issue 11 names, each with its budget. */
export const PAGE_BUDGETS: PageBudget[] = [
  { name: 'landing', path: '/', chunks: [ENTRY], maxJsGzip: 150 * KB },
  {
    name: 'login',
    path: '/login/student',
    chunks: [ENTRY, 'app/pages/login-route-page.tsx'],
    maxJsGzip: 150 * KB,
  },
  {
    name: 'trainee log form',
    path: '/student/logHour',
    chunks: [ENTRY, 'app/areas/student-area.tsx', 'app/pages/log-hour-page.tsx'],
    maxJsGzip: 200 * KB,
  },
  {
    name: 'trainee dashboard',
    path: '/student/dashboard',
    chunks: [ENTRY, 'app/areas/student-area.tsx', 'app/pages/dashboard-page.tsx'],
    maxJsGzip: 200 * KB,
  },
  {
    name: 'choose subscription',
    path: '/subscription',
    chunks: [ENTRY, 'app/pages/choose-subscription-page.tsx'],
    maxJsGzip: 200 * KB,
  },
  {
    name: 'supervisor home',
    path: '/supervisor/signlogs',
    chunks: [
      ENTRY,
      'app/areas/supervisor-area.tsx',
      'features/review/components/sign-logs-page.tsx',
    ],
    maxJsGzip: 200 * KB,
  },
];

/** The files (JavaScript and CSS, relative to the client folder) the given chunks load. */
export function initialFiles(
  manifest: Manifest,
  chunks: string[],
): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.js')) js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  chunks.forEach(visit);
  return { js, css: [...css] };
}

export type PageWeight = PageBudget & {
  jsGzip: number;
  cssGzip: number;
  /** The entry's share alone: what index.html and its modulepreloads fetch. */
  entryJsGzip: number;
  isWithinBudget: boolean;
};

/** Gzip bytes of a file at the level the build precompresses with. */
export type SizeOf = (file: string) => number;

/** Each page's first-screen weight beside its budget. */
export function weighPages(
  manifest: Manifest,
  sizeOf: SizeOf,
  pages: PageBudget[] = PAGE_BUDGETS,
): PageWeight[] {
  const sum = (files: string[]) => files.reduce((total, file) => total + sizeOf(file), 0);
  const entryJsGzip = sum(initialFiles(manifest, [ENTRY]).js);
  return pages.map((page) => {
    const { js, css } = initialFiles(manifest, page.chunks);
    const jsGzip = sum(js);
    return {
      ...page,
      jsGzip,
      cssGzip: sum(css),
      entryJsGzip,
      isWithinBudget: jsGzip <= page.maxJsGzip,
    };
  });
}

/** Reads the build in `clientDist` (built with its manifest) and weighs each page. */
export function weighBuild(clientDist: string): PageWeight[] {
  const manifestFile = path.join(clientDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`No build manifest in ${clientDist}: run \`npx vite build\` first.`);
  }
  const manifest = ManifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  return weighPages(manifest, (file) =>
    gzipSync(readFileSync(path.join(clientDist, file)), { level: 9 }).length,
  );
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** One line per page: JS (and the entry's share), CSS, the budget, and whether it fits. */
export function formatWeights(weights: PageWeight[]): string[] {
  return weights.map(
    (w) =>
      `${w.isWithinBudget ? 'ok  ' : 'OVER'} ${w.name.padEnd(20)} ${w.path.padEnd(22)} ` +
      `JS ${kb(w.jsGzip).padStart(9)} (entry ${kb(w.entryJsGzip)})  CSS ${kb(w.cssGzip).padStart(8)}` +
      `  target JS ≤ ${kb(w.maxJsGzip)}`,
  );
}
