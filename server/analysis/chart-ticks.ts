// Tick labels of the server's charts (the PNG chart and the PDF report's figures); the ticks
// themselves come from the SPA's domain rules (domain/chart-scale.ts), one copy for both.

/** Just enough decimals to tell neighbouring ticks apart. */
export function decimalsFor(ticks: number[]): number {
  const step = ticks.length > 1 ? Math.abs((ticks[1] ?? 0) - (ticks[0] ?? 0)) : 1;
  return Math.min(6, Math.max(0, -Math.floor(Math.log10(step)) + 1));
}
