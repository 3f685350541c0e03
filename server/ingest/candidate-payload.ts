import { FLOAT8_ELEMENT_BYTES } from '../readings/copy-encoder.ts';
import { numbersOfElements } from '../readings/float8-elements.ts';
import type { ScannedBlock } from './ndjson-block-line.ts';

/** An item parsed from JSON, or a block the bulk reader read straight from bytes. */
export type Candidate = { item: unknown } | { scanned: ScannedBlock };

/** Values written into a dead letter at most: it is bounded anyway, and a block holds 10,000. */
const MAX_VALUES = 500;

/** The item as JSON text for a dead letter (a scanned block is written back as its JSON form). */
export function payloadOf(candidate: Candidate | undefined): string {
  if (candidate === undefined) return '';
  if ('item' in candidate) return JSON.stringify(candidate.item) ?? String(candidate.item);
  const { stream_id, start, rate_hz, elements } = candidate.scanned;
  const values = numbersOfElements(elements.subarray(0, MAX_VALUES * FLOAT8_ELEMENT_BYTES));
  return JSON.stringify({ stream_id, start, rate_hz, values });
}
