// Traffic load generator for strain gauges (issue 19): heavy trucks cross a span as load events
// and make the strain cycles that fatigue counts, on top of the slow thermal (quasi-static) part.
//
// - Arrivals: a Poisson process thinned by the daily and weekly rhythm of traffic.ts (rush hours,
//   quiet nights, lighter weekends), at most `trucksPerHourAtPeak`.
// - Trucks: four classes with their axle layouts; gross weight from a two-hump (empty or loaded)
//   normal mixture per class, as weigh-in-motion records show; speed normal around 85 km/h.
//   Cars are left out: their strain cycles are far below any S-N cut-off.
// - Strain at a midspan gauge: each axle load times the triangular influence line of midspan
//   bending, with a light dynamic ripple at the span's first mode while a truck is on it.
// - Seeded and deterministic: the same options and start give the same samples however the
//   series is cut into chunks (arrivals and noise come from separate, sequential streams).
import { createRng, deriveSeed, type Rng } from '../analytics/rng.ts';
import { trafficAt } from './traffic.ts';
import { TRUCK_CLASSES, type TruckClass } from './truck-classes.ts';

export interface TrafficStrainOptions {
  seed: number;
  /** Samples per second (default 100). */
  rateHz?: number;
  /** Span length in m (default 40). */
  spanM?: number;
  /** Truck arrivals per hour at full traffic (default 300, a busy two-lane highway). */
  trucksPerHourAtPeak?: number;
  /**
   * Microstrain at the gauge per kN at midspan (default 0.5: a 330 kN semi gives about 130 µε,
   * 26 MPa on steel, as on a 40 m composite girder).
   */
  microstrainPerKn?: number;
  /** Dynamic ripple: relative amplitude (default 0.05) at the first mode (default 2.2 Hz). */
  dynamicAmplitude?: number;
  modeHz?: number;
  /** Measurement noise, standard deviation in microstrain (default 0.5). */
  noiseMicrostrain?: number;
  /** Quasi-static strain (thermal) in microstrain at time t, epoch ms (default: daily+seasonal). */
  thermal?: (t: number) => number;
}

export interface TruckEvent {
  /** Time the front axle enters the span, epoch ms. */
  enteredAt: number;
  truckClass: TruckClass['name'];
  grossKn: number;
  axleLoadsKn: number[];
  speedMs: number;
}

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;

/** Default quasi-static strain: ±15 µε daily (peak mid-afternoon), ±40 µε over the year. */
export function defaultThermalStrain(t: number): number {
  const daily = 15 * Math.cos((2 * Math.PI * ((t % DAY_MS) - 15 * 3_600_000)) / DAY_MS);
  const seasonal = -40 * Math.cos((2 * Math.PI * (t - 14 * DAY_MS)) / YEAR_MS);
  return daily + seasonal;
}

interface ActiveTruck {
  enteredAt: number;
  speedMs: number;
  offsets: number[];
  loads: number[];
  length: number;
}

export class TrafficStrainGenerator {
  private readonly rateHz: number;
  private readonly spanM: number;
  private readonly peakPerMs: number;
  private readonly perKn: number;
  private readonly dynamic: number;
  private readonly modeRadPerMs: number;
  private readonly noise: number;
  private readonly thermal: (t: number) => number;
  private readonly arrivals: Rng;
  private readonly noiseRng: Rng;
  private nextArrival: number;
  private active: ActiveTruck[] = [];
  private index = 0;
  private thermalSecond = NaN;
  private thermalFrom = 0;
  private thermalTo = 0;

