import { describe, expect, it } from 'vitest';
import { checkChosenFile, formatFileSize, pickOneFile, type ChosenFile } from './file-choice';

const file = (name: string, type: string, size = 1000): ChosenFile => ({ name, type, size });
const MB = 1024 * 1024;

describe('checkChosenFile', () => {
  it.each<[string, ChosenFile, 'record' | 'picture', string | null]>([
    ['a PDF form', file('march.pdf', 'application/pdf'), 'record', null],
    ['a photo of a form', file('scan.JPG', 'image/jpeg'), 'record', null],
    ['a PNG with no declared type', file('form.png', ''), 'record', null],
    ['a Word document', file('form.docx', 'application/msword'), 'record', 'Invalid File Format'],
    ['a GIF', file('form.gif', 'image/gif'), 'record', 'Invalid File Format'],
    ['a form of exactly 20 MB', file('big.pdf', 'application/pdf', 20 * MB), 'record', null],
    [
      'a form one byte over 20 MB',
      file('big.pdf', 'application/pdf', 20 * MB + 1),
      'record',
      'File size cannot be more than 20MB',
    ],
    ['a PNG picture', file('me.png', 'image/png'), 'picture', null],
    ['a JPEG picture', file('me.jpeg', 'image/jpeg'), 'picture', null],
    // SPEC §5 accepts svg on drop; the server draws it into a PNG.
    ['an SVG picture', file('me.svg', 'image/svg+xml'), 'picture', null],
    ['an SVG picture with no declared type', file('me.SVG', ''), 'picture', null],
    ['an SVG form', file('form.svg', 'image/svg+xml'), 'record', 'Invalid File Format'],
    ['a PDF as a picture', file('me.pdf', 'application/pdf'), 'picture', 'Invalid File Format'],
    [
      'a picture over 20 MB',
      file('me.png', 'image/png', 21 * MB),
      'picture',
      'File size cannot be more than 20MB',
    ],
  ])('judges %s', (_name, chosen, purpose, message) => {
    expect(checkChosenFile(chosen, purpose)).toBe(message);
  });
});

describe('pickOneFile', () => {
  it('takes the one file dropped', () => {
    const form = file('march.pdf', 'application/pdf');
    expect(pickOneFile([form], 'record')).toEqual({ file: form });
  });

  it('refuses two files at once', () => {
    const form = file('march.pdf', 'application/pdf');
    expect(pickOneFile([form, form], 'record')).toEqual({ message: 'Upload one file only.' });
  });

  it('says why a single file is refused', () => {
    expect(pickOneFile([file('notes.txt', 'text/plain')], 'record')).toEqual({
      message: 'Invalid File Format',
    });
  });
});

describe('formatFileSize', () => {
  it.each([
    [820, '820 B'],
    [14 * 1024, '14 KB'],
    [1.5 * MB, '1.5 MB'],
  ])('writes %i bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
