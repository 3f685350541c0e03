import { describe, expect, it } from 'vitest';
import { createClimate } from '../../../server/sim/climate.ts';
import { TEMPERATE_CLIMATE } from '../../../server/sim/scenarios.ts';

const HOUR_MS = 3_600_000;
const JULY = Date.UTC(2025, 6, 10);
const calm = { ...TEMPERATE_CLIMATE, weatherAmpC: 0 };

/** Hour of the day's maximum and the day's swing (max − min), sampled every 6 minutes. */
function dailyShape(temperatureAt: (t: number) => number, day: number) {
  let best = { hour: 0, value: -Infinity };
  let low = Infinity;
  for (let minute = 0; minute < 24 * 60; minute += 6) {
    const value = temperatureAt(day + minute * 60_000);
    if (value > best.value) best = { hour: minute / 60, value };
    low = Math.min(low, value);
  }
  return { peakHour: best.hour, swing: best.value - low };
}

describe('simulated climate: the deck behind the air', () => {
  it('keeps the deck at air temperature when no lag is given', () => {
    const climate = createClimate(TEMPERATE_CLIMATE, 3);
    for (let t = JULY; t < JULY + 10 * 24 * HOUR_MS; t += 7 * HOUR_MS) {
      expect(climate.deckTemperatureAt(t)).toBe(climate.temperatureAt(t));
    }
  });

  it('lets a 3-hour lag delay the deck and damp its daily swing', () => {
    const climate = createClimate({ ...calm, deckLagHours: 3 }, 3);
    const air = dailyShape(climate.temperatureAt, JULY);
    const deck = dailyShape(climate.deckTemperatureAt, JULY);
    expect(air.peakHour).toBeCloseTo(15, 0);
    // A first-order lag of τ = 3 h delays the daily cycle by atan(2π·3/24)/(2π/24) ≈ 2.6 h
    // and shrinks it to 1/√(1 + (2π·3/24)²) ≈ 79 %.
    expect(deck.peakHour - air.peakHour).toBeCloseTo(2.6, 0);
    expect(deck.swing / air.swing).toBeCloseTo(0.79, 1);
  });

  it('delays a cold spell by the lag without changing its depth', () => {
    const from = Date.UTC(2026, 0, 12);
    const spell = {
      ...calm,
      dailyAmpC: 0,
      coldSpells: [{ from, to: from + 5 * 24 * HOUR_MS, deltaC: -7 }],
    };
    const lagged = createClimate({ ...spell, deckLagHours: 3 }, 3);
    const without = createClimate({ ...spell, coldSpells: [], deckLagHours: 3 }, 3);
    const mid = from + 2.5 * 24 * HOUR_MS;
    const drop = (t: number) => lagged.deckTemperatureAt(t) - without.deckTemperatureAt(t);
    expect(drop(mid)).toBeCloseTo(-7, 1);
    // The air has begun to cool at the spell's start; the deck a lag later is where the air was.
    expect(drop(from + 3 * HOUR_MS)).toBeCloseTo(
      lagged.temperatureAt(from) - without.temperatureAt(from),
      1,
    );
  });
});
