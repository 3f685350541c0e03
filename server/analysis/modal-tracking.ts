import { identifyModes, type CheckedMode } from '../analytics/modal/identify-modes.ts';
import { matchToReference, type KeyedMode } from '../analytics/modal/mode-matching.ts';
import { sampleGrid } from '../analytics/sensor-validation/recent-faults.ts';
import type { Db } from '../db/client.ts';
import { MAX_STORED_MODES, type ModeShapePoint } from '../db/schema.ts';
import { loadBlocks } from './bridge-streams.ts';
import { WINDOW_SECONDS } from './dataset-plan.ts';
import type { FaultSpans } from './fault-spans.ts';
import { modalSpanOf, type ModalChannel } from './modal-channels.ts';
import { chooseModalRecord, modalBandHz } from './modal-record.ts';
import { catchUpRolledDays } from './modes-rollup.ts';
import { createModesStore, type NewStoredMode, type StoredModeRow } from './modes-store.ts';
import { alignToWindow } from './window-dataset.ts';

const WINDOW_MS = WINDOW_SECONDS * 1000;
/** The newest windows identified per evaluation at most: an hour, some 6 s of CPU. */
export const MAX_MODAL_WINDOWS = 6;
/** Modes sought up to this frequency (decision 046's beam: the first three of a 40 m span). */
export const MODAL_FMAX_HZ = 20;
/**
 * Slower channels are left out: below 10 Hz the band (0.4 of the rate, decimate.ts) is under
 * 4 Hz, short of a deck's first few vertical modes. Our choice, not tuned (decision 076).
 */
export const MIN_MODAL_RATE_HZ = 10;

export interface ModalWindowTiming {
  windowStart: number;
  /** Process CPU time of the identification (SSI-COV, clustering, checks), seconds. */
  cpuSeconds: number;
  modes: number;
  /** Seconds of record identified: the window, or the burst recorded in it. */
  recordSeconds: number;
}

interface WindowRecord {
  channels: ModalChannel[];
  rateHz: number;
  samples: Float64Array[];
}

