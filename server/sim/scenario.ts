// The description of a simulated bridge: its spans and modes, climate, sensors, damage and
// sensor faults. Times are epoch milliseconds.

export type SimDataType =
  'acceleration' | 'strain' | 'temperature' | 'displacement' | 'tilt' | 'load';

export interface ModeSpec {
  /** Natural frequency at the reference temperature (10 °C), undamaged, no traffic. */
  f0Hz: number;
  /** Damping ratio (concrete and steel decks: 0.5-3 %). */
  damping: number;
  /** Relative frequency loss per °C above 0 °C (typically 0.1-0.3 %/°C). */
  tempCoefPerC: number;
  /** Relative stiffening once frozen (deck and bearings), reached a few degrees below 0 °C. */
  freezeGain: number;
}

export interface SpanSpec {
  id: string;
  modes: ModeSpec[];
}

export interface ClimateSpec {
  meanC: number;
  /** Half the summer-to-winter difference of daily means. */
  seasonalAmpC: number;
  /** Half the day-to-night difference. */
  dailyAmpC: number;
  /** Amplitude of multi-day weather swings. */
  weatherAmpC: number;
  coldSpells: { from: number; to: number; deltaC: number }[];
  /**
   * The deck follows the air through a first-order lag of this time constant (hours; default 0,
   * the deck at air temperature). The modes feel the deck; temperature streams read the air.
   */
  deckLagHours?: number;
}

export interface StreamSpec {
  id: string;
  dataType: SimDataType;
  span: string;
  /** Position along the span, 0..1 (mode shapes are sin(k·π·x)). */
  position: number;
  rateHz: number;
  /** Standard deviation of the measurement noise, in the stream's unit. */
  noise: number;
  /**
   * What passing traffic adds to a strain gauge: `pulses` (default), a smooth bump per vehicle;
   * `trucks`, the axle loads of trucks crossing the span (traffic-strain.ts), whose cycles are
   * what fatigue counting needs.
   */
  strainLoad?: 'pulses' | 'trucks';
  /**
   * A `trucks` strain gauge at the same spot as this stream: the same trucks load both (a
   * co-located twin); each keeps its own noise.
   */
  twinOf?: string;
  /**
   * An accelerometer of the same span and rate (itself without `modesOf`) whose burst vibration
   * this one reads too: the same modal responses weighted by the shapes at this position, with
   * noise of its own, so a span's channels are coherent as a real span's are (decision 076).
   */
  modesOf?: string;
  /** An accelerometer on a stay or hanger: it reads the cable's harmonics, not the span's modes. */
  cable?: CableVibrationSpec;
}

/**
 * A stay or hanger an accelerometer is clamped to: the cable's own harmonic series, by
 * taut-string theory f_n = n/(2L)·√(T/m) (no bending stiffness, fixed tension), instead of
 * its span's modes.
 */
export interface CableVibrationSpec {
  lengthM: number;
  massPerM: number;
  tensionN: number;
  /** Harmonics simulated, from the first. */
  harmonics: number;
  damping: number;
  /** Where the accelerometer sits along the cable, 0..1 (harmonic shapes sin(nπx)). */
  at: number;
}

export interface DamageSpec {
  span: string;
  /** Zero-based mode indices on that span whose frequency drops. */
  modes: number[];
  /** Frequency loss in percent (2 means f × 0.98). */
  dropPercent: number;
  from: number;
  /**
   * A breathing crack: the loss shows for the first `openMs` of every `periodMs` from `from` on
   * (open under the day's traffic, closed at night) instead of all the time.
   */
  intermittent?: { periodMs: number; openMs: number };
}

export type FaultKind = 'drift' | 'spikes' | 'stuck' | 'dropout' | 'gain' | 'offset';

export interface FaultSpec {
  stream: string;
  kind: FaultKind;
  from: number;
  to?: number;
  /**
   * drift: units per hour; spikes: spike height; gain: the factor the output is multiplied by
   * (1.1: reads 10 % high); offset: the step added to every sample from `from` (units);
   * stuck and dropout: unused.
   */
  magnitude?: number;
  /** spikes: probability per sample (default 0.001). */
  rate?: number;
}

export interface BridgeScenario {
  seed: number;
  spans: SpanSpec[];
  climate: ClimateSpec;
  streams: StreamSpec[];
  damage: DamageSpec[];
  faults: FaultSpec[];
}
