import { describe, expect, it } from 'vitest';
import { frequencyText, isLearning, learningText, percentText } from '../../domain/analysis-facts';

describe("the analysis' facts in words", () => {
  it('learns until twelve months with frost', () => {
    expect(learningText(0, undefined)).toBe('Learning: 0 of 12 months of conditions seen');
    expect([isLearning(11, true), isLearning(12, false), isLearning(12, true)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(learningText(12, undefined)).toBe('A full year learnt');
  });

  it('gives a frequency to the decimals its uncertainty needs, and the share in percent', () => {
    expect(frequencyText(1, 2.4123, 0.0061)).toBe('f1 2.412 Hz ± 0.006 Hz (0.25 %)');
    expect(frequencyText(3, 11.04567, 0.00042)).toBe('f3 11.0457 Hz ± 0.0004 Hz (0.004 %)');
  });

  it('never rounds a small missing-mode rate to zero', () => {
    expect([percentText(0), percentText(0.0002), percentText(0.25)]).toEqual([
      '0.0 %',
      '< 0.1 %',
      '25.0 %',
    ]);
  });
});