/** The rate most of a stream's blocks in the window carry. */
export function commonRate(
  blocks: readonly { rateHz: number; values: ArrayLike<number> }[],
): number {
  const counts = new Map<number, number>();
  for (const b of blocks) counts.set(b.rateHz, (counts.get(b.rateHz) ?? 0) + b.values.length);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

async function readWindow(
  db: Db,
  channels: readonly ModalChannel[],
  from: number,
  faultSpans: FaultSpans,
): Promise<WindowRecord | null> {
  const to = from + WINDOW_MS;
  const read: { channel: ModalChannel; rateHz: number; samples: Float64Array }[] = [];
  for (const channel of channels) {
    // A stream with a sensor fault in force over the window is judged by nothing (decision 048).
    const faulty = faultSpans.get(channel.datastreamId) ?? [];
    if (faulty.some((span) => span.from < to && span.to > from)) continue;
    const blocks = await loadBlocks(db, [channel.datastreamId], from, to);
    const rateHz = commonRate(blocks);
    if (rateHz < MIN_MODAL_RATE_HZ) continue;
    read.push({ channel, rateHz, samples: sampleGrid(blocks, rateHz, from, to) });
  }
  const rateHz = commonRate(read.map((r) => ({ rateHz: r.rateHz, values: r.samples })));
  const sameRate = read.filter((r) => r.rateHz === rateHz);
  const record = chooseModalRecord(
    sameRate.map((r) => r.samples),
    rateHz,
  );
  if (!record) return null;
  const kept = record.channels.flatMap((i) => sameRate[i] ?? []);
  return {
    channels: kept.map((r) => r.channel),
    rateHz,
    samples: kept.map((r) => r.samples.subarray(record.from, record.to)),
  };
}

function keyed(channels: readonly ModalChannel[], shape: readonly number[]): ModeShapePoint[] {
  return channels.map((c, i) => ({
    datastream_id: c.datastreamId,
    stream_id: c.streamId,
    chainage_m: c.chainageM,
    value: shape[i] ?? 0,
  }));
}

function asKeyed(frequencyHz: number, shape: readonly ModeShapePoint[]): KeyedMode {
  return { frequencyHz, shape: new Map(shape.map((p) => [p.datastream_id, p.value])) };
}

/** A window's rows: its modes matched to the reference's, then the reference's lost modes. */
function windowRows(
  bridgeId: number,
  from: number,
  channels: readonly ModalChannel[],
  modes: readonly CheckedMode[],
  reference: readonly StoredModeRow[],
  referenceVersion: number,
): NewStoredMode[] {
  const found = modes.slice(0, MAX_STORED_MODES).map((m) => ({
    mode: m,
    shape: keyed(channels, m.shape),
  }));
  const isReference = reference.length === 0;
  const references = reference.flatMap((r) =>
    r.frequencyHz === null ? [] : [{ position: r.position, ...asKeyed(r.frequencyHz, r.shape) }],
  );
  const { matches, lost } = matchToReference(
    references,
    found.map((f) => asKeyed(f.mode.frequency_hz, f.shape)),
  );
  const base = {
    bridgeId,
    windowStart: new Date(from),
    windowEnd: new Date(from + WINDOW_MS),
    referenceVersion,
  };
  const rows: NewStoredMode[] = found.map((f, i) => {
    const match = matches[i];
    const matched = match?.reference ?? null;
    return {
      ...base,
      position: i,
      frequencyHz: f.mode.frequency_hz,
      dampingRatio: f.mode.damping_ratio,
      mpc: f.mode.mpc,
      shape: f.shape,
      referenceMode: isReference
        ? i
        : matched === null
          ? null
          : (references[matched]?.position ?? null),
      referenceMac: isReference ? 1 : (match?.mac ?? null),
      isReference,
      lost: false,
    };
  });
  for (const r of lost) {
    if (rows.length >= MAX_STORED_MODES) break;
    rows.push({
      ...base,
      position: rows.length,
      shape: [],
      referenceMode: references[r]?.position ?? r,
      lost: true,
    });
  }
  return rows;
}

/**
 * Issue 31's modes tracked by frequency and shape (decision 059): the newest whole 10-minute
 * windows not yet identified (MAX_MODAL_WINDOWS at most), each from all of the modal span's
 * vertical accelerometers together (the whole window, or the burst a duty-cycled span recorded
 * in it: modal-record.ts, decision 076), matched to the reference modes of `referenceVersion` and
 * stored. The first window with modes against a reference version becomes its reference.
 * Runs in the analysis worker with the rest of the evaluation.
 */
export async function trackModes(
  db: Db,
  bridgeId: number,
  options: { newestMs: number; faultSpans: FaultSpans; referenceVersion: number },
): Promise<ModalWindowTiming[]> {
  // The one caller of the roll-up's catch-up (decision 076, amended 2026-12-02): here, before
  // anything can return or throw, it runs once per bridge run whether or not a window is stored,
  // so days stored before the roll-up existed, or before identification stopped, drain a bounded
  // stretch per run.
  await catchUpRolledDays(db, bridgeId, Date.now());
  const span = await modalSpanOf(db, bridgeId);
  if (!span) return [];
  const store = createModesStore(db);
  const end = alignToWindow(options.newestMs + 1000);
  const stored = (await store.newestWindowEnd(bridgeId)) ?? Number.NEGATIVE_INFINITY;
  const first = Math.max(stored, end - MAX_MODAL_WINDOWS * WINDOW_MS);
  const timings: ModalWindowTiming[] = [];
  for (let from = first; from + WINDOW_MS <= end; from += WINDOW_MS) {
    const timing = await identifyWindow(db, bridgeId, span.channels, from, options);
    if (timing) timings.push(timing);
  }
  return timings;
}

/**
 * One 10-minute window from `from`: read from the span's channels, identified, matched to the
 * reference modes of `referenceVersion` and stored (the first window with modes against a
 * version becomes its reference). Null when the window holds no usable record; its timing
 * otherwise. The live step (trackModes) and the baseline's backfill (modal-backfill.ts) alike.
 */
export async function identifyWindow(
  db: Db,
  bridgeId: number,
  channels: readonly ModalChannel[],
  from: number,
  options: { faultSpans: FaultSpans; referenceVersion: number },
): Promise<ModalWindowTiming | null> {
  const record = await readWindow(db, channels, from, options.faultSpans);
  if (!record) return null;
  const cpuBefore = process.cpuUsage();
  let modes: CheckedMode[];
  try {
    modes = identifyModes(record.samples, {
      rateHz: record.rateHz,
      fmaxHz: modalBandHz(record.rateHz, MODAL_FMAX_HZ),
    }).modes;
  } catch (error) {
    // Too few usable rows after the gaps: nothing to identify in this window.
    if (error instanceof RangeError) return null;
    throw error;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const store = createModesStore(db);
  const reference = await store.referenceModes(bridgeId, options.referenceVersion);
  if (reference.length > 0 || modes.length > 0) {
    await store.saveWindow(
      bridgeId,
      windowRows(bridgeId, from, record.channels, modes, reference, options.referenceVersion),
    );
  }
  return {
    windowStart: from,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    modes: modes.length,
    recordSeconds: (record.samples[0]?.length ?? 0) / record.rateHz,
  };
}
