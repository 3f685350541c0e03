/** An ordinary least-squares straight line y = intercept + slope·x, with what its errors need. */
export interface LineFit {
  slope: number;
  intercept: number;
  /** Number of points fitted. */
  count: number;
  meanX: number;
  /** Σ(x − x̄)²: zero when every x is the same, and then the slope is reported as 0. */
  sxx: number;
  /** Σ(y − ŷ)² about the fitted line. */
  residualSumOfSquares: number;
}

/** Fits y on x by ordinary least squares, in two passes about the means so large x stay exact. */
export function fitLine(points: readonly (readonly [number, number])[]): LineFit {
  const count = points.length;
  if (count === 0)
    return { slope: 0, intercept: 0, count, meanX: 0, sxx: 0, residualSumOfSquares: 0 };
  let sumX = 0;
  let sumY = 0;
  for (const [x, y] of points) {
    sumX += x;
    sumY += y;
  }
  const meanX = sumX / count;
  const meanY = sumY / count;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sxx += (x - meanX) ** 2;
    sxy += (x - meanX) * (y - meanY);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  const intercept = meanY - slope * meanX;
  let residualSumOfSquares = 0;
  for (const [x, y] of points) residualSumOfSquares += (y - intercept - slope * x) ** 2;
  return { slope, intercept, count, meanX, sxx, residualSumOfSquares };
}

/** Standard error of the fitted intercept (needs at least three points; zero below). */
export function interceptStandardError(fit: LineFit): number {
  if (fit.count <= 2) return 0;
  const residualVariance = fit.residualSumOfSquares / (fit.count - 2);
  const leverage = 1 / fit.count + (fit.sxx > 0 ? fit.meanX ** 2 / fit.sxx : 0);
  return Math.sqrt(residualVariance * leverage);
}
