import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The file every benchmark writes its section of. */
export const RESULTS_FILE = 'bench/RESULTS.md';

/**
 * Writes `text` as section `name` of a results file (between `<!-- name:start -->` and
 * `<!-- name:end -->`), leaving every other section as it is: each benchmark rewrites only its
 * own figures in bench/RESULTS.md. A section not there yet is added at the end; a file not there
 * yet is made (its folder too).
 */
export function writeSection(file: string, name: string, text: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n\n${text.trim()}\n\n${end}`;
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const from = old.indexOf(start);
  const to = old.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${old.slice(0, from)}${section}${old.slice(to + end.length)}`
      : `${old.trimEnd()}\n\n${section}\n`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, next);
}

/** The commit the working tree is at, and whether it has uncommitted changes. */
function commitOfTree(): string {
  try {
    const sha = execSync('git rev-parse --short HEAD').toString().trim();
    const dirty = execSync('git status --porcelain --untracked-files=no').toString().trim()
      ? ' (with uncommitted changes)'
      : '';
    return `${sha}${dirty}`;
  } catch {
    return 'unknown';
  }
}

/** A section's first lines: what wrote it, when, from which commit, on what machine. */
export function provenance(script: string, file: string): string[] {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const memory = (os.totalmem() / 2 ** 30).toFixed(1);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return [
    `Written by \`npm run ${script}\` (${file}) on ${new Date().toISOString()}, commit ${commitOfTree()}.`,
    `Machine: ${os.cpus().length} × ${cpu}, ${memory} GiB, ${os.type()} ${os.release()}, Node ${process.version}; load average at the end ${load}.`,
  ];
}
