import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { HostAnswer, HostRequest } from '../../../server/db/pglite-protocol.ts';
import { RemotePglite } from '../../../server/db/pglite-remote.ts';

// A channel whose owner answers each request after `delayMs`, as a busy PGlite thread would.
function slowChannel(delayMs: number) {
  const answers = new EventEmitter();
  return {
    on: (event: 'message', listener: (answer: HostAnswer) => void) => answers.on(event, listener),
    postMessage(request: HostRequest) {
      setTimeout(() => {
        const result = { rows: [], fields: [], affectedRows: 0 };
        answers.emit('message', { id: request.id, ok: true, result });
      }, delayMs);
    },
  };
}

describe('slow PGlite requests', () => {
  it('are named in the log with their SQL and their time; quick ones are not', async () => {
    const slow: string[] = [];
    const watch = { slowMs: 40, onSlow: (what: string) => slow.push(what) };
    await new RemotePglite(slowChannel(80), watch).query('SELECT   count(*)\n FROM readings');
    await new RemotePglite(slowChannel(0), watch).query('SELECT 1');
    expect(slow).toEqual(['SELECT count(*) FROM readings']);
  });
});
