import type { SensorFaultsRepository } from '../repositories/sensor-faults-repository.ts';
import type { BridgeStream } from './bridge-streams.ts';
import type { Interval } from './training-exclusions.ts';

/**
 * Data stream id → the spans of its data that a sensor fault makes untrustworthy (decision 048,
 * "From the onset"): from each fault's onset to its end, or on while it is in force. Before the
 * onset the stream's data is good and is judged like any other. Only streams with a span are
 * keys.
 */
export type FaultSpans = ReadonlyMap<number, readonly Interval[]>;

/** The fault spans of these streams that overlap [from, to). One query per stream. */
export async function faultSpansOf(
  faults: Pick<SensorFaultsRepository, 'faultyIntervals'>,
  streams: readonly BridgeStream[],
  range: { from: number; to: number },
): Promise<FaultSpans> {
  const spans = new Map<number, Interval[]>();
  for (const stream of streams) {
    const intervals = await faults.faultyIntervals(stream.id, range.from, range.to);
    if (intervals.length === 0) continue;
    spans.set(
      stream.id,
      intervals.map((i) => ({ from: i.fromMs, to: i.toMs ?? Number.POSITIVE_INFINITY })),
    );
  }
  return spans;
}
