import { spawn } from 'node:child_process';

/**
 * What a child process that reads an upload may use (decision 009): a file that asks for more
 * is the file's fault, and the child dies of it instead of the server.
 */
export type ChildLimits = {
  /** V8's heap in the child (`--max-old-space-size`), MiB. */
  heapMb: number;
  /**
   * The child's whole address space (`ulimit -v`), MiB: Node reserves about 1 GiB of it before
   * it runs a line, so this is ≈ 1 GiB plus what the work may really take.
   */
  addressSpaceMb: number;
  /**
   * The CPU seconds the child may use (`ulimit -t`): the bound on the work a file asks for,
   * which a busy machine does not shorten.
   */
  cpuSeconds: number;
  /** Killed after this long whatever it has used: only a machine stalled for ages gets there. */
  timeoutMs: number;
  /** The most bytes the child may answer with; past it, it is killed. */
  maxOutputBytes: number;
};

/**
 * How a bounded child ended: its exit code (null when a signal ended it: a limit of the system,
 * or out of memory), whether we killed it (time or output limit), and what it wrote to stdout.
 */
export type ChildOutcome = { code: number | null; isKilled: boolean; output: Buffer };

// Sets the address-space and CPU-time limits (where the system allows them), then becomes node.
const LIMITED = 'ulimit -v "$1" 2>/dev/null; ulimit -t "$2" 2>/dev/null; shift 2; exec "$@"';

/**
 * Runs a Node script (`script`, an absolute path; `args` its argv[2]) with `input` on its stdin,
 * under `limits`, with an empty environment, and answers how it ended. It never rejects: the
 * caller reads a refusal off the exit code.
 */
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
    // A child that exits before reading all of its input closes the pipe: its exit code tells.
    child.stdin.on('error', () => undefined);
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, isKilled, output: Buffer.concat(chunks) });
    });
    child.stdin.end(input);
  });
}
