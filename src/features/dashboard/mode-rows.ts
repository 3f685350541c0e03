import type { BridgeModes, StoredMode } from '../../api/queries/modes';

/** One reference mode as the Modes card's table shows it: then, now, and whether it is found. */
export interface ModeRow {
  /** 'Mode 1', the reference's order, lowest first. */
  name: string;
  referenceHz: number | null;
  latestHz: number | null;
  /** Percent change of the newest window against the reference; null when lost or unknown. */
  changePercent: number | null;
  dampingPercent: number | null;
  mac: number | null;
  state: 'found' | 'lost' | 'not in the newest window';
  /** The two shapes by chainage (empty when a side has none). */
  referenceShape: StoredMode['shape'];
  latestShape: StoredMode['shape'];
}

const modeName = (position: number) => `Mode ${position + 1}`;

/**
 * The reference's modes, each with what the newest window found for it (decision 059: matched
 * by frequency and MAC; a lost mode stays lost, never stood in for by the nearest peak), then the
 * newest window's modes the reference does not have.
 */
export function modeRows(modes: BridgeModes): { tracked: ModeRow[]; unmatched: ModeRow[] } {
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
      mac: null,
      state: 'found',
      referenceShape: [],
      latestShape: m.shape,
    }));
  return { tracked, unmatched };
}
