/*
 * Renders one SVG to a PNG, in a process of its own (rasterise-svg.ts starts it): resvg's work
 * grows with what the drawing asks for (a blur over a huge filter region takes minutes), so the
 * parent can kill it at a time limit without its own event loop or memory ever being at stake.
 *
 * argv[2]: JSON { fontFiles, maxSide, maxIntrinsicSide, maxAspectRatio }; stdin: the SVG text
 * (already checked by the parent: no entities, no links to other files). stdout: the PNG.
 * Exit 0 rendered; 3 unreadable (not an SVG resvg can parse); 4 a size it will not render.
 */
import { pathToFileURL } from 'node:url';

export const EXIT_UNREADABLE = 3;
export const EXIT_SIZE = 4;

/**
 * The PNG's size for a drawing of `width` × `height`: its longer side `maxSide`, the other in
 * proportion; null when the drawing has no area, a side over `maxIntrinsicSide`, or one side more
 * than `maxAspectRatio` times the other.
 */
export function renderTarget(width, height, { maxSide, maxIntrinsicSide, maxAspectRatio }) {
  if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0)) return null;
  if (width > maxIntrinsicSide || height > maxIntrinsicSide) return null;
  const longer = Math.max(width, height);
  const shorter = Math.min(width, height);
  if (longer / shorter > maxAspectRatio) return null;
  const scale = maxSide / longer;
  return {
    mode: width >= height ? 'width' : 'height',
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

async function main() {
  // Loaded here, so the parent reading `renderTarget` never loads resvg itself.
  const { Resvg } = await import('@resvg/resvg-js');
  const limits = JSON.parse(process.argv[2] ?? '{}');
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const svg = Buffer.concat(chunks).toString('utf8');
  const family = 'DejaVu Sans';
  const options = {
    // Only the fonts we ship: nothing of the machine's is read or shown.
    font: {
      loadSystemFonts: false,
      fontFiles: limits.fontFiles,
      defaultFontFamily: family,
      serifFamily: family,
      sansSerifFamily: family,
      cursiveFamily: family,
      fantasyFamily: family,
      monospaceFamily: family,
    },
    logLevel: 'off',
  };
  let measured;
  try {
    // A string, not bytes: resvg would unzip gzip-compressed bytes (svgz) it was handed.
    measured = new Resvg(svg, options);
  } catch {
    process.exit(EXIT_UNREADABLE);
  }
  const target = renderTarget(measured.width, measured.height, limits);
  if (!target) process.exit(EXIT_SIZE);
  const value = target.mode === 'width' ? target.width : target.height;
  const png = new Resvg(svg, { ...options, fitTo: { mode: target.mode, value } }).render().asPng();
  process.stdout.end(png);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
