/**
 * `npm run simulate -- --bridge 3 [--via http|mqtt] [--hours 1] [--live] ...`: simulated sensor
 * data for any bridge, sent through the real ingest (HTTP or MQTT), never written to the
 * database directly. With --email/--password (a staff account) it first creates the spans,
 * sensors and data streams the scenario feeds, and an ingest token; otherwise pass --token (and,
 * over MQTT, --mqtt-username: the token's broker client, `bridge-<bridge>-token-<id>`).
 */
import { parseArgs } from 'node:util';
import { httpSender, mqttSender, type BlockSender } from './block-senders.ts';
import { login, prepareBridge } from './simulate-setup.ts';
import { createBridgeSimulator } from './bridge-simulator.ts';
import { createScenario } from './scenarios.ts';

const { values: args } = parseArgs({
  options: {
    bridge: { type: 'string' },
    via: { type: 'string', default: 'http' },
    url: { type: 'string', default: process.env.SPANWATCH_URL ?? 'http://127.0.0.1:8080' },
    mqtt: { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
    token: { type: 'string', default: process.env.SPANWATCH_INGEST_TOKEN },
    'mqtt-username': { type: 'string', default: process.env.SPANWATCH_MQTT_USERNAME },
    email: { type: 'string', default: process.env.SPANWATCH_EMAIL },
    password: { type: 'string', default: process.env.SPANWATCH_PASSWORD },
    prefix: { type: 'string' },
    seed: { type: 'string', default: '1' },
    spans: { type: 'string', default: '2' },
    rate: { type: 'string', default: '100' },
    hours: { type: 'string', default: '1' },
    live: { type: 'boolean', default: false },
  },
});

const bridgeId = Number(args.bridge);
if (!Number.isInteger(bridgeId) || bridgeId < 1) {
  console.error('Usage: npm run simulate -- --bridge <id> [--via http|mqtt] [--hours N] [--live]');
  console.error(
    '       [--email staff@... --password ...] or [--token swi_... [--mqtt-username bridge-..]]',
  );
  console.error('       [--url ...] [--mqtt ...]');
  process.exit(1);
}
const scenario = createScenario({
  seed: Number(args.seed),
  prefix: args.prefix ?? `bridge${bridgeId}`,
  spans: Number(args.spans),
  accelerationRateHz: Number(args.rate),
});

let token = args.token;
let mqttUsername = args['mqtt-username'];
let access: string | undefined;
if (args.email && args.password) {
  access = await login(args.url, args.email, args.password);
  const streams = scenario.streams.map((s) => ({ id: s.id, dataType: s.dataType, span: s.span }));
  ({ token, mqttUsername } = await prepareBridge(args.url, access, bridgeId, streams));
}
if (args.via === 'http' && !token && !access) {
  console.error(
    'Pass --token (an ingest token of the bridge) or --email/--password of a staff account.',
  );
  process.exit(1);
}
// Over MQTT the token is the password of its broker client (docs/decisions/010).
const mqttCredential =
  token && mqttUsername ? { username: mqttUsername, password: token } : undefined;
if (args.via === 'mqtt' && !mqttCredential) {
  console.warn('No MQTT credential (--mqtt-username with --token): publishing anonymously.');
}
const sender: BlockSender = await openSender().catch((error: unknown) => {
  // A refused broker connection is a setup mistake, not a crash: say what to check.
  console.error(
    `Could not connect to the MQTT broker at ${args.mqtt}: ${(error as Error).message}`,
  );
  console.error('Check --mqtt, and pass --token with --mqtt-username when the broker needs them.');
  process.exit(1);
});

async function openSender(): Promise<BlockSender> {
  return args.via === 'mqtt'
    ? mqttSender(args.mqtt, bridgeId, mqttCredential)
    : httpSender(args.url, { token, access });
}

// History up to the current second, an hour of simulated time per round trip group.
const now = Math.floor(Date.now() / 1000) * 1000;
const from = now - Number(args.hours) * 3_600_000;
const simulator = createBridgeSimulator(scenario, from);
let sent = 0;
for (let t = from; t < now; t = Math.min(now, t + 60_000)) {
  const result = await sender.send(simulator.advance(Math.min(now, t + 60_000)));
  sent += result.accepted;
}
console.log(
  `Sent ${sent.toLocaleString('en-CA')} samples of history for bridge ${bridgeId} via ${args.via}.`,
);

if (args.live) {
  console.log('Live feed: one block per stream every second (Ctrl-C to stop).');
  const timer = setInterval(() => {
    void sender
      .send(simulator.advance(Math.floor(Date.now() / 1000) * 1000))
      .catch((error: unknown) => {
        console.error(`Sending failed: ${String(error)}`);
      });
  }, 1000);
  process.once('SIGINT', () => {
    clearInterval(timer);
    void sender.close().then(() => process.exit(0));
  });
} else {
  await sender.close();
}
