import type { StreamAvailability } from './report-facts.ts';

const rateText = (hz: number) => `${Number(hz.toPrecision(6)).toLocaleString('en-GB')} Hz`;
const count = (n: number) => Math.round(n).toLocaleString('en-GB');

/**
 * A stream's availability with the basis it was measured on, so a duty cycle is not read as a
 * loss. The section's introduction names continuous sampling as the rule: only exceptions say it.
 */
export function availabilityFigure(s: StreamAvailability): string {
  const percent = `${(s.percent ?? 0).toFixed(1)} %`;
  const samples = `${count(s.samples)} of ${count(s.expected)} samples`;
  if (s.basis === 'usual') {
    return (
      `${percent} of its usual hourly count (${samples}; bursts: ` +
      `${(s.percentOfContinuous ?? 0).toFixed(1)} % of continuous sampling at ${rateText(s.rateHz)})`
    );
  }
  if (s.basis === 'fullest') return `${percent} of its fullest hour (${samples})`;
  return `${percent} (${samples})`;
}
