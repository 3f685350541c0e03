import type { components } from '../openapi/schema';

// The Modes card's table and the monthly report's modes section derive their rows here, so the
// report states the same numbers as the dashboard (decision 059, 076).

type StoredMode = components['schemas']['StoredMode'];
type ShapePoint = StoredMode['shape'][number];

/** The reference window and the newest window of a modes answer (the contract's BridgeModes). */
export type ModesPair = Pick<components['schemas']['BridgeModes'], 'reference' | 'latest'>;

export type ModeState = 'found' | 'lost' | 'not in the newest window';

/** One reference mode as the Modes card's table shows it: then, now, and whether it is found. */
export interface ModeRow {
  /** 'Mode 1', the reference's order, lowest first. */
  name: string;
  referenceHz: number | null;
  latestHz: number | null;
  /** Percent change of the newest window against the reference; null when lost or unknown. */
  changePercent: number | null;
  dampingPercent: number | null;
  /** Modal phase collinearity of the newest window's shape (1: a real, classical mode). */
  mpc: number | null;
  mac: number | null;
  state: ModeState;
  /** The two shapes by chainage (empty when a side has none). */
  referenceShape: ShapePoint[];
  latestShape: ShapePoint[];
}

const modeName = (position: number) => `Mode ${position + 1}`;

/**
 * The reference's modes, each with what the newest window found for it (decision 059: matched
 * by frequency and MAC; a lost mode stays lost, never stood in for by the nearest peak), then the
 * newest window's modes the reference does not have.
 */
export function modeRows(modes: ModesPair): { tracked: ModeRow[]; unmatched: ModeRow[] } {
  const latest = modes.latest?.modes ?? [];
  const tracked = (modes.reference?.modes ?? []).map((ref): ModeRow => {
    const now = latest.find((m) => m.reference_mode === ref.position);
    const found = now !== undefined && !now.lost && now.frequency_hz !== null;
    const refHz = ref.frequency_hz;
    return {
      name: modeName(ref.position),
      referenceHz: refHz,
      latestHz: found ? now.frequency_hz : null,
      changePercent:
        found && refHz !== null && now.frequency_hz !== null && refHz > 0
          ? ((now.frequency_hz - refHz) / refHz) * 100
          : null,
      dampingPercent: found && now.damping_ratio !== null ? now.damping_ratio * 100 : null,
      mpc: found ? now.mpc : null,
      mac: found ? now.reference_mac : null,
      state: found ? 'found' : now?.lost ? 'lost' : 'not in the newest window',
      referenceShape: ref.shape,
      latestShape: found ? now.shape : [],
    };
  });
  const unmatched = latest
    .filter((m) => m.reference_mode === null && !m.lost && m.frequency_hz !== null)
    .map((m): ModeRow => ({
      name: `New at ${(m.frequency_hz ?? 0).toFixed(2)} Hz`,
      referenceHz: null,
      latestHz: m.frequency_hz,
      changePercent: null,
      dampingPercent: m.damping_ratio === null ? null : m.damping_ratio * 100,
      mpc: m.mpc,
      mac: null,
      state: 'found',
      referenceShape: [],
      latestShape: m.shape,
    }));
  return { tracked, unmatched };
}

const hzText = (value: number | null) => (value === null ? '—' : `${value.toFixed(3)} Hz`);
const signedPercentText = (value: number | null) =>
  value === null
    ? '—'
    : `${value < 0 ? '\u2212' : value > 0 ? '+' : ''}${Math.abs(value).toFixed(2)} %`;

export const MODE_STATE_TEXT: Record<ModeState, string> = {
  found: 'Found',
  lost: 'Lost',
  'not in the newest window': 'Not in the newest window',
};

/** A row's figures as the card's table and the report write them ('—' where there is none). */
export function modeRowText(row: ModeRow) {
  return {
    reference: hzText(row.referenceHz),
    latest: hzText(row.latestHz),
    change: signedPercentText(row.changePercent),
    damping: row.dampingPercent === null ? '—' : `${row.dampingPercent.toFixed(2)} %`,
    mpc: row.mpc === null ? '—' : row.mpc.toFixed(3),
    mac: row.mac === null ? '—' : row.mac.toFixed(3),
    state: MODE_STATE_TEXT[row.state],
  };
}

export { hzText as modeFrequencyText };

/**
 * Why no mode is compared while no reference window is stored for the version the newest window
 * is read against (a baseline accepted after it, as on the demo's first start). The Modes card
 * and the monthly report say it in these words (decision 076, decision 021 amendment (a)).
 */
export const pendingReferenceText = (version: number | null) =>
  version === null
    ? 'No reference identified yet.'
    : `No window identified since reference version ${version} became active: its modes are compared from the next one.`;

/** The newest window's modes that were found, by frequency ('none found' when none was). */
export const foundFrequenciesText = (
  modes: readonly { lost: boolean; frequency_hz: number | null }[],
) =>
  modes
    .filter((m) => !m.lost && m.frequency_hz !== null)
    .map((m) => hzText(m.frequency_hz))
    .join(', ') || 'none found';
