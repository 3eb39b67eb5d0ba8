import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walls, wallsSettings } from './walls.js';

/*
 * The hand-written wall of eslint.config.js, walls/no-cycle, shown failing on purpose: code linted
 * from memory as if it were a file of the tree (the real config, the real features), and a small
 * tree made on the spot for a feature that no config names. The walls eslint-plugin-boundaries
 * keeps have their own test (boundaries.test.ts).
 */

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The walls rule's messages for `code` linted as the file at `file` (relative to the repository). */
async function wallMessages(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('walls/'))
    .map(({ ruleId, message }) => ({ ruleId, message }));
}

describe('the repository lint config', () => {
  // The first lint reads the config and the import graph of the whole tree: seconds, once.
  beforeAll(() => wallMessages('', 'src/shared/warm-up.ts'), 180_000);

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

  it('has its cycles found from the folder alone', async () => {
    const lint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: {
        files: ['**/*.js'],
        plugins: { walls },
        settings: { walls: wallsSettings(root) },
        rules: { 'walls/no-cycle': 'error' },
      },
    });
    const lintAs = async (code: string, file: string) => {
      const [result] = await lint.lintText(code, { filePath: path.join(root, file) });
      return result?.messages.map((message) => message.ruleId);
    };
    expect(wallsSettings(root).features.server).toEqual(['alpha', 'beta']);
    expect(
      await lintAs("import { b } from '../beta';\n", 'src/server/features/alpha/x.js'),
    ).toEqual(['walls/no-cycle']);
  });
});
