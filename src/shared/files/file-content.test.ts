import { describe, expect, it } from 'vitest';
import {
  GIF_BYTES,
  HTML_BYTES,
  JPEG_BYTES,
  pdfBytes,
  PNG_BYTES,
  SCRIPT_BYTES,
  SVG_BYTES,
} from '../../../tests/helpers/file-fixtures';
import { checkFileContent, INVALID_FILE_FORMAT_MESSAGE, type FilePurpose } from './file-content';

const pdf = await pdfBytes();

describe('checkFileContent', () => {
  it.each<[string, Buffer, FilePurpose, string | null]>([
    ['a PDF as a record file', pdf, 'record', 'application/pdf'],
    ['a PNG as a record file', PNG_BYTES, 'record', 'image/png'],
    ['a JPEG as a record file', JPEG_BYTES, 'record', 'image/jpeg'],
    ['a PNG as a picture', PNG_BYTES, 'picture', 'image/png'],
    ['a JPEG as a picture', JPEG_BYTES, 'picture', 'image/jpeg'],
    ['a PDF as a picture', pdf, 'picture', null],
    ['a script as a record file', SCRIPT_BYTES, 'record', null],
    ['an HTML page as a record file', HTML_BYTES, 'record', null],
    ['a GIF as a picture', GIF_BYTES, 'picture', null],
    ['an SVG as a record file', SVG_BYTES, 'record', null],
    ['an empty file', Buffer.alloc(0), 'record', null],
  ])('judges %s by its bytes', async (_name, bytes, purpose, mime) => {
    const result = await checkFileContent(bytes, purpose);
    expect(result.ok ? result.type.mime : null).toBe(mime);
    if (!result.ok) expect(result.message).toBe(INVALID_FILE_FORMAT_MESSAGE);
  });

  it.each([
    ['with an XML declaration', SVG_BYTES],
    ['bare, after a byte-order mark', Buffer.from('\uFEFF  <svg viewBox="0 0 1 1"></svg>')],
    ['after a comment and a doctype', Buffer.from('<!-- x --><!DOCTYPE svg><svg/>')],
    ['after a doctype with declarations', Buffer.from('<!DOCTYPE svg [<!ENTITY a "b>">]><svg/>')],
  ])(
    'knows an SVG %s by its markup: a picture (drawn into a PNG), never a record file',
    async (_name, bytes) => {
      expect(await checkFileContent(bytes, 'picture')).toEqual({
        ok: true,
        type: { mime: 'image/svg+xml', ext: 'svg' },
      });
      expect(await checkFileContent(bytes, 'record')).toEqual({
        ok: false,
        message: INVALID_FILE_FORMAT_MESSAGE,
      });
    },
  );

  it.each([
    ['XML with another root', '<?xml version="1.0"?><note><svg/></note>'],
    ['an HTML page holding an SVG', '<!doctype html><html><svg></svg></html>'],
    ['text that mentions <svg', 'see <svg> below'],
  ])('does not take %s for an SVG', async (_name, text) => {
    expect(await checkFileContent(Buffer.from(text), 'picture')).toEqual({
      ok: false,
      message: INVALID_FILE_FORMAT_MESSAGE,
    });
  });

  it('names the stored extension from the content, jpg for every JPEG', async () => {
    const result = await checkFileContent(JPEG_BYTES, 'picture');
    expect(result).toEqual({ ok: true, type: { mime: 'image/jpeg', ext: 'jpg' } });
  });
});
