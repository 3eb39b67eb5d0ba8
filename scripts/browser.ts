import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

/**
 * Which Chromium the end-to-end tests drive, in the order the ecosystem uses: the one named by
 * CHROMIUM_PATH, else the system's, else Playwright's own; `ensureBrowser` then tries to get one
 * (Playwright's download, then as root on Debian the distribution's package). playwright.config.ts
 * and `npm run test:browser` share this one rule.
 */
export const BROWSER_ENV = 'CHROMIUM_PATH';

/**
 * Names of a system Chromium or Chrome, looked up on PATH in this order. Chromium's headless
 * shell comes first: the same engine without the desktop browser's shell, and what Playwright
 * itself drives for headless runs; it costs the suite less CPU (bench/RESULTS.md, "Test suite").
 */
export const SYSTEM_BROWSERS = [
  'chromium-headless-shell',
  'chromium',
  'chromium-browser',
  'google-chrome-stable',
  'google-chrome',
];

/** Where macOS keeps them (not on PATH). */
export const MAC_BROWSERS = [
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export const PLAYWRIGHT_INSTALL = 'npx playwright install chromium';
export const APT_INSTALL = 'apt-get install -y chromium-headless-shell fonts-dejavu-core';

export type BrowserSource = typeof BROWSER_ENV | 'system' | 'playwright';
export type Browser = { path: string; source: BrowserSource };

/** What the rule reads from the machine; tests pass a fake machine. */
export type Machine = {
  env: Record<string, string | undefined>;
  isExecutable: (file: string) => boolean;
  /** Where Playwright's own Chromium is (or would be) installed. */
  playwrightExecutable: () => string;
  isRoot: boolean;
  isDebian: boolean;
};

/** Attempts to get a browser; each returns null on success or a one-line reason. */
export type Installers = {
  playwright: (withSystemDeps: boolean) => string | null;
  apt: () => string | null;
};

/** A browser that cannot be found or got; the message is one line naming what to run. */
export class BrowserError extends Error {}

function onPath(machine: Machine, name: string): string | null {
  for (const dir of (machine.env.PATH ?? '').split(path.delimiter)) {
    const file = dir && path.join(dir, name);
    if (file && machine.isExecutable(file)) return file;
  }
  return null;
}

/** The installed browser the tests use, or null; installs nothing. */
export function findBrowser(machine: Machine): Browser | null {
  const named = machine.env[BROWSER_ENV];
  if (named) {
    // A named browser that is not there is a mistake to report, not a reason to use another.
    if (!machine.isExecutable(named))
      throw new BrowserError(
        `${BROWSER_ENV}=${named} is not an executable file: point it to a Chromium, or unset it.`,
      );
    return { path: named, source: BROWSER_ENV };
  }
  for (const name of SYSTEM_BROWSERS) {
    const file = onPath(machine, name);
    if (file) return { path: file, source: 'system' };
  }
  const mac = MAC_BROWSERS.find((file) => machine.isExecutable(file));
  if (mac) return { path: mac, source: 'system' };
  const own = machine.playwrightExecutable();
  return machine.isExecutable(own) ? { path: own, source: 'playwright' } : null;
}

/** Finds a browser, or gets one; throws a BrowserError when neither is possible. */
export function ensureBrowser(
  machine: Machine,
  installers: Installers,
  log: (line: string) => void,
): Browser {
  const found = findBrowser(machine);
  if (found) return found;
  const asRootOnDebian = machine.isRoot && machine.isDebian;

  log(`No Chromium found (${BROWSER_ENV} unset, none on PATH): trying \`${PLAYWRIGHT_INSTALL}\`…`);
  const playwrightFailure = installers.playwright(asRootOnDebian);
  const fromPlaywright = playwrightFailure ? null : findBrowser(machine);
  if (fromPlaywright) return fromPlaywright;
  const reasons = [
    `\`${PLAYWRIGHT_INSTALL}\` failed: ${playwrightFailure ?? 'no browser after it'}`,
  ];

  if (asRootOnDebian) {
    log(`${reasons[0]}; trying \`${APT_INSTALL}\`…`);
    const aptFailure = installers.apt();
    const fromApt = aptFailure ? null : findBrowser(machine);
    if (fromApt) return fromApt;
    reasons.push(`\`${APT_INSTALL}\` failed: ${aptFailure ?? 'no browser after it'}`);
  }

  // Not root on Debian: the distribution's package is one sudo away. Otherwise Playwright's
  // download is what is left, once its host is reachable.
  const command = machine.isDebian && !machine.isRoot ? `sudo ${APT_INSTALL}` : PLAYWRIGHT_INSTALL;
  throw new BrowserError(
    `No Chromium for the end-to-end tests (${reasons.join('; ')}): run \`${command}\`, or set ${BROWSER_ENV} to a Chromium executable.`,
  );
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** This machine, as the rule reads it. */
export function thisMachine(): Machine {
  return {
    env: process.env,
    isExecutable: isExecutableFile,
    playwrightExecutable: () => chromium.executablePath(),
    isRoot: process.getuid?.() === 0,
    isDebian: existsSync('/etc/debian_version'),
  };
}

/** The line that names the error best, to report a failed command in one line. */
function reasonIn(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '));
  return (
    lines.find((line) => /\berror\b/i.test(line)) ??
    lines.find((line) => /fail|unable|not found|^E:/i.test(line)) ??
    lines.at(-1) ??
    ''
  );
}

function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
): string | null {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) return result.error.message;
  if (result.status === 0) return null;
  return reasonIn(`${result.stderr}\n${result.stdout}`) || `exit code ${result.status}`;
}

/** The real installers, each bounded in time. */
export const realInstallers: Installers = {
  playwright: (withSystemDeps) => {
    // An unreachable download host then fails in seconds rather than after the default 30 s per try.
    const env = { PLAYWRIGHT_DOWNLOAD_CONNECTION_TIMEOUT: '15000' };
    const failure = run('npx', PLAYWRIGHT_INSTALL.split(' ').slice(1), env, 10 * 60_000);
    if (failure || !withSystemDeps) return failure;
    // Playwright's own build needs libraries a bare Debian lacks; as root it can add them.
    return run('npx', ['playwright', 'install-deps', 'chromium'], {}, 15 * 60_000);
  },
  apt: () =>
    run(
      'sh',
      ['-c', `apt-get update -qq && ${APT_INSTALL.replace('-y', '-y -qq')}`],
      { DEBIAN_FRONTEND: 'noninteractive' },
      15 * 60_000,
    ),
};
