// A stand-in for any process that opens DATA_DIR: says "ready", takes the lock on the first line
// read from stdin, prints `held <pid>` or the refusal line, and holds the lock until stdin ends.
import { DataDirLockedError, lockDataDir } from '../../src/server/db/data-dir-lock';

const dataDir = process.env.DATA_DIR ?? './data';
process.stdout.write('ready\n');
process.stdin.once('data', () => {
  try {
    const lock = lockDataDir(dataDir);
    process.stdout.write(`held ${process.pid}\n`);
    process.stdin.once('end', () => lock.release());
    process.stdin.resume();
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stdout.write(`refused ${error.message}\n`);
    process.exit(2);
  }
});
