import { describe, expect, it } from 'vitest';
import { compensationText } from '../../../server/report/report-gather.ts';

// A baseline fitted from -5 to 25 °C, 0.009 Hz per °C above freezing.
const fit = { lowC: -5, highC: 25, mean: 2.345 };

describe("the report's temperature compensation note (decision 064)", () => {
  it('writes the fit in °C for a metric company', () => {
    expect(compensationText('acc.f1', fit, 0.009, 'metric')).toBe(
      'acc.f1: temperature effect fitted on the baseline (-5.0 to 25.0 °C; 0.0090 Hz/°C above ' +
        '0 °C, with frozen-deck terms below 0 °C) and removed; values are at the baseline mean ' +
        '2.345 Hz conditions',
    );
  });

  it('writes the range in °F and the slope per °F for an imperial company', () => {
    expect(compensationText('acc.f1', fit, 0.009, 'imperial')).toBe(
      'acc.f1: temperature effect fitted on the baseline (23.0 to 77.0 °F; 0.0050 Hz/°F above ' +
        '32 °F, with frozen-deck terms below 32 °F) and removed; values are at the baseline mean ' +
        '2.345 Hz conditions',
    );
  });
});
