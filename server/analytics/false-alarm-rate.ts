/**
 * A false-alarm rate measured on healthy data: independent alarm episodes over the time watched,
 * with the exact one-sided Poisson upper bound (the Garwood interval): the rate λ at which
 * seeing `episodes` or fewer has probability 1 − confidence. With no episode in a year the 95 %
 * bound is about 3 a year; only long healthy records make a bound near 1 a year.
 */
export interface FalseAlarmRate {
  episodes: number;
  years: number;
  perYear: number;
  upperBoundPerYear: number;
  confidence: number;
}

function poissonCdf(k: number, mean: number): number {
  let term = Math.exp(-mean);
  let sum = term;
  for (let i = 1; i <= k; i += 1) {
    term *= mean / i;
    sum += term;
  }
  return sum;
}

/** The upper confidence bound of a Poisson mean after observing `count` events. */
export function poissonUpperBound(count: number, confidence = 0.95): number {
  let low = 0;
  let high = count + 10 + 10 * Math.sqrt(count + 1);
  for (let i = 0; i < 100; i += 1) {
    const mid = (low + high) / 2;
    if (poissonCdf(count, mid) > 1 - confidence) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

export function falseAlarmRate(episodes: number, years: number, confidence = 0.95): FalseAlarmRate {
  return {
    episodes,
    years,
    perYear: episodes / years,
    upperBoundPerYear: poissonUpperBound(episodes, confidence) / years,
    confidence,
  };
}
