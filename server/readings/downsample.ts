/**
 * Downsampling for charts: at most `maxPoints` buckets over [from, to), each with min, max,
 * mean and count, so a spike survives however long the range (min/max envelopes, never only
 * averages). The level read from storage is the coarsest one still finer than a bucket.
 */

export type Level = 'raw' | 'block' | 'minute' | 'hour';

export function levelFor(fromMs: number, toMs: number, maxPoints: number): Level {
  const bucketMs = (toMs - fromMs) / maxPoints;
  if (bucketMs < 1000) return 'raw';
  if (bucketMs < 60_000) return 'block';
  if (bucketMs < 3_600_000) return 'minute';
  return 'hour';
}

export interface Point {
  t: number;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/**
 * Collects samples or pre-aggregated rows into equal-width buckets over [from, to). The buckets
 * sit at their index in an array, so the points come out in time order without a map and a sort
 * of its entries (the bucketer was 1.2 ms of the server's 19-25 ms CPU for a week at 2,000
 * points; decision 082 (a)).
 */
export function createBucketer(fromMs: number, toMs: number, maxPoints: number) {
  const width = (toMs - fromMs) / maxPoints;
  const buckets = new Array<Point | undefined>(maxPoints);
  return {
    add(t: number, min: number, max: number, sum: number, count: number) {
      if (t < fromMs || t >= toMs || count === 0) return;
      const index = Math.min(maxPoints - 1, Math.floor((t - fromMs) / width));
      const point = buckets[index];
      if (!point) {
        buckets[index] = { t, min, max, sum, count };
        return;
      }
      if (t < point.t) point.t = t;
      if (min < point.min) point.min = min;
      if (max > point.max) point.max = max;
      point.sum += sum;
      point.count += count;
    },
    points(): Point[] {
      const points: Point[] = [];
      for (const point of buckets) if (point) points.push(point);
      return points;
    },
  };
}
