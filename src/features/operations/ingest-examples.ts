/** Where the app runs, as a gateway would reach it (the browser's own address). */
export interface IngestEndpoint {
  origin: string;
  mqttHost: string;
}

export interface IngestExampleInput {
  endpoint: IngestEndpoint;
  bridgeId: number;
  token: string;
  mqttUsername: string;
  /** Time of the example block's first sample. */
  at: Date;
}

/** A placeholder the sender replaces with one of the bridge's data streams. */
export const STREAM_PLACEHOLDER = '<stream_id>';

const block = (at: Date) =>
  JSON.stringify({ start: at.toISOString(), rate_hz: 1, values: [12.1, 12.3, 12.2] });

/** Single quotes around a shell word; a quote inside is closed, escaped and reopened. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** POST /api/v1/ingest with the token, a three-sample block of one stream (docs/ingest.md). */
export function curlExample({ endpoint, token, at }: IngestExampleInput): string {
  const body = `[${block(at).replace('{', `{"stream_id":"${STREAM_PLACEHOLDER}",`)}]`;
  return [
    `curl -X POST ${shellQuote(`${endpoint.origin}/api/v1/ingest`)} \\`,
    `  -H ${shellQuote(`X-Ingest-Token: ${token}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}

/** The same block over MQTT: the token is the password of its own broker login (docs/ingest.md). */
export function mqttExample({ endpoint, bridgeId, token, mqttUsername, at }: IngestExampleInput) {
  return [
    `mosquitto_pub -V 5 -q 1 -h ${endpoint.mqttHost} -p 1883 \\`,
    `  -u ${shellQuote(mqttUsername)} -P ${shellQuote(token)} \\`,
    `  -t ${shellQuote(`spanwatch/${bridgeId}/${STREAM_PLACEHOLDER}`)} \\`,
    `  -m ${shellQuote(block(at))}`,
  ].join('\n');
}
