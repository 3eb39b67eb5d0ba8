import { rasteriseSvg, type RasteriseOptions } from '../../adapters/svg/rasterise-svg';

/**
 * Only the PNG drawn from an SVG is kept and served: its script, handlers and links never reach a
 * browser (docs/decisions/011-files.md).
 */
export const SVG_PICTURE_LIMITS: RasteriseOptions = {
  maxSide: 512,
  /** A drawing's own width or height (its user units) beyond this is no picture. */
  maxIntrinsicSide: 100_000,
  maxAspectRatio: 100,
  timeoutMs: 10_000,
};

const USE_PNG = 'Please use a PNG or JPEG image.';
export const SVG_PICTURE_MESSAGES = {
  unreadable: `Invalid File Format: this SVG could not be read. ${USE_PNG}`,
  declarations: `Invalid File Format: an SVG picture cannot carry a DTD (<!ENTITY>, <!ATTLIST>). ${USE_PNG}`,
  links:
    'Invalid File Format: this SVG links to other files. Embed its images, or use a PNG or JPEG image.',
  size: `Invalid File Format: this SVG's size cannot be drawn as a picture (at most ${SVG_PICTURE_LIMITS.maxIntrinsicSide} a side, and at most ${SVG_PICTURE_LIMITS.maxAspectRatio} times longer than wide). ${USE_PNG}`,
  'too-complex': `Invalid File Format: this SVG is too complex to draw. ${USE_PNG}`,
} as const;
export type SvgPictureProblem = keyof typeof SVG_PICTURE_MESSAGES;

// Matched over the whole text, so a false match only refuses and no href the parser reads escapes.
const HREF = /(?:^|[\s:])href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
// Raster images only: an embedded SVG could carry links of its own.
const LOCAL_HREF = /^(?:#|data:image\/(?:png|jpe?g|gif|webp)[;,]|$)/i;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Null when it names an unknown entity. */
function attributeValue(raw: string): string | null {
  let isKnown = true;
  const value = raw.replace(/&(#x[0-9a-f]+|#\d+|\w+);?/gi, (_match, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    const known = PREDEFINED[name];
    if (known === undefined) isKnown = false;
    return known ?? '';
  });
  return isKnown ? value.replace(/[\t\n\r]/g, ' ').trim() : null;
}

/**
 * resvg reads any local file an <image> or <feImage> names and draws it; a DTD's entities can
 * expand without end or add markup this check does not see. So: no DTD declarations (a bare
 * `<!DOCTYPE svg>` is fine), and every href local (`#id`) or an embedded raster image.
 */
export function svgPictureProblem(text: string): SvgPictureProblem | null {
  if (/<!(?!--|\[CDATA\[|DOCTYPE)/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) {
    return 'declarations';
  }
  for (const match of text.matchAll(HREF)) {
    const value = attributeValue(match[1] ?? match[2] ?? '');
    if (value === null || !LOCAL_HREF.test(value)) return 'links';
  }
  return null;
}

/** `bytes` is the whole upload, already bounded by the upload limit. */
export async function rasteriseSvgPicture(
  bytes: Buffer,
  limits: RasteriseOptions = SVG_PICTURE_LIMITS,
): Promise<{ ok: true; png: Buffer } | { ok: false; message: string }> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: SVG_PICTURE_MESSAGES.unreadable };
  }
  const problem = svgPictureProblem(text);
  if (problem) return { ok: false, message: SVG_PICTURE_MESSAGES[problem] };
  const drawn = await rasteriseSvg(text, limits);
  return drawn.ok ? drawn : { ok: false, message: SVG_PICTURE_MESSAGES[drawn.reason] };
}
