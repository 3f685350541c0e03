import { describe, expect, it } from 'vitest';
import {
  celsiusToFahrenheit,
  perCelsiusToPerFahrenheit,
  kilonewtonsToKips,
  megapascalsToKsi,
  metresToFeet,
  millimetresToInches,
  shownDataTypeUnit,
  shownUnit,
  stressText,
} from '../../domain/units.ts';

describe('unit conversions (exact factors, NIST SP 811 appendix B.8)', () => {
  it.each([
    ['°C → °F at freezing', celsiusToFahrenheit(0), 32],
    ['°C → °F at boiling', celsiusToFahrenheit(100), 212],
    ['°C → °F where the scales meet', celsiusToFahrenheit(-40), -40],
    ['25.4 mm is one inch', millimetresToInches(25.4), 1],
    ['0.3048 m is one foot', metresToFeet(0.3048), 1],
    ['1 mile of chainage in feet', metresToFeet(1609.344), 5280],
    ['4.4482216152605 kN is one kip', kilonewtonsToKips(4.4482216152605), 1],
    ['6.894757293168361 MPa is one ksi', megapascalsToKsi(6.894757293168361), 1],
  ])('%s', (_name, got, expected) => {
    expect(got).toBeCloseTo(expected, 12);
  });

  it('turns a rate per °C into a rate per °F', () => {
    // 0.009 Hz per °C over 10 °C is 0.09 Hz; the same 18 °F at 0.005 Hz per °F is 0.09 Hz.
    expect(perCelsiusToPerFahrenheit(0.009)).toBeCloseTo(0.005, 15);
  });

  it('writes a stress in MPa to one decimal, in ksi to two', () => {
    expect(stressText(71, 'metric')).toBe('71.0 MPa');
    expect(stressText(71, 'imperial')).toBe('10.30 ksi');
  });

  it('writes 36 ksi steel (A36) as about 248.2 MPa and back', () => {
    expect(megapascalsToKsi(248.211)).toBeCloseTo(36, 4);
  });
});

describe('the unit a company system writes', () => {
  it.each([
    ['temperature', 'metric', '°C', 20, 20],
    ['temperature', 'imperial', '°F', 20, 68],
    ['displacement', 'imperial', 'in', 50.8, 2],
    ['position', 'imperial', 'ft', 3.048, 10],
    ['force', 'imperial', 'kip', 44.482216152605, 10],
    ['stress', 'imperial', 'ksi', 68.94757293168361, 10],
  ] as const)('%s in %s is %s', (quantity, system, unit, stored, shown) => {
    const written = shownUnit(quantity, system);
    expect(written.unit).toBe(unit);
    expect(written.of(stored)).toBeCloseTo(shown, 10);
  });

  it('keeps strain, tilt and acceleration as stored in both systems', () => {
    for (const [type, stored] of [
      ['strain', 'µε'],
      ['tilt', 'mrad'],
      ['acceleration', 'm/s²'],
    ] as const) {
      const written = shownDataTypeUnit(type, stored, 'imperial');
      expect(written.unit).toBe(stored);
      expect(written.of(1.5)).toBe(1.5);
    }
  });

  it('converts temperature, displacement and load readings in imperial only', () => {
    expect(shownDataTypeUnit('temperature', '°C', 'imperial').unit).toBe('°F');
    expect(shownDataTypeUnit('displacement', 'mm', 'imperial').unit).toBe('in');
    expect(shownDataTypeUnit('load', 'kN', 'imperial').unit).toBe('kip');
    expect(shownDataTypeUnit('temperature', '°C', 'metric')).toMatchObject({ unit: '°C' });
  });
});
