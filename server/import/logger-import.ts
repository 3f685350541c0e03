/**
 * Imports a logger file through the one ingest path (validation, limits, roll-ups, the readings'
 * (stream, start) key): read as a stream, cut into blocks per mapped column, handed to ingest in
 * batches one at a time, so memory stays bounded whatever the file's size. A row that cannot be
 * read is counted with its line and skipped; it never stops the import (decision 044).
 */
import { cellNumber, cellsOf } from '../analytics/logger-file-cells.ts';
import type { LoggerColumn } from '../analytics/logger-file-layout.ts';
import type { IngestResult } from '../ingest/ingest-service.ts';
import { type BuiltItem, ColumnBlocks, type ImportItem } from './block-builder.ts';
import {
  INSPECTED_LINES,
  type Inspection,
  inspect,
  type ReadOptions,
  rowTimeReader,
} from './file-inspection.ts';
import { ImportRefused } from './import-refused.ts';
import { type RowError, RowErrors } from './row-errors.ts';
import { LineReader, type TextLine } from './text-lines.ts';

/** Samples handed to ingest at once: a few MB of values, and the next batch waits for it. */
const BATCH_SAMPLES = 50_000;

export interface ImportProgress {
  rows: number;
  bytesRead: number;
}

export interface ImportOptions extends ReadOptions {
  /** Column (its header, its name without the unit, or `#n` counting from 1) → stream_id. */
  mapping: ReadonlyMap<string, string>;
  /** Stores the blocks: the ingest service scoped to the bridge. Absent: a dry run. */
  ingest?: (items: ImportItem[]) => Promise<IngestResult>;
  onProgress?: (progress: ImportProgress) => void;
  progressEveryRows?: number;
}

export interface ImportSummary {
  inspection: Inspection;
  rows: number;
  /** Samples read from the mapped columns. */
  samples: number;
  storedSamples: number;
  duplicateSamples: number;
  errors: RowError[];
  errorTotal: number;
}

/** The channel a mapping key names, or null. */
export function channelOf(channels: readonly LoggerColumn[], key: string): LoggerColumn | null {
  const position = /^#(\d+)$/.exec(key);
  if (position) return channels.find((c) => c.index === Number(position[1]) - 1) ?? null;
  return (
    channels.find((c) => c.header === key) ??
    channels.find((c) => c.name === key) ??
    channels.find((c) => c.name.toLowerCase() === key.toLowerCase()) ??
    null
  );
}

/** Reads the first lines of a stream and inspects them; the rest stays unread. */
export async function readHead(
  reader: LineReader,
  options: ReadOptions,
): Promise<{ head: TextLine[]; rest: AsyncGenerator<TextLine>; inspection: Inspection }> {
  const rest = reader.lines();
  const head: TextLine[] = [];
  while (head.length < INSPECTED_LINES) {
    const next = await rest.next();
    if (next.done) break;
    head.push(next.value);
  }
  return { head, rest, inspection: inspect(head, reader.encoding, options) };
}

/** Only an inspection: what the file holds (for a file chosen before its columns are mapped). */
export async function inspectLoggerFile(
  chunks: AsyncIterable<Uint8Array>,
  options: ReadOptions = {},
): Promise<Inspection> {
  const reader = new LineReader(chunks);
  const { rest, inspection } = await readHead(reader, options);
  await rest.return(undefined);
  return inspection;
}

function mappedColumns(inspection: Inspection, mapping: ReadonlyMap<string, string>) {
  const names = inspection.channels.map((c) => `'${c.header}'`).join(', ');
  return [...mapping].map(([key, streamId]) => {
    const channel = channelOf(inspection.channels, key);
    if (!channel)
      throw new ImportRefused(`No column '${key}' in the file; its columns are ${names}`, 'map');
    return { channel, streamId };
  });
}

export async function importLoggerFile(
  chunks: AsyncIterable<Uint8Array>,
  options: ImportOptions,
): Promise<ImportSummary> {
  const reader = new LineReader(chunks);
  const { head, rest, inspection } = await readHead(reader, options);
  const { layout, dateOrder } = inspection;
  if (dateOrder === null)
    throw new ImportRefused(inspection.problem ?? 'The times cannot be read', 'date_order');
  const columns = mappedColumns(inspection, options.mapping);
  if (columns.length === 0)
    throw new ImportRefused('Map at least one column to a data stream', 'map');
  const timeOf = rowTimeReader(layout, dateOrder, options.utcOffsetMinutes);
  const errors = new RowErrors();
  const summary = { rows: 0, samples: 0, storedSamples: 0, duplicateSamples: 0 };
  let batch: BuiltItem[] = [];
  let batchSamples = 0;
  const emit = (built: BuiltItem) => {
    // A dry run stores nothing, so a block is dropped once cut: held in a batch for nothing it
    // outlived young-generation collections and was promoted, 60 MB of old-generation garbage
    // between full collections on a 1 GB file (decision 075, amendment of 2026-11-30).
    if (!options.ingest) return;
    batch.push(built);
    batchSamples += built.samples;
  };
  const blocks = columns.map(({ channel, streamId }) => ({
    channel,
    blocks: new ColumnBlocks(streamId, inspection.rateHz, emit),
  }));

  async function flush(): Promise<void> {
    const items = batch;
    batch = [];
    batchSamples = 0;
    if (items.length === 0 || !options.ingest) return;
    const result = await options.ingest(items.map((b) => b.item));
    summary.storedSamples += result.accepted_samples - result.duplicate_samples;
    summary.duplicateSamples += result.duplicate_samples;
    for (const rejected of result.rejected) {
      const built = items[rejected.index];
      const samples = built ? `${built.samples} samples` : 'a block';
      errors.add(
        built?.line ?? 0,
        `${samples} of '${rejected.stream_id ?? ''}' not stored: ${rejected.detail}`,
      );
    }
  }

  let lastMs = -Infinity;
  const every = options.progressEveryRows ?? 100_000;
  const readRow = ({ number, text }: TextLine) => {
    if (text.trim() === '') return;
    summary.rows += 1;
    const cells = cellsOf(text, layout.delimiter);
    const timeCell = cells[layout.time.index] ?? '';
    const ms = timeOf(timeCell);
    if (!Number.isFinite(ms)) return errors.add(number, `'${timeCell.trim()}' is not a time`);
    if (ms <= lastMs) {
      return errors.add(number, `${timeCell.trim()} is not after the row before: out of order`);
    }
    lastMs = ms;
    for (const { channel, blocks: column } of blocks) {
      const cell = cells[channel.index] ?? '';
      const value = cellNumber(cell, layout.decimalComma);
      if (value === null)
        errors.add(number, `'${cell.trim()}' in column '${channel.header}' is not a number`);
      if (value === null || Number.isNaN(value)) column.close();
      else {
        summary.samples += 1;
        column.add(ms, value, number);
      }
    }
  };

  for (const line of head.slice(layout.dataStart)) readRow(line);
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    readRow(next.value);
    if (batchSamples >= BATCH_SAMPLES) await flush();
    if (summary.rows % every === 0)
      options.onProgress?.({ rows: summary.rows, bytesRead: reader.bytesRead });
  }
  for (const { blocks: column } of blocks) column.close();
  await flush();
  options.onProgress?.({ rows: summary.rows, bytesRead: reader.bytesRead });
  return { inspection, ...summary, errors: errors.kept, errorTotal: errors.total };
}
