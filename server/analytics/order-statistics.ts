/**
 * The k-th smallest (0-based) of the first `length` values of `values`, which it reorders:
 * quickselect (Hoare 1961) with a median-of-three pivot, O(n) on average where sorting a day of
 * 100 Hz samples to read one percentile is O(n log n). NaN must not be among them. Afterwards
 * every value before index k is at most the answer.
 */
export function kthSmallest(values: Float64Array, k: number, length = values.length): number {
  if (k < 0 || k >= length) return Number.NaN;
  // Written without helper closures: it runs for every 64-sample chunk of a day at 100 Hz.
  let left = 0;
  let right = length - 1;
  while (right > left) {
    const mid = (left + right) >> 1;
    // Order left, mid, right so the pivot is their median and the ends bound the scans (swaps,
    // not writes: mid is left when two values remain).
    let held: number;
    if ((values[mid] as number) < (values[left] as number)) {
      held = values[mid] as number;
      values[mid] = values[left] as number;
      values[left] = held;
    }
    if ((values[right] as number) < (values[left] as number)) {
      held = values[right] as number;
      values[right] = values[left] as number;
      values[left] = held;
    }
    if ((values[right] as number) < (values[mid] as number)) {
      held = values[right] as number;
      values[right] = values[mid] as number;
      values[mid] = held;
    }
    const pivot = values[mid] as number;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((values[i] as number) < pivot) i += 1;
      while ((values[j] as number) > pivot) j -= 1;
      if (i <= j) {
        held = values[i] as number;
        values[i] = values[j] as number;
        values[j] = held;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return values[k] as number;
  }
  return values[k] as number;
}

/**
 * The median of `values` (NaN when there are none) without sorting them: a selection of the
 * middle one, and for an even count the largest of those below it, which the selection left on
 * its lower side. The values are copied first, so the caller's array is left as it was.
 */
export function medianOf(values: ArrayLike<number>): number {
  const work = Float64Array.from(values);
  const n = work.length;
  if (n === 0) return Number.NaN;
  const mid = n >> 1;
  const upper = kthSmallest(work, mid);
  if (n % 2 === 1) return upper;
  let lower = -Infinity;
  for (let i = 0; i < mid; i += 1) if ((work[i] ?? -Infinity) > lower) lower = work[i] ?? lower;
  return (lower + upper) / 2;
}
