import mqtt from 'mqtt';

/** A block as the simulator (and any gateway) produces it. */
export interface OutgoingBlock {
  stream: string;
  start: string;
  rate_hz: number;
  values: number[];
}

export interface BlockSender {
  send(blocks: OutgoingBlock[]): Promise<{ accepted: number; rejected: number }>;
  close(): Promise<void>;
}

/** POST /api/v1/ingest as NDJSON, 1000 blocks a request, with an ingest token or a session. */
export function httpSender(
  baseUrl: string,
  auth: { token?: string; access?: string },
): BlockSender {
  const headers: Record<string, string> = { 'content-type': 'application/x-ndjson' };
  if (auth.token) headers['x-ingest-token'] = auth.token;
  else if (auth.access) headers.authorization = `Bearer ${auth.access}`;
  return {
    async send(blocks) {
      let accepted = 0;
      let rejected = 0;
      for (let i = 0; i < blocks.length; i += 1000) {
        const body = blocks
          .slice(i, i + 1000)
          .map(({ stream, ...rest }) => JSON.stringify({ stream_id: stream, ...rest }))
          .join('\n');
        const response = await fetch(`${baseUrl}/api/v1/ingest`, { method: 'POST', headers, body });
        const result = (await response.json()) as {
          accepted_samples?: number;
          rejected?: { reason: string; detail: string }[];
          detail?: string;
        };
        if (!response.ok) throw new Error(`ingest answered ${response.status}: ${result.detail}`);
        accepted += result.accepted_samples ?? 0;
        rejected += result.rejected?.length ?? 0;
        const first = result.rejected?.[0];
        if (first) console.warn(`rejected: ${first.reason}: ${first.detail}`);
      }
      return { accepted, rejected };
    },
    close: async () => undefined,
  };
}

/**
 * Publishes each block on spanwatch/<bridge>/<stream> at QoS 1, as the bridge's ingest token's
 * MQTT client (username `bridge-<bridge>-token-<id>`, password the token) when given one.
 */
export async function mqttSender(
  url: string,
  bridgeId: number,
  credential?: { username: string; password: string },
): Promise<BlockSender> {
  const client = await mqtt.connectAsync(url, { protocolVersion: 5, ...credential });
  return {
    async send(blocks) {
      await Promise.all(
        blocks.map(({ stream, ...rest }) =>
          client.publishAsync(`spanwatch/${bridgeId}/${stream}`, JSON.stringify(rest), { qos: 1 }),
        ),
      );
      // Acceptance is decided by the ingest process; rejects land in its dead-letter table.
      return { accepted: blocks.reduce((sum, b) => sum + b.values.length, 0), rejected: 0 };
    },
    close: () => client.endAsync(),
  };
}
