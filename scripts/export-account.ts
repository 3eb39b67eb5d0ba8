// `npm run export-account -- EMAIL [--out FILE.zip]`: an account's whole record (a trainee's logs,
// history, supervisors, sign-offs, forms and files; a supervisor's profile, links and sign-offs)
// in one zip, as the trainee's own download makes it. For requests after the student area has
// closed, and for supervisors. Opens the database as the server does (stop it first for PGlite).
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { EmailSchema } from '../src/shared/accounts/account.schema';
import { AppError } from '../src/shared/errors';
import { exportAccountRecord } from '../src/server/features/records-export/records-export.service';
import {
  consoleOutput,
  parseCommandLine,
  runCommand,
  withProduct,
  type Output,
} from './open-product';

export const EXPORT_ACCOUNT_USAGE = 'Usage: npm run export-account -- EMAIL [--out FILE.zip]';

/** Writes the account's record; resolves with the exit code. */
export async function exportAccountMain(
  argv: string[],
  env: Record<string, string | undefined>,
  output: Output = consoleOutput,
): Promise<number> {
  const parsed = parseCommandLine(
    argv,
    { out: { type: 'string' } },
    1,
    EXPORT_ACCOUNT_USAGE,
    output,
  );
  if (!parsed) return 2;
  const email = parsed.positionals[0] ?? '';
  // The email as sign-up stores it (trimmed, lower-cased); what is not an email has no account.
  const stored = EmailSchema.safeParse(email);
  if (!stored.success) {
    output.error(`No account has the email ${email}.`);
    return 1;
  }
  return withProduct(env, async ({ database, storage }) => {
    let record;
    try {
      record = await exportAccountRecord({
        db: database.db,
        storage,
        now: new Date(),
        account: { email: stored.data },
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
      output.error(`No account has the email ${email}.`);
      return 1;
    }
    const file =
      parsed.values.out ?? record.fileName.replace('record', `record-${record.account.id}`);
    const partial = `${file}.partial`;
    try {
      await pipeline(record.output, createWriteStream(partial));
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    renameSync(partial, file);
    const role = record.account.isSupervisor ? 'supervisor' : 'trainee';
    output.info(`Wrote the whole record of ${record.account.email} (${role}) to ${file}.`);
    return 0;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCommand(() => exportAccountMain(process.argv.slice(2), process.env));
}
