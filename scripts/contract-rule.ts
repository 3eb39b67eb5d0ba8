// `npm run contract-rule -- --email trainee@example.com --on` (or `--off`): whether supervision
// contracts decide which of a trainee's hours count before they have recorded one (decision 033).
// Opens the database as the server does (DATABASE_URL, or the embedded one in DATA_DIR: stop the
// server first, PGlite belongs to one process).
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import { loadConfig } from '../src/server/env';
import { setContractRule } from '../src/server/features/progress/start-of-fieldwork.service';

export const CONTRACT_RULE_USAGE = 'Usage: npm run contract-rule -- --email EMAIL (--on | --off)';

/** The trainee and the switch the command line names, or why it names none. */
export function parseContractRuleArgs(
  argv: string[],
): { ok: true; email: string; on: boolean } | { ok: false; error: string } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        on: { type: 'boolean' },
        off: { type: 'boolean' },
      },
      strict: true,
    });
    if (!values.email?.includes('@')) return { ok: false, error: '--email: an email is needed' };
    if (values.on === values.off) return { ok: false, error: 'Say --on or --off' };
    return { ok: true, email: values.email, on: values.on === true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function main(): Promise<void> {
  const parsed = parseContractRuleArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.error}\n\n${CONTRACT_RULE_USAGE}`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  try {
    const trainee = await setContractRule(database.db, parsed.email, parsed.on);
    if (!trainee) {
      console.error(`No trainee has the email ${parsed.email}.`);
      process.exitCode = 1;
      return;
    }
    console.log(
      parsed.on
        ? `Supervision contracts now decide which of ${trainee.name}'s hours count.`
        : `${trainee.name}'s hours count as before until a contract is recorded.`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
