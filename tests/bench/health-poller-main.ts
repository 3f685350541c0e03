// The health poller of `npm run bench:abuse` in a process of its own (pollInOwnProcess): the
// bench's own work (a 1 MB MQTT message built, a 300,000-row export read and split) held its
// event loop up to 170 ms, and a poller sharing that loop counted the wait as the server's.
// Argument: {"url", "everyMs", "durationMs"}. Prints 'polling' once it starts (after five
// requests whose times are not counted), then the series.
import { pollTargets } from './latency-poller.ts';

const { url, everyMs, durationMs } = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  everyMs: number;
  durationMs: number;
};
// A new process's first requests load fetch and open the connection: not the server's time.
for (let i = 0; i < 5; i += 1) await (await fetch(url)).arrayBuffer();
process.stdout.write('polling\n');
const [series] = await pollTargets([{ label: 'health', url }], { everyMs, durationMs });
process.stdout.write(`${JSON.stringify(series)}\n`);
