/**
 * The standard deviation of each window's samples about the window's own mean: the dynamic
 * amplitude the gain check compares between twins (decision 030). The same figure as
 * `summariseWindows`' std, without the rest of the summary, so a reference week of a 100 Hz
 * stream costs one pass over its samples.
 */
export function windowStds(samples: ArrayLike<number>, windowSamples: number): number[] {
  const stds: number[] = [];
  for (let from = 0; from + windowSamples <= samples.length; from += windowSamples) {
    let n = 0;
    let sum = 0;
    for (let i = from; i < from + windowSamples; i += 1) {
      const v = samples[i] ?? NaN;
      if (Number.isFinite(v)) {
        n += 1;
        sum += v;
      }
    }
    const mean = sum / n;
    let squares = 0;
    for (let i = from; i < from + windowSamples; i += 1) {
      const v = samples[i] ?? NaN;
      if (Number.isFinite(v)) squares += (v - mean) ** 2;
    }
    stds.push(n > 0 ? Math.sqrt(squares / n) : NaN);
  }
  return stds;
}
