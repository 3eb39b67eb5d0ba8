// `npm run bench:data -- --trainees 50 --years 3 [--supervisors 10] [--out file.json]`: writes
// the benchmark's data set into the configured database (DATABASE_URL, or PGlite in DATA_DIR),
// migrating it first, and saves the tokens and ids it made to a JSON file for manual runs.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/client';
import { loadConfig } from '../src/server/env';
import { generateBenchData } from './bench-data';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      trainees: { type: 'string', default: '50' },
      years: { type: 'string', default: '3' },
      supervisors: { type: 'string', default: '10' },
      out: { type: 'string', default: 'bench/.data.json' },
    },
  });
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const started = performance.now();
  const manifest = await generateBenchData(database, {
    trainees: Number(values.trainees),
    years: Number(values.years),
    supervisors: Number(values.supervisors),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  await database.close();
  writeFileSync(values.out, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `${manifest.trainees.length} trainees, ${manifest.supervisors.length} supervisors, ${manifest.logs} logs in ${seconds} s (${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`}); tokens in ${values.out}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
