// Which API test files run on both databases. A file that does not depend on the run's database
// says so in its opening comment with the line
//
//   @database-independent: <why>
//
// (it tests files, processes or PGlite folders of its own, never the run's database), and runs
// only in the PGlite run (`npm run test:api`); every other file also runs on PostgreSQL
// (`npm run test:api:pg`). scripts/api-test-files.test.ts checks that no file so marked opens the
// run's database.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const API_TEST_DIR = 'tests/api';
export const DATABASE_INDEPENDENT = /^\s*(?:\/\/|\*)\s*@database-independent:\s*\S/m;

/** The API test files (paths from the checkout's root) that declare themselves independent. */
export function databaseIndependentFiles(root = '.') {
  return readdirSync(path.join(root, API_TEST_DIR))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `${API_TEST_DIR}/${name}`)
    .filter((file) => DATABASE_INDEPENDENT.test(readFileSync(path.join(root, file), 'utf8')));
}
