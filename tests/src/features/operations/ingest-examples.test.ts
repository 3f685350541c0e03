import { describe, expect, it } from 'vitest';
import { analysisStateText } from '../../../../src/features/operations/analysis-state';
import { curlExample, mqttExample } from '../../../../src/features/operations/ingest-examples';

const input = {
  endpoint: { origin: 'https://shm.example.ca', mqttHost: 'shm.example.ca' },
  bridgeId: 7,
  token: "swi_abc'def",
  mqttUsername: 'bridge-7-token-3',
  at: new Date('2026-11-22T05:40:00Z'),
};

describe('ingest examples', () => {
  it('posts a block to the ingest with the token, quoting it for the shell', () => {
    const curl = curlExample(input);
    expect(curl).toContain("curl -X POST 'https://shm.example.ca/api/v1/ingest'");
    expect(curl).toContain(`-H 'X-Ingest-Token: swi_abc'\\''def'`);
    expect(curl).toContain('"stream_id":"<stream_id>","start":"2026-11-22T05:40:00.000Z"');
  });

  it("publishes to the bridge's topic with the token's MQTT login", () => {
    const mqtt = mqttExample(input);
    expect(mqtt).toContain('mosquitto_pub -V 5 -q 1 -h shm.example.ca -p 1883');
    expect(mqtt).toContain("-u 'bridge-7-token-3'");
    expect(mqtt).toContain("-t 'spanwatch/7/<stream_id>'");
  });
});

describe('analysis state text', () => {
  const status = {
    sid: 'Quebec Bridge',
    bridge: 5,
    progress: 0.42,
    message: '',
    trained_at: null,
    evaluated_at: null,
    last_error: null,
  };
  it.each([
    ['queued', null, 'Queued'],
    ['training', null, 'Running: training 42 %'],
    ['scoring', null, 'Running: scoring 42 %'],
    ['failed', null, 'Failed'],
    ['idle', null, 'Not analysed yet'],
    ['idle', '2026-11-22T05:40:00Z', 'Up to date'],
  ] as const)('%s (evaluated %s) reads %s', (state, evaluated, text) => {
    expect(analysisStateText({ ...status, state, evaluated_at: evaluated })).toBe(text);
  });
});
