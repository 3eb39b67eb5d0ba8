// `npm test`: every check, in stages; the steps of a stage run side by side (each prints its
// output whole when it ends, so lines do not interleave), and a failed stage stops the run.
// Side by side where they leave each other room on two cores: the browser check mostly waits on
// the network; lint and typecheck run one after the other beside the unit tests; the PostgreSQL
// run of the API suite mostly waits on the PostgreSQL server beside the PGlite run.
// `node scripts/test-all.mjs --list` prints the stages.
import { spawn } from 'node:child_process';

/**
 * Each stage is a list of lanes; a lane's npm scripts run one after another. vitest runs one test
 * file at a time on two cores (cores - 1 workers): the PGlite run of the API suite takes both
 * when there is no PostgreSQL run beside it.
 */
const withPostgres = Boolean(process.env.DATABASE_URL);
const STAGES = [
  [['test:browser'], ['lint', 'typecheck'], ['test:unit']],
  // The PostgreSQL run ends before the PGlite run; the end-to-end build fills the core it leaves.
  withPostgres ? [['test:api'], ['test:api:pg', 'build:e2e']] : [['test:api -- --maxWorkers=2']],
  [['test:e2e']],
];

function runScript(step) {
  const [script, ...rest] = step.split(' ');
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script, ...rest], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.once('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(Buffer.concat(chunks));
      const outcome = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      console.log(`\n── npm run ${step}: ${outcome} in ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

async function runLane(lane) {
  for (const script of lane) if (!(await runScript(script))) return false;
  return true;
}

if (process.argv.includes('--list')) {
  for (const stage of STAGES) console.log(stage.map((lane) => lane.join(' → ')).join('  ‖  '));
  process.exit(0);
}
const started = Date.now();
for (const stage of STAGES) {
  const results = await Promise.all(stage.map(runLane));
  if (results.includes(false)) {
    console.log(`npm test: failed after ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    process.exit(1);
  }
}
console.log(`npm test: passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
