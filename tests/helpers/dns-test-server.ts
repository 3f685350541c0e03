import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/** A name's TXT records (each a string, split into 255-byte chunks on the wire), or silence. */
export type TestZone = Map<string, string[] | 'silent'>;

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, as DNS_SERVERS takes it. */
  address: string;
  /** What the server answers; change it between tests. Names are compared lower case. */
  zone: TestZone;
  /** The names asked for, in order. */
  asked: string[];
  close(): Promise<void>;
}

const TXT = 16;

/** The question's name and type, and where the question ends. */
function question(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (at < query.length && query[at] !== 0) {
    const length = query[at] ?? 0;
    labels.push(query.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  const type = query.readUInt16BE(at + 1);
  return { name: labels.join('.'), type, end: at + 5 };
}

function txtRecord(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length || at === 0; at += 255) {
    const chunk = bytes.subarray(at, at + 255);
    chunks.push(Buffer.from([chunk.length]), chunk);
    if (bytes.length === 0) break;
  }
  const data = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the question's name
  head.writeUInt16BE(TXT, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
}

/**
 * A tiny authoritative DNS server on loopback UDP for the tests (RFC 1035 §4): it reads the
 * question and answers the zone's TXT records for it, NXDOMAIN for a name it does not know, and
 * nothing at all for a name marked 'silent' (a server that does not answer).
 */
export async function startTestDnsServer(zone: TestZone = new Map()): Promise<TestDnsServer> {
  const socket = createSocket('udp4');
  const asked: string[] = [];
  const server: TestDnsServer = {
    address: '',
    zone,
    asked,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on('message', (query, from) => {
    if (query.length < 17) return;
    const { name, type, end } = question(query);
    asked.push(name);
    const records = server.zone.get(name.toLowerCase());
    if (records === 'silent') return;
    const answers = records && type === TXT ? records.map(txtRecord) : [];
    const head = Buffer.alloc(12);
    head.writeUInt16BE(query.readUInt16BE(0), 0); // the query's id
    // A response, authoritative, recursion desired and available; NXDOMAIN for an unknown name.
    head.writeUInt16BE(0x8580 | (records === undefined ? 3 : 0), 2);
    head.writeUInt16BE(1, 4);
    head.writeUInt16BE(answers.length, 6);
    const reply = Buffer.concat([head, query.subarray(12, end), ...answers]);
    socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  server.address = `127.0.0.1:${(socket.address() as AddressInfo).port}`;
  return server;
}
