// Axis ticks shared by the server's charts (the PNG chart and the PDF report's figures).

/** Roughly five round steps between low and high. */
export function niceTicks(low: number, high: number): number[] {
  const span = high - low || 1;
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let v = Math.ceil(low / step) * step; v <= high + step * 1e-9; v += step) ticks.push(v);
  return ticks;
}

export function decimalsFor(ticks: number[]): number {
  const step = ticks.length > 1 ? Math.abs((ticks[1] ?? 0) - (ticks[0] ?? 0)) : 1;
  return Math.min(6, Math.max(0, -Math.floor(Math.log10(step)) + 1));
}
