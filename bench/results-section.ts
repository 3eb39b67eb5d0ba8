import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
