import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmsSettings } from '../../server/alerts/sms-provider.ts';

export interface SmsRequest {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
  /** Answered 500 (the provider down) rather than 201. */
  refused: boolean;
}

/**
 * A fake of the SMS provider's Messages resource on loopback (a real HTTP server) keeping every
 * request; it refuses the next `refuse(n)` requests with a 500 and accepts the others with a 201
 * as the provider answers. `settings` points at it once started (the same object, so a test's
 * configuration may hold it before then).
 */
export function smsFake(account: Omit<SmsSettings, 'baseUrl'>) {
  const settings: SmsSettings = { baseUrl: '', ...account };
  const requests: SmsRequest[] = [];
  let refusing = 0;
  let server: Server | null = null;

  return {
    settings,
    requests,
    accepted: () => requests.filter((request) => !request.refused),
    refuse(count: number) {
      refusing = count;
    },
    async start() {
      const next = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          const refused = refusing > 0;
          if (refused) refusing -= 1;
          requests.push({
            path: request.url ?? '',
            authorization: request.headers.authorization,
            form: new URLSearchParams(body),
            refused,
          });
          response.writeHead(refused ? 500 : 201, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify(
              refused
                ? { message: 'try later' }
                : { sid: `SM${requests.length}`, status: 'queued' },
            ),
          );
        });
      });
      await new Promise<void>((resolve) => next.listen(0, '127.0.0.1', resolve));
      settings.baseUrl = `http://127.0.0.1:${(next.address() as AddressInfo).port}`;
      server = next;
    },
    stop: () =>
      new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}
