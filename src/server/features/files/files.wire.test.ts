import { describe, expect, it } from 'vitest';
import type { RecordFile } from '../../../shared/files/record-file.schema';
import { downloadName, groupRecordFiles } from './files.wire';

describe('downloadName', () => {
  it.each([
    ['March.pdf', 'application/pdf', 'March.pdf'],
    ['scan.png', 'application/pdf', 'scan.pdf'],
    ['page.html', 'image/png', 'page.png'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpg'],
    ['no extension', 'image/jpeg', 'no extension.jpg'],
    ['.pdf', 'application/pdf', 'form.pdf'],
  ])('saves %s (%s) as %s', (name, type, saved) => {
    expect(downloadName(name, type)).toBe(saved);
  });
});

const file = (id: number, form_type: 'Monthly' | 'Final', month: string | null) =>
  ({ id, form_type, month }) as RecordFile;

describe('groupRecordFiles', () => {
  it('groups monthly forms by month, newest month first, keeping their order', () => {
    const grouped = groupRecordFiles([
      file(1, 'Monthly', '2026-01'),
      file(2, 'Final', null),
      file(3, 'Monthly', '2026-03'),
      file(4, 'Monthly', '2026-01'),
    ]);
    expect(grouped.monthly_form.map((g) => [g.month, g.files.map((f) => f.id)])).toEqual([
      ['2026-03', [3]],
      ['2026-01', [1, 4]],
    ]);
    expect(grouped.final_form.map((f) => f.id)).toEqual([2]);
  });

  it('answers empty lists when there is nothing', () => {
    expect(groupRecordFiles([])).toEqual({ monthly_form: [], final_form: [] });
  });
});
