import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fillTemplate } from '../tests/cluster/nginx-template';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

/** The deployment files say what docs/deploying.md says they say. */
describe('deployment files', () => {
  const template = read('deploy/nginx/fieldwork-tracker.conf.template');

  it('shows in docs/deploying.md the nginx template the cluster test runs, word for word', () => {
    expect(read('docs/deploying.md')).toContain(template);
  });

  it('fills every FT_ name of the template, and refuses to leave one unfilled', () => {
    const names = [...new Set([...template.matchAll(/\$\{(FT_[A-Z_]+)\}/g)].map((m) => m[1]))];
    expect(names.sort()).toEqual([
      'FT_ACCESS_LOG',
      'FT_HTTPS_PORT',
      'FT_HTTP_PORT',
      'FT_SERVER_NAME',
      'FT_TLS_CERT',
      'FT_TLS_KEY',
      'FT_UPSTREAMS',
    ]);
    const filled = fillTemplate(template, Object.fromEntries(names.map((n) => [n ?? '', 'x'])));
    expect(filled).not.toMatch(/\$\{FT_/);
    // nginx's own variables are left alone.
    expect(filled).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(() => fillTemplate(template, {})).toThrow(/names FT_/);
  });

  it('builds a multi-stage image whose last stage runs the built server as a non-root user', () => {
    const dockerfile = read('Dockerfile');
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const last = stages.at(-1) ?? '';
    expect(last).toMatch(/^USER node$/m);
    expect(last).toMatch(/^CMD \["node", "dist\/server\/main\.js"\]$/m);
    expect(last).not.toMatch(/npm (ci|install)(?! .*--omit=dev)/);
    expect(read('.dockerignore').split('\n')).toEqual(
      expect.arrayContaining(['node_modules', 'dist', 'data', '.git', '.env']),
    );
  });

  it('builds every stage on BASE_IMAGE, by default the official image of the Node it runs on', () => {
    const dockerfile = read('Dockerfile');
    const { engines } = z
      .object({ engines: z.object({ node: z.string() }) })
      .parse(JSON.parse(read('package.json')));
    const major = /^(\d+)\.x$/.exec(engines.node)?.[1];
    expect(dockerfile).toMatch(new RegExp(`^ARG BASE_IMAGE=node:${major}-bookworm-slim$`, 'm'));
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases).toEqual(['${BASE_IMAGE}', '${BASE_IMAGE}']);
  });
});
