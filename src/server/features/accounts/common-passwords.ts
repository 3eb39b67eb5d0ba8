import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../../shared/errors';

/** Shown under the password field at sign-up, reset and change (ASVS 2.1.7). */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose another one.';

const COMMON_PASSWORDS_FILE = fileURLToPath(new URL('./common-passwords.txt', import.meta.url));

let commonPasswords: ReadonlySet<string> | undefined;

/** The shipped list, read once on first use ('#' lines are its header). */
function loadCommonPasswords(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.toLowerCase());
}

export function assertUncommonPassword(field: string, password: string): void {
  if (isCommonPassword(password)) throw AppError.field(field, COMMON_PASSWORD_MESSAGE);
}
