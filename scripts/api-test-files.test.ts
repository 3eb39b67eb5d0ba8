import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TEST_DIR, DATABASE_INDEPENDENT, databaseIndependentFiles } from './api-test-files.mjs';

/** What opens the run's database (TEST_DATABASE's): the test app, its helpers and worlds. */
const OPENS_THE_RUN_DATABASE = /createTestApp|test-database|-support'|inject\(|TEST_DATABASE/;

describe('database-independent API test files', () => {
  it('are the files marked so, and none of them opens the run’s database', () => {
    const marked = databaseIndependentFiles();
    expect(marked).toContain(`${API_TEST_DIR}/pglite-template.test.ts`);
    const opening = marked.filter((file) =>
      OPENS_THE_RUN_DATABASE.test(readFileSync(file, 'utf8')),
    );
    expect(opening, 'these run on both databases: drop their @database-independent line').toEqual(
      [],
    );
  });

  it('is a comment line with a reason, not a mention in code or a bare marker', () => {
    expect(DATABASE_INDEPENDENT.test('// @database-independent: its own folders')).toBe(true);
    expect(DATABASE_INDEPENDENT.test(' * @database-independent: its own folders')).toBe(true);
    expect(DATABASE_INDEPENDENT.test('// @database-independent:')).toBe(false);
    expect(DATABASE_INDEPENDENT.test("const x = '@database-independent: no';")).toBe(false);
  });
});
