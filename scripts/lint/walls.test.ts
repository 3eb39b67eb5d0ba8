import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walls, wallsSettings } from './walls.js';

/*
 * The walls of eslint.config.js, shown failing on purpose: code linted from memory as if it were a
 * file of the tree (the real config, the real features), and a small tree made on the spot for a
 * feature that no config names.
 */

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The walls' messages for `code` linted as the file at `file` (relative to the repository). */
async function wallMessages(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('walls/'))
    .map(({ ruleId, message }) => ({ ruleId, message }));
}

describe('the repository lint config', () => {
  // The first lint reads the config and the import graph of the whole tree: seconds, once.
  beforeAll(() => wallMessages('', 'src/shared/warm-up.ts'), 180_000);

  it("fails a server feature that reaches into another's repository", async () => {
    const messages = await wallMessages(
      "import { findUserById } from '../accounts/accounts.repository';\nexport const find = findUserById;\n",
      'src/server/features/billing/deliberate.ts',
    );
    expect(messages).toEqual([
      {
        ruleId: 'walls/feature-boundary',
        message: expect.stringContaining("inside the server feature 'accounts'"),
      },
    ]);
  });

  it('passes the same import through the feature’s index', async () => {
    const messages = await wallMessages(
      "import { findUserById } from '../accounts';\nexport const find = findUserById;\n",
      'src/server/features/billing/deliberate.ts',
    );
    expect(messages).toEqual([]);
  });

  it('fails a server feature that imports one that exposes nothing', async () => {
    const messages = await wallMessages(
      "import { billingRoutes } from '../billing/billing.routes';\nexport const routes = billingRoutes;\n",
      'src/server/features/logs/deliberate.ts',
    );
    expect(messages).toEqual([
      {
        ruleId: 'walls/feature-boundary',
        message:
          "The server feature 'billing' exposes nothing to other features (it has no index.ts).",
      },
    ]);
  });

  it('fails a client feature that imports another', async () => {
    const messages = await wallMessages(
      "import { RecentlyDeleted } from '../../logs/components/recently-deleted';\nexport const shown = RecentlyDeleted;\n",
      'src/client/features/import/components/deliberate.tsx',
    );
    expect(messages).toEqual([
      {
        ruleId: 'walls/feature-boundary',
        message: expect.stringContaining("does not import another ('logs')"),
      },
    ]);
  });

  it('fails a feature cycle: supervisors importing logs, which imports supervisors', async () => {
    const messages = await wallMessages(
      "import { serverToday } from '../logs';\nexport const today = serverToday;\n",
      'src/server/features/supervisors/deliberate.ts',
    );
    expect(messages).toEqual([
      {
        ruleId: 'walls/no-cycle',
        message: expect.stringContaining(
          'Feature cycle: server:supervisors → server:logs → server:supervisors',
        ),
      },
    ]);
  });

  it('fails a file cycle: time.ts importing log-overlap.ts, which imports time.ts', async () => {
    const messages = await wallMessages(
      "import { overlapMessage } from './log-overlap';\nexport const message = overlapMessage;\n",
      'src/shared/logs/time.ts',
    );
    expect(messages).toEqual([
      {
        ruleId: 'walls/no-cycle',
        message:
          'Import cycle: src/shared/logs/time.ts → src/shared/logs/log-overlap.ts → src/shared/logs/time.ts.',
      },
    ]);
  });

  it('lets a cycle of type imports alone pass (they are erased)', async () => {
    const messages = await wallMessages(
      "import type { LogWindow } from './log-overlap';\nexport type Window = LogWindow;\n",
      'src/shared/logs/time.ts',
    );
    expect(messages).toEqual([]);
  });

  it('fails the form engine reaching for the database', async () => {
    const messages = await wallMessages(
      "import { fvfTemplates } from '../../../db/schema';\nexport const table = fvfTemplates;\n",
      'src/server/features/forms/fvf/deliberate.ts',
    );
    expect(messages).toEqual([
      {
        ruleId: 'walls/engine-zone',
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
    expect(messages.map((message) => message.ruleId)).toEqual(['walls/engine-zone']);
  });

  it('fails a forms service reaching inside the engine, and passes it through the index', async () => {
    const inside = await wallMessages(
      "import { fillFvfTemplate } from './fvf/fvf-template';\nexport const fill = fillFvfTemplate;\n",
      'src/server/features/forms/deliberate.ts',
    );
    expect(inside).toEqual([
      {
        ruleId: 'walls/engine-zone',
        message:
          "'./fvf/fvf-template' is inside the engine src/server/features/forms/fvf: the rest of the feature uses what src/server/features/forms/fvf/index.ts exposes (import from its folder).",
      },
    ]);
    const throughIndex = await wallMessages(
      "import { loadFvfEngine } from './fvf';\nexport const load = loadFvfEngine;\n",
      'src/server/features/forms/deliberate.ts',
    );
    expect(throughIndex).toEqual([]);
  });
});

describe('a feature folder no config names', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'walls-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  for (const kind of ['src/shared', 'src/client/features'])
    mkdirSync(path.join(root, kind), { recursive: true });
  write('src/server/features/alpha/index.js', "export { a } from './alpha.service.js';\n");
  write('src/server/features/alpha/alpha.service.js', 'export const a = 1;\n');
  write('src/server/features/beta/index.js', "export { b } from './beta.service.js';\n");
  write(
    'src/server/features/beta/beta.service.js',
    "import { a } from '../alpha';\nexport const b = a;\n",
  );

  it('is walled in, and its cycles found, from the folder alone', async () => {
    const lint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: {
        files: ['**/*.js'],
        plugins: { walls },
        settings: { walls: wallsSettings(root) },
        rules: { 'walls/feature-boundary': 'error', 'walls/no-cycle': 'error' },
      },
    });
    const lintAs = async (code: string, file: string) => {
      const [result] = await lint.lintText(code, { filePath: path.join(root, file) });
      return result?.messages.map((message) => message.ruleId);
    };
    expect(wallsSettings(root).features.server).toEqual(['alpha', 'beta']);
    expect(
      await lintAs(
        "import { a } from '../alpha/alpha.service.js';\n",
        'src/server/features/beta/x.js',
      ),
    ).toEqual(['walls/feature-boundary']);
    expect(
      await lintAs("import { b } from '../beta';\n", 'src/server/features/alpha/x.js'),
    ).toEqual(['walls/no-cycle']);
  });
});