  constructor(
    options: TrafficStrainOptions,
    private readonly start: number,
  ) {
    this.rateHz = options.rateHz ?? 100;
    this.spanM = options.spanM ?? 40;
    this.peakPerMs = (options.trucksPerHourAtPeak ?? 300) / 3_600_000;
    this.perKn = options.microstrainPerKn ?? 0.5;
    this.dynamic = options.dynamicAmplitude ?? 0.05;
    this.modeRadPerMs = (2 * Math.PI * (options.modeHz ?? 2.2)) / 1000;
    this.noise = options.noiseMicrostrain ?? 0.5;
    this.thermal = options.thermal ?? defaultThermalStrain;
    this.arrivals = createRng(deriveSeed(options.seed, 'trucks', start));
    this.noiseRng = createRng(deriveSeed(options.seed, 'strain-noise', start));
    this.nextArrival = this.drawArrival(start);
  }

  /** Time of the next sample, epoch ms. */
  get time(): number {
    return this.start + (this.index * 1000) / this.rateHz;
  }

  /** Fills `out` with the next samples (microstrain); returns the trucks that entered meanwhile. */
  fill(out: Float64Array): TruckEvent[] {
    const entered: TruckEvent[] = [];
    for (let i = 0; i < out.length; i += 1) {
      const t = this.start + (this.index * 1000) / this.rateHz;
      this.index += 1;
      while (this.nextArrival <= t) {
        entered.push(this.enter(this.nextArrival));
        this.nextArrival = this.drawArrival(this.nextArrival);
      }
      out[i] = this.thermalAt(t) + this.trafficStrain(t) + this.noise * this.noiseRng.normal();
    }
    return entered;
  }

  /** The thermal part changes slowly: evaluated once a second and interpolated (2 cosines less per sample). */
  private thermalAt(t: number): number {
    const second = Math.floor(t / 1000);
    if (second !== this.thermalSecond) {
      this.thermalSecond = second;
      this.thermalFrom = this.thermal(second * 1000);
      this.thermalTo = this.thermal((second + 1) * 1000);
    }
    return this.thermalFrom + (this.thermalTo - this.thermalFrom) * (t / 1000 - second);
  }

  private trafficStrain(t: number): number {
    let strain = 0;
    let keep = 0;
    for (const truck of this.active) {
      const elapsed = t - truck.enteredAt;
      const front = (truck.speedMs * elapsed) / 1000;
      if (front - truck.length > this.spanM) continue; // off the span: dropped below
      let load = 0;
      for (let k = 0; k < truck.offsets.length; k += 1) {
        const x = front - (truck.offsets[k] as number);
        if (x > 0 && x < this.spanM)
          load += (truck.loads[k] as number) * (1 - Math.abs((2 * x) / this.spanM - 1));
      }
      strain += load * (1 + this.dynamic * Math.sin(this.modeRadPerMs * elapsed));
      this.active[keep] = truck;
      keep += 1;
    }
    this.active.length = keep;
    return strain * this.perKn;
  }

  /** Next arrival after `from`: exponential gaps at the peak rate, kept with trafficAt's odds. */
  private drawArrival(from: number): number {
    let t = from;
    for (;;) {
      t += -Math.log(1 - this.arrivals.next()) / this.peakPerMs;
      if (this.arrivals.next() < trafficAt(t)) return t;
    }
  }

  private enter(enteredAt: number): TruckEvent {
    const rng = this.arrivals;
    let pick = rng.next();
    const truckClass =
      TRUCK_CLASSES.find((c) => (pick -= c.share) < 0) ?? (TRUCK_CLASSES[0] as TruckClass);
    const [mean, sd] = rng.next() < truckClass.loadedShare ? truckClass.loaded : truckClass.empty;
    const grossKn = Math.min(700, Math.max(40, mean + sd * rng.normal()));
    const speedMs = Math.min(110, Math.max(50, 85 + 8 * rng.normal())) / 3.6;
    const axleLoadsKn = truckClass.axleShares.map((share) => share * grossKn);
    const offsets = truckClass.axleOffsetsM;
    this.active.push({
      enteredAt,
      speedMs,
      offsets,
      loads: axleLoadsKn,
      length: offsets[offsets.length - 1] ?? 0,
    });
    return { enteredAt, truckClass: truckClass.name, grossKn, axleLoadsKn, speedMs };
  }
}
