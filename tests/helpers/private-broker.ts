import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const CONFIG = fileURLToPath(new URL('./mosquitto-private.conf', import.meta.url));

export interface PrivateBroker {
  url: string;
  stop(): Promise<void>;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A Mosquitto of the test's own on `port` (tests use 18840-18849), so a test's sessions and
 * queued messages never meet another process's on the shared broker.
 */
export async function startPrivateBroker(port: number): Promise<PrivateBroker> {
  const child: ChildProcess = spawn('mosquitto', ['-c', CONFIG, '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`mosquitto did not start on port ${port}: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
