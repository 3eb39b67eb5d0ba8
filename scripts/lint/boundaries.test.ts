import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundariesConfig, LAYER } from './boundaries.js';

/*
 * The walls of eslint.config.js that eslint-plugin-boundaries keeps (scripts/lint/boundaries.js),
 * shown failing on purpose: code linted from memory as if it were a file of the tree (the real
 * config, the real features), and a small tree made on the spot for a feature that no config names.
 */

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The plugin's messages for `code` linted as the file at `file` (relative to the repository). */
async function wallMessages(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('boundaries/'))
    .map(({ ruleId, message }) => ({ ruleId, message }));
}

const failure = (text: string) => [
  { ruleId: 'boundaries/dependencies', message: expect.stringContaining(text) },
];

describe('the repository lint config', () => {
  // The first lint reads the config (and walls.js the import graph of the whole tree): seconds, once.
  beforeAll(() => wallMessages('', 'src/shared/warm-up.ts'), 180_000);

  it("fails a server feature that reaches into another's repository", async () => {
    const messages = await wallMessages(
      "import { findUserById } from '../accounts/accounts.repository';\nexport const find = findUserById;\n",
      'src/server/features/billing/deliberate.ts',
    );
    expect(messages).toEqual(
      failure(
        "'../accounts/accounts.repository' is inside the server feature 'accounts': another feature uses only what accounts/index.ts exposes",
      ),
    );
  });

  it('passes the same import through the feature’s index', async () => {
    const messages = await wallMessages(
      "import { findUserById } from '../accounts';\nexport const find = findUserById;\n",
      'src/server/features/billing/deliberate.ts',
    );
    expect(messages).toEqual([]);
  });

  it('fails a server feature that imports one that exposes nothing (no index.ts)', async () => {
    const messages = await wallMessages(
      "import { billingRoutes } from '../billing/billing.routes';\nexport const routes = billingRoutes;\n",
      'src/server/features/logs/deliberate.ts',
    );
    expect(messages).toEqual(failure("inside the server feature 'billing'"));
  });

  it('lets code outside the features (app, jobs) import a feature’s files', async () => {
    const messages = await wallMessages(
      "import { billingRoutes } from './features/billing/billing.routes';\nexport const routes = billingRoutes;\n",
      'src/server/deliberate.ts',
    );
    expect(messages).toEqual([]);
  });

  it('fails a client feature that imports another', async () => {
    const messages = await wallMessages(
      "import { RecentlyDeleted } from '../../logs/components/recently-deleted';\nexport const shown = RecentlyDeleted;\n",
      'src/client/features/import/components/deliberate.tsx',
    );
    expect(messages).toEqual(failure("does not import another ('logs')"));
  });

  it('fails the form engine reaching for the database', async () => {
    const messages = await wallMessages(
      "import { fvfTemplates } from '../../../db/schema';\nexport const table = fvfTemplates;\n",
      'src/server/features/forms/fvf/deliberate.ts',
    );
    expect(messages).toEqual([
      {
        ruleId: 'boundaries/dependencies',
        message:
          "'../../../db/schema' is outside the engine src/server/features/forms/fvf: an engine imports only itself, src/server/adapters and src/shared (no database, no service).",
      },
    ]);
  });

  it('fails the form engine reaching for a service of its own feature', async () => {
    const messages = await wallMessages(
      "import { templateFor } from '../fvf-templates.service';\nexport const find = templateFor;\n",
      'src/server/features/forms/fvf/deliberate.ts',
    );
    expect(messages).toEqual(failure("'../fvf-templates.service' is outside the engine"));
  });

  it('passes the form engine importing the adapters and src/shared', async () => {
    const messages = await wallMessages(
      "import { embedDejaVu } from '../../../adapters/pdf/pdf-fonts';\nimport { AppError } from '../../../../shared/errors';\nexport const both = [embedDejaVu, AppError];\n",
      'src/server/features/forms/fvf/deliberate.ts',
    );
    expect(messages).toEqual([]);
  });

  it('fails a forms service reaching inside the engine, and passes it through the index', async () => {
    const inside = await wallMessages(
      "import { fillFvfTemplate } from './fvf/fvf-template';\nexport const fill = fillFvfTemplate;\n",
      'src/server/features/forms/deliberate.ts',
    );
    expect(inside).toEqual([
      {
        ruleId: 'boundaries/dependencies',
        message:
          "'./fvf/fvf-template' is inside the engine src/server/features/forms/fvf: the rest of the feature uses what its index.ts exposes (import from its folder).",
      },
    ]);
    const throughIndex = await wallMessages(
      "import { loadFvfEngine } from './fvf';\nexport const load = loadFvfEngine;\n",
      'src/server/features/forms/deliberate.ts',
    );
    expect(throughIndex).toEqual([]);
  });

  it('fails another feature using the engine, even through its index', async () => {
    const messages = await wallMessages(
      "import { loadFvfEngine } from '../forms/fvf';\nexport const load = loadFvfEngine;\n",
      'src/server/features/progress/deliberate.ts',
    );
    expect(messages).toEqual(
      failure('is the engine of the server feature src/server/features/forms:'),
    );
  });

  it.each([
    ['src/shared/logs/deliberate.ts', "import { clock } from '../../server/clock';"],
    ['src/shared/logs/deliberate.ts', "import { readFileSync } from 'node:fs';"],
    ['src/shared/logs/deliberate.ts', "import { eq } from 'drizzle-orm';"],
    ['src/shared/logs/deliberate.ts', "import { useState } from 'react';"],
    ['src/shared/logs/deliberate.ts', "import { Button } from '@mantine/core';"],
    ['src/server/deliberate.ts', "import { apiClient } from '../client/lib/api-client';"],
    ['src/server/deliberate.ts', "import { createElement } from 'react';"],
    ['src/client/lib/deliberate.ts', "import { clock } from '../../server/clock';"],
    ['src/client/lib/deliberate.ts', "import path from 'node:path';"],
    ['src/client/lib/deliberate.ts', "import { sql } from 'drizzle-orm';"],
    ['src/client/lib/deliberate.ts', "import Fastify from 'fastify';"],
  ])('fails a layer crossing: %s with %s', async (file, line) => {
    const name = /import (?:\{ )?(\w+)/.exec(line)?.[1];
    expect(await wallMessages(`${line}\nexport const used = ${name};\n`, file)).toEqual([
      { ruleId: 'boundaries/dependencies', message: LAYER },
    ]);
  });

  it('passes the layers standing on src/shared', async () => {
    const code = "import { AppError } from '../../shared/errors';\nexport const used = AppError;\n";
    expect(await wallMessages(code, 'src/client/lib/deliberate.ts')).toEqual([]);
    expect(await wallMessages(code, 'src/server/jobs/deliberate.ts')).toEqual([]);
  });
});

describe('a feature folder no config names', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('src/server/features/alpha/index.js', "export { a } from './alpha.service.js';\n");
  write('src/server/features/alpha/alpha.service.js', 'export const a = 1;\n');

  it('is walled in from the folder alone', async () => {
    const lint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: boundariesConfig(root),
    });
    const lintAs = async (code: string, file: string) => {
      const [result] = await lint.lintText(code, { filePath: path.join(root, file) });
      return result?.messages.map((message) => message.ruleId);
    };
    expect(
      await lintAs(
        "import { a } from '../alpha/alpha.service.js';\nexport const b = a;\n",
        'src/server/features/beta/x.js',
      ),
    ).toEqual(['boundaries/dependencies']);
    expect(
      await lintAs(
        "import { a } from '../alpha/index.js';\nexport const b = a;\n",
        'src/server/features/beta/x.js',
      ),
    ).toEqual([]);
  });
});
