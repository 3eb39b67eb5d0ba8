import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { EXIT_SIZE, EXIT_UNREADABLE, type RenderLimits } from './rasterise-svg.child.mjs';

const CHILD = fileURLToPath(new URL('./rasterise-svg.child.mjs', import.meta.url));
const require = createRequire(import.meta.url);
/** The only fonts an SVG's text is drawn with. */
const FONT_FILES = [
  'DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf',
  'DejaVuSans-Oblique.ttf',
  'DejaVuSans-BoldOblique.ttf',
].map((file) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Far above any PNG of the largest size drawn (512 × 512 RGBA is 1 MiB before compression).
const MAX_PNG_BYTES = 8 * 1024 * 1024;

export type RasteriseOptions = RenderLimits & { timeoutMs: number };
export type RasteriseResult =
  { ok: true; png: Buffer } | { ok: false; reason: 'unreadable' | 'size' | 'too-complex' };

/**
 * resvg in a child process with no environment. It reads a local file an <image> names: the
 * caller must already have refused links and entities.
 */
export function rasteriseSvg(svg: string, options: RasteriseOptions): Promise<RasteriseResult> {
  const { timeoutMs, ...limits } = options;
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [CHILD, JSON.stringify({ ...limits, fontFiles: FONT_FILES })],
      {
        env: {},
        stdio: ['pipe', 'pipe', 'ignore'],
      },
    );
    const chunks: Buffer[] = [];
    let bytes = 0;
    let isKilled = false;
    const kill = () => {
      isKilled = true;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(kill, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_PNG_BYTES) kill();
      else chunks.push(chunk);
    });
    // A child that exits before reading all of its input closes the pipe: its exit code tells.
    child.stdin.on('error', () => undefined);
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      const png = Buffer.concat(chunks);
      if (!isKilled && code === 0 && png.subarray(0, 8).equals(PNG_SIGNATURE)) {
        resolve({ ok: true, png });
      } else if (!isKilled && code === EXIT_UNREADABLE) {
        resolve({ ok: false, reason: 'unreadable' });
      } else if (!isKilled && code === EXIT_SIZE) {
        resolve({ ok: false, reason: 'size' });
      } else {
        resolve({ ok: false, reason: 'too-complex' });
      }
    });
    child.stdin.end(svg, 'utf8');
  });
}
