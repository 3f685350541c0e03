/**
 * Indexed read that fails loudly instead of yielding undefined. The numeric kernels index within
 * bounds they have just checked; this states that without non-null assertions, and a slip
 * becomes a clear error instead of a NaN spreading through a model.
 */
export function at<T>(values: ArrayLike<T>, index: number): T {
  const value = values[index];
  if (value === undefined) throw new RangeError(`index ${index} outside 0..${values.length - 1}`);
  return value;
}
