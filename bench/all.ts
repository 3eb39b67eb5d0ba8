// `npm run bench [-- api front start export] [-- <options of the API bench>]`: every benchmark of
// issue 11, one after the other, each as its own npm script (they stay runnable alone):
// bench:api (the hot endpoints beside the bare route, bench/RESULTS.md), bench:front (page
// weight and Lighthouse), bench:start (production start and memory) and bench:export (the CSV
// export). Naming some runs only those; any other argument goes to the API bench
// (`npm run bench -- api --only postgres --duration 5`). Every one runs even if one fails; the
// exit code is 1 when any failed or missed a target it checks.
import { spawnSync } from 'node:child_process';

const ALL = ['api', 'front', 'start', 'export'] as const;
type Bench = (typeof ALL)[number];
const isBench = (arg: string): arg is Bench => (ALL as readonly string[]).includes(arg);

const args = process.argv.slice(2);
const named = args.filter(isBench);
const apiArgs = args.filter((arg) => !isBench(arg));
const chosen = named.length > 0 ? ALL.filter((bench) => named.includes(bench)) : [...ALL];

const failed: Bench[] = [];
for (const bench of chosen) {
  console.log(`\n=== npm run bench:${bench} ===`);
  const extra = bench === 'api' && apiArgs.length > 0 ? ['--', ...apiArgs] : [];
  const result = spawnSync('npm', ['run', `bench:${bench}`, ...extra], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) failed.push(bench);
}
if (failed.length > 0) {
  console.log(`\nNot met or failed: ${failed.map((bench) => `bench:${bench}`).join(', ')}`);
  process.exit(1);
}
