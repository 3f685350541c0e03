/**
 * A column's samples as ingest blocks (`{ stream_id, start, rate_hz, values }`). Readings are
 * keyed by (data stream, start), so the same file cut the same way gives the same blocks, and a
 * re-import stores nothing new. A block holds consecutive samples on the file's rate grid: the
 * next sample starts a new block when it strays from the grid by more than a quarter period (a
 * lost sample, a gap), when a cell was empty, or when the block is full.
 */
import { MAX_BLOCK_SECONDS } from '../readings/block-limits.ts';

/**
 * Samples in an imported block: large enough that a block's key and summary cost little per
 * sample, small enough that a batch of blocks stays a few megabytes (10 s at 100 Hz).
 */
export const IMPORT_BLOCK_SAMPLES = 1000;

export type ImportItem =
  | { stream_id: string; start: string; rate_hz: number; values: number[] }
  | { stream_id: string; ts: string; value: number };

export interface BuiltItem {
  item: ImportItem;
  /** The file's line of the block's first sample, to name it if ingest refuses the block. */
  line: number;
  samples: number;
}

/**
 * The rate of regularly sampled rows from their first times: the mean of the intervals near
 * their median, rounded to 4 significant digits when that changes it by under 0.1 % (a logger's
 * 100 Hz written in whole milliseconds reads 99.98 Hz). 0 when the rows are not regular or too
 * slow for a block (single readings then).
 */
export function rateOfTimes(times: readonly number[]): number {
  const intervals: number[] = [];
  for (let i = 1; i < times.length; i += 1) {
    const step = (times[i] as number) - (times[i - 1] as number);
    if (step > 0) intervals.push(step);
  }
  if (intervals.length === 0) return 0;
  const median = [...intervals].sort((a, b) => a - b)[Math.floor(intervals.length / 2)] as number;
  const near = intervals.filter((step) => Math.abs(step - median) <= median / 4);
  if (near.length < intervals.length * 0.9) return 0;
  const rate = (near.length * 1000) / near.reduce((sum, step) => sum + step, 0);
  const rounded = Number(rate.toPrecision(4));
  const chosen = Math.abs(rounded - rate) / rate < 1e-3 ? rounded : rate;
  return chosen * MAX_BLOCK_SECONDS < 2 ? 0 : chosen;
}

export class ColumnBlocks {
  private values: number[] = [];
  private startMs = 0;
  private firstLine = 0;
  private readonly capacity: number;
  private readonly periodMs: number;

  constructor(
    private readonly streamId: string,
    private readonly rateHz: number,
    private readonly emit: (built: BuiltItem) => void,
  ) {
    this.periodMs = rateHz > 0 ? 1000 / rateHz : 0;
    this.capacity =
      rateHz > 0 ? Math.min(IMPORT_BLOCK_SAMPLES, Math.floor(rateHz * MAX_BLOCK_SECONDS)) : 1;
  }

  add(ms: number, value: number, line: number): void {
    const count = this.values.length;
    if (count > 0) {
      const expected = this.startMs + count * this.periodMs;
      if (count >= this.capacity || Math.abs(ms - expected) > this.periodMs / 4) this.close();
    }
    if (this.values.length === 0) {
      this.startMs = ms;
      this.firstLine = line;
    }
    this.values.push(value);
  }

  /** Ends the open block (a gap in the column, or the end of the file). */
  close(): void {
    const values = this.values;
    if (values.length === 0) return;
    this.values = [];
    const start = new Date(this.startMs).toISOString();
    const item: ImportItem =
      this.rateHz > 0
        ? { stream_id: this.streamId, start, rate_hz: this.rateHz, values }
        : { stream_id: this.streamId, ts: start, value: values[0] as number };
    this.emit({ item, line: this.firstLine, samples: values.length });
  }
}
