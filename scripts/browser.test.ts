import { describe, expect, it } from 'vitest';
import {
  BrowserError,
  ensureBrowser,
  findBrowser,
  type Browser,
  type Installers,
  type Machine,
} from './browser';

const PLAYWRIGHT_OWN = '/home/me/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

type Case = {
  name: string;
  /** Executable files on the machine before anything is installed. */
  files?: string[];
  env?: Record<string, string>;
  root?: boolean;
  debian?: boolean;
  /** What each installer puts on the machine when it works (absent: it fails). */
  playwrightInstalls?: string;
  aptInstalls?: string;
  expected: Browser | { error: RegExp };
  /** The installers tried, in order. */
  tried: string[];
};

/** A fake machine whose installers add files, and a record of the installers tried. */
function fakeMachine(c: Case): { machine: Machine; installers: Installers; tried: string[] } {
  const files = new Set(c.files ?? []);
  const tried: string[] = [];
  const machine: Machine = {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...c.env },
    isExecutable: (file) => files.has(file),
    playwrightExecutable: () => PLAYWRIGHT_OWN,
    isRoot: c.root ?? false,
    isDebian: c.debian ?? false,
  };
  const installer = (name: string, installs: string | undefined) => () => {
    tried.push(name);
    if (!installs) return `${name} unreachable`;
    files.add(installs);
    return null;
  };
  return {
    machine,
    tried,
    installers: {
      playwright: (withSystemDeps) =>
        installer(withSystemDeps ? 'playwright+deps' : 'playwright', c.playwrightInstalls)(),
      apt: installer('apt', c.aptInstalls),
    },
  };
}

const cases: Case[] = [
  {
    name: 'CHROMIUM_PATH comes first, before a system browser',
    files: ['/opt/chrome/chrome', '/usr/bin/chromium', PLAYWRIGHT_OWN],
    env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
    expected: { path: '/opt/chrome/chrome', source: 'CHROMIUM_PATH' },
    tried: [],
  },
  {
    name: 'a CHROMIUM_PATH that is not there is reported, not replaced by another',
    files: ['/usr/bin/chromium'],
    env: { CHROMIUM_PATH: '/opt/missing/chrome' },
    expected: {
      error:
        /^CHROMIUM_PATH=\/opt\/missing\/chrome is not an executable file: point it to a Chromium, or unset it\.$/,
    },
    tried: [],
  },
  {
    name: 'an empty CHROMIUM_PATH counts as unset',
    files: ['/usr/bin/chromium'],
    env: { CHROMIUM_PATH: '' },
    expected: { path: '/usr/bin/chromium', source: 'system' },
    tried: [],
  },
  {
    name: 'the system Chromium comes before Playwright’s own',
    files: ['/usr/bin/chromium', PLAYWRIGHT_OWN],
    expected: { path: '/usr/bin/chromium', source: 'system' },
    tried: [],
  },
  {
    name: 'the headless shell comes before the full Chromium',
    files: ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell', PLAYWRIGHT_OWN],
    expected: { path: '/usr/bin/chromium-headless-shell', source: 'system' },
    tried: [],
  },
  {
    name: 'Chromium is preferred to Chrome, and PATH is searched in order',
    files: [
      '/usr/bin/google-chrome',
      '/usr/bin/chromium-browser',
      '/usr/local/bin/chromium-browser',
    ],
    expected: { path: '/usr/local/bin/chromium-browser', source: 'system' },
    tried: [],
  },
  {
    name: 'Chrome on PATH is a system browser too',
    files: ['/usr/bin/google-chrome', PLAYWRIGHT_OWN],
    expected: { path: '/usr/bin/google-chrome', source: 'system' },
    tried: [],
  },
  {
    name: 'Playwright’s own, already installed, is used without installing anything',
    files: [PLAYWRIGHT_OWN],
    root: true,
    debian: true,
    expected: { path: PLAYWRIGHT_OWN, source: 'playwright' },
    tried: [],
  },
  {
    name: 'with none, Playwright’s download comes first',
    playwrightInstalls: PLAYWRIGHT_OWN,
    aptInstalls: '/usr/bin/chromium',
    expected: { path: PLAYWRIGHT_OWN, source: 'playwright' },
    tried: ['playwright'],
  },
  {
    name: 'as root on Debian the download also installs the libraries it needs',
    root: true,
    debian: true,
    playwrightInstalls: PLAYWRIGHT_OWN,
    aptInstalls: '/usr/bin/chromium',
    expected: { path: PLAYWRIGHT_OWN, source: 'playwright' },
    tried: ['playwright+deps'],
  },
  {
    name: 'as root on Debian, when the download fails, the distribution’s package',
    root: true,
    debian: true,
    aptInstalls: '/usr/bin/chromium',
    expected: { path: '/usr/bin/chromium', source: 'system' },
    tried: ['playwright+deps', 'apt'],
  },
  {
    name: 'not root on Debian: no apt; the line names sudo apt-get',
    debian: true,
    aptInstalls: '/usr/bin/chromium',
    expected: {
      error:
        /^No Chromium for the end-to-end tests \(`npx playwright install chromium` failed: playwright unreachable\): run `sudo apt-get install -y chromium-headless-shell fonts-dejavu-core`, or set CHROMIUM_PATH to a Chromium executable\.$/,
    },
    tried: ['playwright'],
  },
  {
    name: 'root but not Debian: no apt; the line names the Playwright install',
    root: true,
    aptInstalls: '/usr/bin/chromium',
    expected: {
      error: /failed: playwright unreachable\): run `npx playwright install chromium`, or set/,
    },
    tried: ['playwright'],
  },
  {
    name: 'as root on Debian with both failing, both reasons in one line',
    root: true,
    debian: true,
    expected: {
      error:
        /\(`npx playwright install chromium` failed: playwright\+deps unreachable; `apt-get install -y chromium-headless-shell fonts-dejavu-core` failed: apt unreachable\): run `npx playwright install chromium`/,
    },
    tried: ['playwright+deps', 'apt'],
  },
  {
    name: 'an installer that succeeds without leaving a browser counts as failed',
    root: true,
    debian: true,
    playwrightInstalls: '/somewhere/else',
    aptInstalls: '/usr/bin/chromium',
    expected: { path: '/usr/bin/chromium', source: 'system' },
    tried: ['playwright+deps', 'apt'],
  },
];

describe('the Chromium the end-to-end tests use', () => {
  it.each(cases)('$name', (c) => {
    const { machine, installers, tried } = fakeMachine(c);
    const log: string[] = [];
    if ('error' in c.expected) {
      const error: unknown = (() => {
        try {
          ensureBrowser(machine, installers, (line) => log.push(line));
        } catch (thrown) {
          return thrown;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(BrowserError);
      const message = error instanceof Error ? error.message : '';
      expect(message).toMatch(c.expected.error);
      expect(message).not.toContain('\n');
    } else {
      expect(ensureBrowser(machine, installers, (line) => log.push(line))).toEqual(c.expected);
    }
    expect(tried).toEqual(c.tried);
    // Each attempt is announced before it runs.
    expect(log).toHaveLength(c.tried.length);
  });

  it('findBrowser installs nothing', () => {
    const { machine, tried } = fakeMachine({ name: 'none', expected: { error: /./ }, tried: [] });
    expect(findBrowser(machine)).toBeNull();
    expect(tried).toEqual([]);
  });
});
