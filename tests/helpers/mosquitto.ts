import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Ports kept for the tests' own brokers (the shared one on 1883 allows anonymous clients). */
const PORTS = [18850, 18851, 18852, 18853, 18854, 18855, 18856, 18857, 18858, 18859];
const PROJECT_CONFIG = path.resolve(import.meta.dirname, '../../mqtt/mosquitto.conf');

export interface TestBroker {
  url: string;
  adminUsername: string;
  adminPassword: string;
  /** Runs `mosquitto_ctrl ... dynsec <args>` as the admin, as docs/ingest.md tells operators to. */
  dynsec(...args: string[]): string;
  /** Stops the broker process, keeping its files (dynamic-security.json, sessions). */
  stop(): Promise<void>;
  /** Starts it again on the same port and files. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' })
      .once('connect', () => {
        socket.destroy();
        resolve(true);
      })
      .once('error', () => resolve(false));
  });

/** The project's mqtt/mosquitto.conf with only the port and the file locations changed. */
function configFor(dir: string, port: number): string {
  const replacements: [RegExp, string][] = [
    [/^listener 1883$/m, `listener ${port} 127.0.0.1`],
    [/^persistence_location .*$/m, `persistence_location ${dir}/`],
    [/^plugin_opt_config_file .*$/m, `plugin_opt_config_file ${dir}/dynamic-security.json`],
  ];
  let text = readFileSync(PROJECT_CONFIG, 'utf8');
  for (const [pattern, line] of replacements) {
    if (!pattern.test(text)) throw new Error(`mqtt/mosquitto.conf has no line ${String(pattern)}`);
    text = text.replace(pattern, line);
  }
  return text;
}

/** A Mosquitto of its own with the project's config, its dynamic security freshly initialised. */
export async function startTestBroker(): Promise<TestBroker> {
  let port: number | undefined;
  for (const candidate of PORTS) {
    if (await portIsFree(candidate)) {
      port = candidate;
      break;
    }
  }
  if (port === undefined) throw new Error(`no free port for a test broker in ${PORTS.join(', ')}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'spanwatch-mosquitto-'));
  // Started as root, mosquitto drops to its own user, which must still read and save the files.
  chmodSync(dir, 0o777);
  const adminUsername = 'spanwatch-admin';
  const adminPassword = randomBytes(12).toString('hex');
  const dynsecFile = path.join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsecFile, adminUsername, adminPassword]);
  chmodSync(dynsecFile, 0o666);
  const configFile = path.join(dir, 'mosquitto.conf');
  writeFileSync(configFile, configFor(dir, port));

  let child: ChildProcess | null = null;
  let output = '';
  const brokerPort = port;

  async function start() {
    output = '';
    const started = spawn('mosquitto', ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 5000;
    while (!(await accepts(brokerPort))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        throw new Error(`mosquitto did not start: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    adminUsername,
    adminPassword,
    dynsec: (...args) =>
      execFileSync(
        'mosquitto_ctrl',
        [
          '-h',
          '127.0.0.1',
          '-p',
          String(brokerPort),
          '-u',
          adminUsername,
          '-P',
          adminPassword,
        ].concat(['dynsec', ...args]),
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      ),
    stop,
    start,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
