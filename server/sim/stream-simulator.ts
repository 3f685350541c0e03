import { ambientDrive, modeWeight } from './acceleration.ts';
import { createClimate, type ClimateModel } from './climate.ts';
import { applyFaults, isDroppedOut, type FaultState } from './faults.ts';
import { loggerGain } from './logger-filter.ts';
import { resonatorCoefficients } from './resonator.ts';
import { createRng, deriveSeed, type Rng } from '../analytics/rng.ts';
import type { BridgeScenario, FaultSpec, StreamSpec } from './scenario.ts';
import { REFERENCE_TEMPERATURE_C } from './modal-model.ts';
import { modePosition, streamDampings, streamFrequencies } from './stream-modes.ts';
import { trafficAt } from './traffic.ts';
import { TrafficStrainGenerator } from './traffic-strain.ts';

/** One block of samples, the shape the ingest accepts (`stream` is the data stream's stream_id). */
export interface SimBlock {
  stream: string;
  /** ISO 8601 time of the first sample. */
  start: string;
  rate_hz: number;
  values: number[];
}

/**
 * The modes' resonators for the current second, one entry a mode: the recurrence's a1 and a2, the
 * gain to unit variance, and the weight the sensor sees the mode with (its shape at the sensor's
 * position times the logger filter's gain there). Typed arrays, refilled in place each second,
 * keep the per-sample loop free of objects and closures.
 */
interface ModeCoefficients {
  a1: Float64Array;
  a2: Float64Array;
  gain: Float64Array;
  weight: Float64Array;
}

interface Pulse {
  centre: number;
  amplitude: number;
  width: number;
}

/** Vehicles per second at full traffic. */
const VEHICLE_RATE = 0.4;
const WARM_UP_MS = 30_000;

/**
 * Stateful generator for one data stream: vibration modes keep ringing and vehicles keep
 * crossing from one block to the next. Deterministic for (scenario.seed, stream id, start time).
 */
export class StreamSimulator {
  private readonly rng: Rng;
  private readonly faultRng: Rng;
  private readonly faultState: FaultState = { stuckValue: null };
  private readonly faults: FaultSpec[];
  /** Each mode's last two outputs (before the gain): y[n-1] and y[n-2]. */
  private readonly y1: Float64Array;
  private readonly y2: Float64Array;
  /** The modes' shape weights at the sensor (sin(kπx)/(k+1)·0.02): fixed for the stream. */
  private readonly shapeWeights: Float64Array;
  private readonly dampings: number[];
  private readonly modes: ModeCoefficients;
  private modeCount = 0;
  /** The white-noise drive's standard deviation for the current second. */
  private drive = 0;
  private pulses: Pulse[] = [];
  private readonly origin: number;
  private sampleIndex = 0;
  private windowEnd: number;
  private refreshed = false;
  private temperature = 0;
  private traffic = 0;
  /** A `trucks` strain gauge's traffic part, on the stream's own sample grid. */
  private readonly trucks: TrafficStrainGenerator | null;
  private readonly truckSample = new Float64Array(1);

