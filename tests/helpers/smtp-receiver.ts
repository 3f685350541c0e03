import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  headers: Map<string, string>;
  /** The text body, quoted-printable decoded. */
  text: string;
  /** When the server accepted it (ms since the epoch). */
  receivedAt: number;
}

/** Headers unfolded, names lower-cased; the body after the first blank line. */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  let text = raw.slice(split + 4);
  if (/quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '')) {
    const bytes = text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return { to, headers, text: text.replace(/\r\n/g, '\n').trimEnd(), receivedAt: Date.now() };
}

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps what it accepts. `down()`
 * closes it, so senders meet a refused connection, and `up()` opens it again on the same port.
 * `stall()` makes it take a message's DATA and never answer (the message is kept, as a server
 * whose reply was lost would deliver it), until `unstall()`; `stalled` counts those messages.
 */
export function smtpReceiver() {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  let stalling = false;
  let stalled = 0;

  const open = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      const next = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const to = session.envelope.rcptTo.map((r) => r.address);
            received.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
            if (!stalling) return callback();
            stalled += 1;
          });
        },
      });
      next.listen(port, '127.0.0.1', () => {
        port = (next.server.address() as AddressInfo).port;
        resolve();
      });
      server = next;
    });
  const close = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (current) current.close(() => resolve());
      else resolve();
    });

  return {
    received,
    start: open,
    stop: close,
    down: close,
    up: open,
    url: () => `smtp://127.0.0.1:${port}`,
    stall: () => void (stalling = true),
    unstall: () => void (stalling = false),
    stalled: () => stalled,
  };
}
