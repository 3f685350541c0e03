/**
 * Counts a bulk body's item lines chunk by chunk as it arrives, with the line rules of
 * bulk-parsers.ts (a line is what lies between line feeds; a blank one is no item; in CSV a first
 * line starting with `stream_id` is the header), so that a body of too many lines, or a line too
 * long to be one item, is refused while it streams in rather than after it was read whole
 * (issue 37, decision 047).
 */
import { CSV_HEADER_START, isBlank } from './bulk-parsers.ts';

const NEWLINE = 10;

export interface BulkLineLimits {
  /** Item lines a body may hold. */
  maxLines: number;
  /** Bytes one line may take, its line feed left out. */
  maxLineBytes: number;
}

/** Which limit a body passed, and the line where it did (1-based, as an editor counts). */
export type BulkLineRefusal =
  { limit: 'lines'; line: number } | { limit: 'line_bytes'; line: number };

export class BulkLineCounter {
  /** Item lines seen so far: a line counts from its first byte that is not blank. */
  itemLines = 0;
  /** The line being read, 1-based. */
  private line = 1;
  private lineBytes = 0;
  private lineHasContent = false;
  /** CSV's first line: its leading bytes after the blanks, until it is known to be the header. */
  private headerProbe: number[] | null;

  constructor(
    csv: boolean,
    private readonly limits: BulkLineLimits,
  ) {
    this.headerProbe = csv ? [] : null;
  }

  /** Reads the next chunk of the body; the first limit it passes, or null. */
  add(chunk: Uint8Array): BulkLineRefusal | null {
    for (let at = 0; at <= chunk.length;) {
      const newline = chunk.indexOf(NEWLINE, at);
      const end = newline < 0 ? chunk.length : newline;
      this.lineBytes += end - at;
      if (this.lineBytes > this.limits.maxLineBytes) {
        return { limit: 'line_bytes', line: this.line };
      }
      const refusal = this.readSegment(chunk, at, end);
      if (refusal) return refusal;
      if (newline < 0) return null;
      const ended = this.endLine();
      if (ended) return ended;
      at = newline + 1;
    }
    return null;
  }

  /** The body has ended: its last line, if it had no line feed, is judged. */
  end(): BulkLineRefusal | null {
    return this.endLine();
  }

  /** Bytes [from, to) of the current line, with no line feed among them. */
  private readSegment(chunk: Uint8Array, from: number, to: number): BulkLineRefusal | null {
    let at = from;
    if (!this.lineHasContent) {
      while (at < to && isBlank(chunk[at] as number)) at += 1;
      if (at === to) return null;
      this.lineHasContent = true;
      if (!this.probingHeader()) return this.countItem();
    }
    if (!this.probingHeader()) return null;
    const probe = this.headerProbe as number[];
    while (at < to && probe.length < CSV_HEADER_START.length) probe.push(chunk[at++] as number);
    if (probe.length < CSV_HEADER_START.length) return null;
    return this.decideHeader();
  }

  /** Whether CSV's first line is still being read to tell whether it is the header. */
  private probingHeader(): boolean {
    return this.headerProbe !== null && this.line === 1;
  }

  private decideHeader(): BulkLineRefusal | null {
    const probe = this.headerProbe as number[];
    const header =
      probe.length === CSV_HEADER_START.length &&
      probe.every((byte, i) => byte === CSV_HEADER_START[i]);
    this.headerProbe = null;
    return header ? null : this.countItem();
  }

  private endLine(): BulkLineRefusal | null {
    const refusal = this.lineHasContent && this.probingHeader() ? this.decideHeader() : null;
    if (this.line === 1) this.headerProbe = null;
    this.line += 1;
    this.lineBytes = 0;
    this.lineHasContent = false;
    return refusal;
  }

  private countItem(): BulkLineRefusal | null {
    this.itemLines += 1;
    return this.itemLines > this.limits.maxLines ? { limit: 'lines', line: this.line } : null;
  }
}