  constructor(
    private readonly scenario: BridgeScenario,
    readonly stream: StreamSpec,
    start: number,
    private readonly climate: ClimateModel = createClimate(scenario.climate, scenario.seed),
  ) {
    this.rng = createRng(deriveSeed(scenario.seed, 'stream', stream.id, start));
    this.faultRng = createRng(deriveSeed(scenario.seed, 'fault', stream.id, start));
    this.faults = scenario.faults.filter((f) => f.stream === stream.id);
    this.dampings = streamDampings(scenario, stream);
    const modes = this.dampings.length;
    this.y1 = new Float64Array(modes);
    this.y2 = new Float64Array(modes);
    const at = modePosition(stream);
    this.shapeWeights = Float64Array.from({ length: modes }, (_, k) => modeWeight(k, at));
    this.modes = {
      a1: new Float64Array(modes),
      a2: new Float64Array(modes),
      gain: new Float64Array(modes),
      weight: new Float64Array(modes),
    };
    // Whole sample periods of warm-up, so the stream's sample grid lands on `start`.
    const periodMs = 1000 / stream.rateHz;
    this.origin = start - Math.ceil(WARM_UP_MS / periodMs) * periodMs;
    // Thermal strain and noise stay the stream's own (the climate's temperature, the stream's
    // noise), so the generator gives the trucks' strain alone. It samples the same grid as the
    // stream and runs on through warm-up and blocks alike, so chunking never changes a sample.
    this.trucks =
      stream.dataType === 'strain' && stream.strainLoad === 'trucks'
        ? new TrafficStrainGenerator(
            {
              seed: deriveSeed(scenario.seed, 'trucks', stream.twinOf ?? stream.id),
              rateHz: stream.rateHz,
              thermal: () => 0,
              noiseMicrostrain: 0,
            },
            this.origin,
          )
        : null;
    this.generate(start); // let the modes reach their stationary response before `start`
    this.windowEnd = start;
  }

  /**
   * The samples due in the next `seconds` seconds as one block; null when none is due (a
   * low-rate stream between samples) or a dropout fault swallows the block.
   */
  nextBlock(seconds: number): SimBlock | null {
    const until = this.windowEnd + seconds * 1000;
    const first = this.sampleTime(this.sampleIndex);
    const values = this.generate(until);
    this.windowEnd = until;
    if (values.length === 0 || isDroppedOut(this.faults, first)) return null;
    return {
      stream: this.stream.id,
      start: new Date(first).toISOString(),
      rate_hz: this.stream.rateHz,
      values,
    };
  }

  private sampleTime(index: number): number {
    return this.origin + (index * 1000) / this.stream.rateHz;
  }

  /** Samples on the stream's own grid up to (not including) `until`. */
  private generate(until: number): number[] {
    const values: number[] = [];
    const perSecond = Math.max(1, Math.round(this.stream.rateHz));
    for (
      let t = this.sampleTime(this.sampleIndex);
      t < until;
      t = this.sampleTime(this.sampleIndex)
    ) {
      if (this.sampleIndex % perSecond === 0 || !this.refreshed) {
        // Temperature and traffic change slowly: refresh them and the mode filters every second.
        // An accelerometer reads the air temperature nowhere (a pure function of t: skipping it
        // changes no sample).
        this.traffic = trafficAt(t);
        if (this.stream.dataType === 'acceleration') {
          this.refreshModes(this.climate.deckTemperatureAt(t), this.traffic, t);
        } else {
          this.temperature = this.climate.temperatureAt(t);
        }
        this.refreshed = true;
        this.spawnVehicles(t, this.traffic);
      }
      const clean = this.cleanSample(t, this.temperature);
      values.push(
        this.faults.length === 0
          ? clean
          : applyFaults(this.faults, this.faultState, this.faultRng, t, clean),
      );
      this.sampleIndex += 1;
    }
    return values;
  }

  /** Sets the modes' coefficients and the drive for the coming second. */
  private refreshModes(deckTemperature: number, traffic: number, t: number): void {
    const frequencies = streamFrequencies(this.scenario, this.stream, deckTemperature, traffic, t);
    const { a1, a2, gain, weight } = this.modes;
    // A mode without a resonator state (none in any scenario) is skipped, drawing nothing.
    this.modeCount = Math.min(frequencies.length, this.y1.length);
    for (let k = 0; k < this.modeCount; k += 1) {
      const f = frequencies[k] as number;
      const c = resonatorCoefficients(f, this.dampings[k] ?? 0.02, this.stream.rateHz);
      a1[k] = c.a1;
      a2[k] = c.a2;
      gain[k] = c.gain;
      // (shape × logger gain) first, as the sum always multiplied them before the response.
      weight[k] = (this.shapeWeights[k] as number) * loggerGain(f, this.stream.rateHz);
    }
    this.drive = ambientDrive(traffic);
  }

