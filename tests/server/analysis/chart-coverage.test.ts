import { describe, expect, it } from 'vitest';
import {
  CHART_COVERAGE_MARGIN_C,
  CHART_FROST_FLOOR_C,
  chartCoverage,
  isCovered,
} from '../../../server/analysis/chart-coverage.ts';

const mode = (lowC: number, highC: number) => ({
  compensation: { beta: [0, 0, 0, 0, 0], mean: 2, lowC, highC },
});

describe('the temperatures the control charts judge', () => {
  it('are those every mode of the reference learnt, less the margin at each end', () => {
    const coverage = chartCoverage([mode(4, 22), mode(5, 20)]);
    expect(coverage).toEqual({
      lowC: 5 + CHART_COVERAGE_MARGIN_C,
      highC: 20 - CHART_COVERAGE_MARGIN_C,
    });
    expect(isCovered(coverage, 5 + CHART_COVERAGE_MARGIN_C)).toBe(true);
    expect(isCovered(coverage, 20 - CHART_COVERAGE_MARGIN_C)).toBe(true);
    expect(isCovered(coverage, 5.5)).toBe(false);
    expect(isCovered(coverage, 19.5)).toBe(false);
    expect(isCovered(coverage, 12)).toBe(true);
  });

  it('never reach into the frost, even for a reference that learnt a winter', () => {
    const coverage = chartCoverage([mode(-15, 25)]);
    expect(coverage?.lowC).toBe(CHART_FROST_FLOOR_C + CHART_COVERAGE_MARGIN_C);
    expect(isCovered(coverage, -5)).toBe(false);
    expect(isCovered(coverage, CHART_FROST_FLOOR_C + CHART_COVERAGE_MARGIN_C - 0.1)).toBe(false);
  });

  it('are none without a temperature model, or when the margins leave nothing', () => {
    expect(chartCoverage([mode(5, 20), { compensation: null }])).toBeNull();
    expect(chartCoverage([])).toBeNull();
    expect(chartCoverage([mode(10, 12)])).toBeNull();
    expect(isCovered(null, 12)).toBe(false);
  });

  it('never judge a window whose temperature is unknown', () => {
    expect(isCovered(chartCoverage([mode(5, 20)]), Number.NaN)).toBe(false);
  });
});
