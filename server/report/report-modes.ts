import { modeRows, type ModeRow } from '../../domain/mode-rows.ts';
import { bestPlacedSpan, MIN_MODAL_CHANNELS } from '../analysis/modal-channels.ts';
import { modesDaily } from '../analysis/modes-daily.ts';
import { createModesStore } from '../analysis/modes-store.ts';
import { createModesView } from '../analysis/modes-view.ts';
import type { Db } from '../db/client.ts';
import type { ModeFact, ModesFacts, SpanFact } from './report-facts.ts';
import type { ReportMonth } from './report-month.ts';

const accelerometers = (n: number) => `${n} ${n === 1 ? 'accelerometer' : 'accelerometers'}`;

/** Why a bridge has no modes to report: the rule of decision 059 against what it has. */
function whyNoModes(placed: number, spans: readonly SpanFact[]): string {
  const active = spans
    .flatMap((s) => s.sensors)
    .filter((s) => s.type === 'accelerometer' && s.status === 'active').length;
  return (
    `Modes need at least ${MIN_MODAL_CHANNELS} vertical accelerometers with positions ` +
    `(a chainage) on one span, identified together; this bridge has ${placed} ` +
    `(${accelerometers(active)} active in all).`
  );
}

/**
 * The month's windows were all matched against a version that came into force after its end
 * (a later version's baseline backfill): none compares with the reference in force then
 * (decision 021 (b)).
 */
const laterWindowsText = (windows: number, inForce: number | null) =>
  `The month's ${windows} identified 10-minute ${windows === 1 ? 'window was' : 'windows were'} ` +
  'matched, after the month, against a reference version that came into force after its end, ' +
  'so none is compared here with ' +
  (inForce === null
    ? 'a reference: none had been accepted by the end of the month.'
    : `reference version ${inForce}, in force at the end of the month.`);

/** A row's figures, its shapes left out (the report draws none). */
const figuresOf = (row: ModeRow) => ({
  name: row.name,
  referenceHz: row.referenceHz,
  latestHz: row.latestHz,
  changePercent: row.changePercent,
  dampingPercent: row.dampingPercent,
  mpc: row.mpc,
  mac: row.mac,
  state: row.state,
});

/**
 * The report's modes (decision 076): the modes answer of the dashboard's Modes card as it stood
 * at the month's end, when its newest window lies in the month, its rows derived as the card
 * derives them (domain/mode-rows.ts), and each reference mode's count of windows found and lost
 * and its frequency range over the month, and its daily medians and quartiles of frequency and
 * damping (the daily summary the card's longer periods show). Otherwise, why there is nothing to show.
 */
export async function modesFacts(
  db: Db,
  bridgeId: number,
  month: ReportMonth,
  spans: readonly SpanFact[],
): Promise<ModesFacts> {
  const placed = await bestPlacedSpan(db, bridgeId);
  const channels = placed?.channels.length ?? 0;
  const answer = await createModesView(db).ofBridge(bridgeId, new Date(month.endMs));
  const latestStart = answer.latest ? Date.parse(answer.latest.window_start) : null;
  const none: ModesFacts = {
    absent: null,
    spanLabel: placed?.label ?? null,
    channels,
    referenceVersion: answer.reference_version,
    referenceWindowStart: answer.reference?.window_start ?? null,
    latestWindowStart: null,
    latestSensors: 0,
    latestFrequenciesHz: [],
    windowsInMonth: 0,
    tracked: [],
    unmatched: [],
    locatedChange: null,
  };
  const version = answer.reference_version ?? 0;
  const spread = await createModesStore(db).spread(
    bridgeId,
    version,
    new Date(month.startMs),
    new Date(month.endMs),
  );
  if (latestStart === null || latestStart < month.startMs) {
    const absent =
      channels < MIN_MODAL_CHANNELS
        ? whyNoModes(channels, spans)
        : spread.windows > 0
          ? laterWindowsText(spread.windows, answer.reference_version)
          : latestStart === null
            ? `No 10-minute window of span ${placed?.label ?? ''}'s ${channels} vertical ` +
              'accelerometers had been identified by the end of the month.'
            : 'No 10-minute window was identified in the month.';
    return { ...none, absent };
  }
  const rows = modeRows(answer);
  const daily = await modesDaily(db, bridgeId, month.startMs, month.endMs);
  const tracked = rows.tracked.map((row, i): ModeFact => {
    const position = answer.reference?.modes[i]?.position;
    const counts = spread.modes.find((m) => m.referenceMode === position);
    const days = daily.modes.find(
      (m) => m.referenceVersion === version && m.referenceMode === position,
    );
    return {
      ...figuresOf(row),
      windowsFound: counts?.found ?? 0,
      windowsLost: counts?.lost ?? 0,
      lowHz: counts?.lowHz ?? null,
      highHz: counts?.highHz ?? null,
      daily: days?.days ?? [],
    };
  });
  return {
    ...none,
    latestWindowStart: answer.latest?.window_start ?? null,
    latestSensors: Math.max(0, ...(answer.latest?.modes.map((m) => m.shape.length) ?? [])),
    latestFrequenciesHz: (answer.latest?.modes ?? []).flatMap((m) =>
      m.lost || m.frequency_hz === null ? [] : [m.frequency_hz],
    ),
    windowsInMonth: spread.windows,
    tracked,
    unmatched: rows.unmatched.map((row) => ({
      ...figuresOf(row),
      windowsFound: null,
      windowsLost: null,
      lowHz: null,
      highHz: null,
      daily: [],
    })),
    locatedChange: answer.located_change,
  };
}
