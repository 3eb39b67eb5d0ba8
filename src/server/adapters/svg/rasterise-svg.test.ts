import { describe, expect, it } from 'vitest';
import { renderTarget } from './rasterise-svg.child.mjs';
import { rasteriseSvg } from './rasterise-svg';

const limits = { maxSide: 512, maxIntrinsicSide: 100_000, maxAspectRatio: 100 };
const options = { ...limits, timeoutMs: 10_000 };
const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('renderTarget', () => {
  it.each([
    ['a square', 10, 10, { mode: 'width', width: 512, height: 512 }],
    ['a wide drawing', 300, 150, { mode: 'width', width: 512, height: 256 }],
    ['a tall drawing', 150, 300, { mode: 'height', width: 256, height: 512 }],
    ['a drawing larger than the picture', 4000, 3000, { mode: 'width', width: 512, height: 384 }],
    ['the largest sides', 100_000, 100_000, { mode: 'width', width: 512, height: 512 }],
    ['the narrowest', 1, 100, { mode: 'height', width: 5, height: 512 }],
    ['a side too large', 100_001, 10, null],
    ['too narrow', 1, 101, null],
    ['no area', 0, 10, null],
    ['no number', Number.NaN, 10, null],
  ])('%s (%d × %d) → %j', (_name, width, height, target) => {
    expect(renderTarget(width, height, limits)).toEqual(target);
  });
});

describe('rasteriseSvg', () => {
  it('draws an SVG into a PNG whose longer side is 512', async () => {
    const drawn = await rasteriseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><text y="15">Hi</text></svg>',
      options,
    );
    if (!drawn.ok) throw new Error(drawn.reason);
    expect(drawn.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(size(drawn.png)).toEqual([512, 256]);
  });

  it.each([
    ['markup that is not SVG', '<?xml version="1.0"?><note>hello</note>', 'unreadable'],
    ['broken markup', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', 'unreadable'],
    [
      'an absurd size',
      '<svg xmlns="http://www.w3.org/2000/svg" width="100000000" height="100000000"/>',
      'size',
    ],
  ])('refuses %s', async (_name, text, reason) => {
    expect(await rasteriseSvg(text, options)).toEqual({ ok: false, reason });
  });

  it('stops a drawing that takes too long, and says it is too complex', async () => {
    // A huge blur region over many shapes: minutes of work for resvg.
    const shapes = Array.from(
      { length: 200 },
      () => '<rect filter="url(#f)" width="500" height="500"/>',
    );
    const text = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><filter id="f" x="-10" y="-10" width="20" height="20"><feGaussianBlur stdDeviation="500"/></filter>${shapes.join('')}</svg>`;
    const started = Date.now();
    expect(await rasteriseSvg(text, { ...options, timeoutMs: 1000 })).toEqual({
      ok: false,
      reason: 'too-complex',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
