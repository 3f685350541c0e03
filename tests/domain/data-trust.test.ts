import { describe, expect, it } from 'vitest';
import {
  type StreamTrustFacts,
  badgesOf,
  countTrust,
  trustLine,
  unwatchedSpans,
  worstSensorStatus,
} from '../../domain/data-trust.ts';

const ok: StreamTrustFacts = { state: 'reporting', sensorStatus: 'active', findings: [] };
const drift = { kind: 'drift' as const, detail: 'drifting up by 2.5 µε per hour over 7 days' };
const signal = { kind: 'signal' as const, detail: 'stuck at 0 for 45 minutes' };

describe('data trust (issue 36, decision 037)', () => {
  it.each<[string, StreamTrustFacts, string[]]>([
    ['a healthy stream', ok, []],
    ['the register says faulty', { ...ok, sensorStatus: 'faulty' }, ['Faulty']],
    ['the analysis found a broken signal', { ...ok, findings: [signal] }, ['Faulty']],
    [
      'faulty and drifting',
      { ...ok, sensorStatus: 'faulty', findings: [drift] },
      ['Faulty', 'Drifting'],
    ],
    ['silent', { ...ok, state: 'silent' }, ['Silent']],
    [
      'never sent, in maintenance',
      { state: 'never', sensorStatus: 'maintenance', findings: [] },
      ['Under Maintenance'],
    ],
    ['inactive', { ...ok, sensorStatus: 'inactive' }, ['Inactive']],
  ])('badges %s', (_, facts, badges) => {
    expect(badgesOf(facts)).toEqual(badges);
  });

  it('counts each stream once beside the reporting count', () => {
    const counts = countTrust([
      ok,
      ok,
      { ...ok, sensorStatus: 'faulty', findings: [drift] },
      { ...ok, findings: [drift] },
      { ...ok, state: 'silent' },
      { ...ok, state: 'never' },
      { ...ok, state: 'never' },
    ]);
    expect(trustLine(counts)).toBe(
      '4 of 7 streams reporting · 1 faulty · 1 drifting · 1 silent · 2 never reported',
    );
    expect(trustLine(countTrust([ok]))).toBe('1 of 1 stream reporting');
    expect(trustLine(countTrust([]))).toBe('No data streams');
  });

  it('takes the worst register status of a stream’s sensors', () => {
    expect(worstSensorStatus(['active', 'inactive', 'faulty'])).toBe('faulty');
    expect(worstSensorStatus(['active', 'maintenance'])).toBe('maintenance');
    expect(worstSensorStatus([])).toBeNull();
  });

  it('names the spans no trusted structural stream watches', () => {
    expect(
      unwatchedSpans([
        { facts: ok, dataType: 'acceleration', span: 'main' },
        { facts: { ...ok, sensorStatus: 'faulty' }, dataType: 'strain', span: 'main' },
        { facts: { ...ok, state: 'never' }, dataType: 'strain', span: 'west' },
        // A thermometer is context: it watches no structure, and its span is not instrumented.
        { facts: ok, dataType: 'temperature', span: 'west' },
        { facts: ok, dataType: 'temperature', span: 'east' },
      ]),
    ).toEqual(['west']);
  });
});
