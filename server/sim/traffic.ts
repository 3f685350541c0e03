const DAY_MS = 86_400_000;

// Relative traffic intensity 0..1: morning and evening rush hours, quiet nights, lighter weekends.
// Day 0 of the epoch (1 January 1970) was a Thursday.
export function trafficAt(t: number): number {
  const days = t / DAY_MS;
  const hour = (days - Math.floor(days)) * 24;
  const weekday = (Math.floor(days) + 4) % 7;
  const weekend = weekday === 0 || weekday === 6;
  const bump = (centre: number, width: number): number =>
    Math.exp(-0.5 * ((hour - centre) / width) ** 2);
  const dayShape = 0.05 + 0.55 * bump(13, 4.5) + 0.45 * bump(8, 1.2) + 0.45 * bump(17.5, 1.5);
  return Math.min(1, dayShape * (weekend ? 0.6 : 1));
}
