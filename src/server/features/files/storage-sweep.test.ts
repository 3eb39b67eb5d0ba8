import { getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { pictureUploadKey } from '../../../shared/files/profile-picture.schema';
import * as schema from '../../db/schema';
import { monthFormKey, recordFileKey } from './files.service';
import { OBJECT_KEY_COLUMNS } from './storage-sweep.repository';
import { isPastGrace } from './storage-sweep.service';

const now = new Date('2026-03-20T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * 3600_000);

describe('isPastGrace', () => {
  it.each([
    ['a record file a day and a minute old', 'records/4/a.pdf', 24.02, true],
    ['a record file 23 hours old', 'records/4/a.pdf', 23, false],
    ['a checked picture two days old', 'pictures/4/a.png', 48, true],
    ['a form PDF two days old', 'forms/4/a.pdf', 48, true],
    ['a blank template two days old', 'forms/templates/mfvf-a.pdf', 48, true],
    ['a direct picture upload two hours old', 'media/test/4/1.png', 2, true],
    ['a direct picture upload half an hour old', 'media/uploads/4/1_ab.png', 0.5, false],
    ["an operator's object beside ours, a year old", 'backups/2025.tar', 24 * 365, false],
    ['an object named like a folder of ours, but not in it', 'recordsX/a.pdf', 48, false],
  ])('%s → %s', (_name, key, hours, expected) => {
    expect(isPastGrace({ key, lastModified: ago(hours) }, now)).toBe(expected);
  });

  it('sweeps every folder the app writes to', () => {
    for (const key of [
      recordFileKey(4, { mime: 'application/pdf', ext: 'pdf' }),
      monthFormKey(4),
      pictureUploadKey(4, 1, 'png'),
    ]) {
      expect(isPastGrace({ key, lastModified: ago(48) }, now)).toBe(true);
    }
  });
});

describe('the columns naming storage objects', () => {
  it('are every column of the schema holding a key or a picture', () => {
    const values: unknown[] = Object.values(schema);
    const keyColumns = values
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => Object.values(getTableColumns(table)))
      .filter((column) => /^(storage_?key|profile_?pic|\w*certificate_?key)$/i.test(column.name));
    expect(keyColumns.length).toBe(6);
    expect(new Set(keyColumns)).toEqual(new Set(OBJECT_KEY_COLUMNS.map(({ column }) => column)));
  });
});
