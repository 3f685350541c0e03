import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Whether this process built the server already: the sources do not change during a run, and
 * the files of a worker share its modules (vitest's isolate: false), so the files and drivers
 * after the first start the same build instead of spawning esbuild again (1-9 s each here).
 */
let built = false;

/** Compiles the server as `npm run build` does (scripts/build-server.mjs), once per process. */
export function buildServer(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build-server failed: ${result.stderr}`);
  built = true;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Sends `signal` and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The compiled server (`node dist-server/main.js`, as production runs it) in a child process,
 * resolved once it prints that it runs. Variables not given are those of a quiet test start.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  args: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['dist-server/main.js', ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_HISTORY_DAYS: '0',
      DEMO_LIVE_FEED: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (printed.includes('SpanWatch is running')) resolve();
    };
    child.stdout?.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`the server exited with ${code} before running:\n${printed}`)),
    );
  });
  return {
    child,
    output: () => printed,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A Mosquitto of the test's own on a private port (anonymous, in memory). */
export async function startMosquitto(
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'spanwatch-mosquitto-'));
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(config, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const child = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 300));
  if (child.exitCode !== null) throw new Error(`mosquitto did not start on port ${port}`);
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
