/**
 * Partition rounds allowed before the rest is sorted instead: about twice what halving needs.
 * A median-of-three pivot is quadratic on inputs built against it (Musser 1997, "Introspective
 * sorting and selection algorithms"), and the values come from gateways we do not control.
 */
const roundsBeforeSorting = (length: number) => 2 * Math.ceil(Math.log2(length + 1)) + 8;

/**
 * The k-th smallest (0-based) of the first `length` values of `values`, which it reorders:
 * quickselect (Hoare 1961) with a median-of-three pivot, O(n) on average where sorting a day of
 * 100 Hz samples to read one percentile is O(n log n), and never worse than O(n log n): after
 * `maxRounds` partitions the remaining range is sorted (introselect, Musser 1997). NaN must not
 * be among them. Afterwards every value before index k is at most the answer.
 */
export function kthSmallest(
  values: Float64Array,
  k: number,
  length = values.length,
  maxRounds = roundsBeforeSorting(length),
): number {
  if (k < 0 || k >= length) return Number.NaN;
  // Written without helper closures: it runs for every 64-sample chunk of a day at 100 Hz.
  let left = 0;
  let right = length - 1;
  let rounds = 0;
  while (right > left) {
    if (rounds === maxRounds) {
      values.subarray(left, right + 1).sort();
      return values[k] as number;
    }
    rounds += 1;
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
 * The median of the first `length` values of `values` (NaN when there are none), which it
 * reorders, without sorting them: a selection of the middle one, and for an even count the
 * largest of those below it, which the selection left on its lower side.
 */
export function medianOfFirst(values: Float64Array, length: number): number {
  if (length === 0) return Number.NaN;
  const mid = length >> 1;
  const upper = kthSmallest(values, mid, length);
  if (length % 2 === 1) return upper;
  let lower = -Infinity;
  for (let i = 0; i < mid; i += 1) if ((values[i] as number) > lower) lower = values[i] as number;
  return (lower + upper) / 2;
}

/** The median of `values` (NaN when there are none); the caller's array is left as it was. */
export function medianOf(values: ArrayLike<number>): number {
  return medianOfFirst(Float64Array.from(values), values.length);
}
