/**
 * The installed app's icons (docs/decisions/023-offline-log-form.md): PNGs drawn from the
 * favicon's mark with resvg, written to src/client/public/icons and committed. Run again after
 * changing the mark: `node --import tsx scripts/pwa-icons.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const OUT = path.resolve(import.meta.dirname, '../src/client/public/icons');
const TEAL = '#0b6e79';
const CHECK = 'M18 34l9 9 19-21';

/** The favicon: a rounded square with the check mark. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${TEAL}"/><path d="${CHECK}" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/** Maskable: the colour to every edge, the mark inside the middle 80 % (the safe zone). */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${TEAL}"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)"><path d="${CHECK}" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;

const ICONS = [
  { file: 'icon-192.png', svg: rounded, size: 192 },
  { file: 'icon-512.png', svg: rounded, size: 512 },
  { file: 'icon-maskable-512.png', svg: maskable, size: 512 },
  { file: 'apple-touch-icon.png', svg: maskable, size: 180 },
];

mkdirSync(OUT, { recursive: true });
for (const icon of ICONS) {
  const png = new Resvg(icon.svg, { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  writeFileSync(path.join(OUT, icon.file), png);
  console.log(`${icon.file}: ${png.length} bytes`);
}