  private spawnVehicles(t: number, traffic: number): void {
    this.pulses = this.pulses.filter((p) => p.centre + 4 * p.width > t);
    if (this.trucks) return;
    if (!['strain', 'load', 'displacement', 'tilt'].includes(this.stream.dataType)) return;
    // Poisson arrivals within the coming second (Knuth's method; the rate is small). A stream
    // slower than 1 Hz gets the vehicles of the few seconds around its next sample instead, so
    // its samples still catch passing vehicles: those in between never show in any sample.
    const spanSeconds = Math.max(1, 1 / this.stream.rateHz);
    const windowSeconds = Math.min(spanSeconds, 4);
    const offsetMs = 1000 * (1 + spanSeconds - windowSeconds);
    const limit = Math.exp(-VEHICLE_RATE * traffic * windowSeconds);
    let arrivals = 0;
    let product = this.rng.next();
    while (product > limit) {
      arrivals += 1;
      product *= this.rng.next();
    }
    for (let i = 0; i < arrivals; i += 1) {
      const heavy = this.rng.next() < 0.1;
      this.pulses.push({
        centre: t + offsetMs + this.rng.next() * 1000 * windowSeconds,
        amplitude: (heavy ? 4 : 1) * Math.exp(0.3 * this.rng.normal()),
        width: 600 + 400 * this.rng.next(),
      });
    }
  }

  /** The next sample of the trucks' strain (µε); called once per sample, in order. */
  private truckStrain(): number {
    this.trucks?.fill(this.truckSample);
    return this.truckSample[0] ?? 0;
  }

  private vehicleLoad(t: number): number {
    let sum = 0;
    for (const pulse of this.pulses)
      sum += pulse.amplitude * Math.exp(-(((t - pulse.centre) / pulse.width) ** 2));
    return sum;
  }

  private cleanSample(t: number, temperature: number): number {
    const { dataType, position, noise } = this.stream;
    const dT = temperature - REFERENCE_TEMPERATURE_C;
    const measurementNoise = noise * this.rng.normal();
    switch (dataType) {
      case 'acceleration': {
        // Ambient (wind, ground) excitation plus traffic; mode shapes sin(kπx). The logger's
        // anti-alias filter removes a mode above half the rate instead of letting it fold back
        // (decision 076 (h)); its resonator still runs and draws, so the in-band modes and the
        // noise keep every random number they had.
        // The resonator y[n] = a1·y[n-1] + a2·y[n-2] + e[n] (resonator.ts), inlined with its
        // operations in the same order, so every sample keeps its bits.
        const { a1, a2, gain, weight } = this.modes;
        const { y1, y2 } = this;
        const drive = this.drive;
        let sum = 0;
        for (let k = 0; k < this.modeCount; k += 1) {
          const y =
            (a1[k] as number) * (y1[k] as number) +
            (a2[k] as number) * (y2[k] as number) +
            drive * this.rng.normal();
          y2[k] = y1[k] as number;
          y1[k] = y;
          sum += (weight[k] as number) * (y * (gain[k] as number));
        }
        return sum + measurementNoise;
      }
      case 'strain': {
        // The truck model's influence line is midspan's; off midspan both models scale down
        // with the first mode's shape, a rough stand-in for the gauge's own influence line.
        const live = this.trucks ? this.truckStrain() : 25 * this.vehicleLoad(t);
        return -6 * dT + live * Math.sin(Math.PI * position) + measurementNoise;
      }
      case 'load':
        return 1200 + 60 * this.vehicleLoad(t) + measurementNoise;
      case 'displacement':
        return 0.6 * dT + 0.4 * this.vehicleLoad(t) + measurementNoise;
      case 'tilt':
        return 0.02 * dT + 0.01 * this.vehicleLoad(t) + measurementNoise;
      case 'temperature':
        return temperature + measurementNoise;
    }
  }
}
