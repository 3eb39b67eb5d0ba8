import { spawn } from 'node:child_process';

/** Decision 009: a file that asks for more kills the child, not the server. */
export type ChildLimits = {
  heapMb: number;
  /** `ulimit -v`, MiB: Node reserves about 1 GiB before it runs a line. */
  addressSpaceMb: number;
  /** `ulimit -t`: unlike wall time, a busy machine does not shorten it. */
  cpuSeconds: number;
  timeoutMs: number;
  maxOutputBytes: number;
};

export type ChildOutcome = { code: number | null; isKilled: boolean; output: Buffer };

const LIMITED = 'ulimit -v "$1" 2>/dev/null; ulimit -t "$2" 2>/dev/null; shift 2; exec "$@"';

/** An empty environment; never rejects: the caller reads a refusal off the exit code. */
export function runBoundedChild(
  script: string,
  args: string,
  input: Uint8Array,
  limits: ChildLimits,
): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        LIMITED,
        'sh',
        String(limits.addressSpaceMb * 1024),
        String(limits.cpuSeconds),
        process.execPath,
        `--max-old-space-size=${limits.heapMb}`,
        script,
        args,
      ],
      { env: {}, stdio: ['pipe', 'pipe', 'ignore'] },
    );
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let isKilled = false;
    const kill = () => {
      isKilled = true;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(kill, limits.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > limits.maxOutputBytes) kill();
      else chunks.push(chunk);
    });
    // A child that exits early closes the pipe: its exit code tells.
    child.stdin.on('error', () => undefined);
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, isKilled, output: Buffer.concat(chunks) });
    });
    child.stdin.end(input);
  });
}
