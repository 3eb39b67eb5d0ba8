import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { openDatabase, type Database } from '../../src/server/db/client';
import { fillTemplate, NGINX_TEMPLATE } from './nginx-template';
import { startS3rver } from '../helpers/storage-harness';
import { freePort, startProcess, type RunningProcess } from '../helpers/server-process';

/*
 * The parts of a deployment of several instances, each real and on loopback: a PostgreSQL
 * database of its own on DATABASE_URL's server (created here, dropped at the end), S3 on s3rver,
 * an SMTP receiver (smtp-server), the built server as `npm start` runs it (scripts/start.mjs)
 * started as many times as asked, and Debian's nginx in front with TLS, configured from the
 * template that docs/deploying.md shows (deploy/nginx/fieldwork-tracker.conf.template).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = join(ROOT, 'scripts/start.mjs');
export const METRICS_TOKEN = 'cluster-test-metrics-token';

export type Reply = {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  json: <T = Record<string, unknown>>() => T;
};

export type RequestOptions = {
  method?: string;
  path: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The loopback address the request comes from (127.0.0.0/8): each simulated client has its
   * own, as people behind the proxy have theirs (the rate limits count per address).
   */
  from?: string;
};

/** One HTTP(S) request; resolves with whatever status it got, rejects only on a socket error. */
export function send(
  base: string,
  ca: Buffer | undefined,
  options: RequestOptions,
): Promise<Reply> {
  const url = new URL(options.path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `token ${options.token}`;
  const requestOf = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolvePromise, reject) => {
    const req = requestOf(
      url,
      {
        method: options.method ?? 'GET',
        headers,
        ca,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolvePromise({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${options.path}: no answer in 30 s`)));
    req.end(payload);
  });
}

/**
 * Waits until `check` resolves true, trying every 50 ms. `timeoutMs` only bounds a hung run (a
 * check that throws ends the wait at once): it is set far above what a loaded machine needs, so
 * a busy CI waits longer instead of failing.
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 300_000,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
  }
}

export type Mail = { to: string[]; raw: string };

/** An SMTP server on loopback that keeps every mail it is given. */
export async function startSmtpReceiver() {
  const inbox: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          // Quoted-printable soft line breaks undone, so a code or a link reads whole.
          raw: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolvePromise) => server.listen(port, '127.0.0.1', resolvePromise));
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    to: (address: string) => inbox.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolvePromise) => server.close(() => resolvePromise())),
  };
}

/** A database of its own on DATABASE_URL's server (127.0.0.1:5432 by default). */
export async function createClusterDatabase() {
  const admin = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `ft_cluster_${process.pid}_${Date.now().toString(36)}`;
  const adminClient = new pg.Client({ connectionString: admin });
  try {
    await adminClient.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${new URL(admin).host} (${String(error)}): start it, or set DATABASE_URL to a server this test may create a database on.`,
      { cause: error },
    );
  }
  await adminClient.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let database: Database | undefined;
  return {
    url: url.href,
    /** The tests' own connection, opened after the instances migrated the database. */
    open: async () => {
      database ??= await openDatabase({ databaseUrl: url.href, migrate: false });
      return database;
    },
    query: async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      await database?.close();
      await adminClient.query(`drop database if exists ${name} with (force)`);
      await adminClient.end();
    },
  };
}

export type Instance = {
  name: string;
  port: number;
  base: string;
  process: RunningProcess;
  /** The log lines it wrote, parsed (JSON lines only). */
  logLines: () => Record<string, unknown>[];
};

/** Starts the built server on `port` with the cluster's settings. */
export function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const dataDir = mkdtempSync(join(tmpdir(), `ft-cluster-${name}-`));
  const running = startProcess(SERVER_ENTRY, dataDir, {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DB_POOL_MAX: '5',
    ...env,
  });
  void running.exit.then(() => rmSync(dataDir, { recursive: true, force: true }));
  return {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    process: running,
    logLines: () =>
      running
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return {};
          }
        }),
  };
}

/** Resolves once the instance answers 200 on /api/ready; fails at once if it exits first. */
export async function waitUntilReady(instance: Instance, timeoutMs = 600_000): Promise<void> {
  await waitFor(
    `${instance.name} to be ready`,
    async () => {
      if (instance.process.child.exitCode !== null) {
        throw new Error(`${instance.name} exited:\n${instance.process.output()}`);
      }
      const reply = await send(instance.base, undefined, { path: '/api/ready' }).catch(
        () => undefined,
      );
      return reply?.status === 200;
    },
    timeoutMs,
  );
}

/** A self-signed certificate for 127.0.0.1 (openssl), and its folder. */
function makeCertificate(dir: string): { cert: string; key: string; ca: Buffer } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key, ca: readFileSync(cert) };
}

/** Debian's nginx in front of `upstreams`, from the template; TLS with a self-signed cert. */
export async function startNginx(upstreams: number[]) {
  const dir = mkdtempSync(join(tmpdir(), 'ft-cluster-nginx-'));
  // Its workers run as an unprivileged user when nginx is started as root.
  chmodSync(dir, 0o755);
  const temp = join(dir, 'temp');
  mkdirSync(temp, { mode: 0o777 });
  chmodSync(temp, 0o777);
  const { cert, key, ca } = makeCertificate(dir);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const site = fillTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), {
    FT_SERVER_NAME: '127.0.0.1',
    FT_HTTPS_PORT: `127.0.0.1:${httpsPort}`,
    FT_HTTP_PORT: `127.0.0.1:${httpPort}`,
    FT_TLS_CERT: cert,
    FT_TLS_KEY: key,
    FT_UPSTREAMS: upstreams
      .map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
      .join('\n    '),
    FT_ACCESS_LOG: join(dir, 'access.log'),
  });
  writeFileSync(join(dir, 'site.conf'), site);
  // The main file a distribution's nginx.conf would be; the site is included as conf.d would.
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'worker_processes 1;',
      'events { worker_connections 512; }',
      'http {',
      `  client_body_temp_path ${temp}/body;`,
      `  proxy_temp_path ${temp}/proxy;`,
      `  fastcgi_temp_path ${temp}/fastcgi;`,
      `  uwsgi_temp_path ${temp}/uwsgi;`,
      `  scgi_temp_path ${temp}/scgi;`,
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
  execFileSync('nginx', [...args, '-t', '-q'], { stdio: 'pipe' });
  const child: ChildProcess = spawn('nginx', [...args, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolvePromise) => child.once('close', () => resolvePromise()));
  const base = `https://127.0.0.1:${httpsPort}`;
  await waitFor('nginx to answer', async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    return (await send(base, ca, { path: '/api/health' }).catch(() => undefined)) !== undefined;
  });
  return {
    base,
    ca,
    accessLog: () => readFileSync(join(dir, 'access.log'), 'utf8'),
    /** The end of nginx's error log, for a failure's message. */
    errorLog: () => readFileSync(join(dir, 'error.log'), 'utf8').split('\n').slice(-15).join('\n'),
    stop: async () => {
      // SIGQUIT: nginx's graceful stop.
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The S3 server and the settings that use it. */
export const startS3 = () => startS3rver('fieldwork-cluster');

/** Stops an instance with `signal` and resolves with its exit code once it has gone. */
export async function stopInstance(
  instance: Instance,
  signal: NodeJS.Signals,
): Promise<number | null> {
  if (instance.process.child.exitCode !== null) return instance.process.child.exitCode;
  instance.process.child.kill(signal);
  return instance.process.exit;
}
