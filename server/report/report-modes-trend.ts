import { COLOURS, dayLabels, daysInMonth, lineSeries, rangeBars, valueAxis } from './pdf-charts.ts';
import { PdfLayout } from './pdf-layout.ts';
import type { DaySpread, ModeDayFact, ModeFact } from './report-facts.ts';

// Print-safe colours told apart by name in the caption (a mode's line and its quartile bars).
const MODE_COLOURS = [
  { name: 'blue', hex: COLOURS.line },
  { name: 'orange', hex: '#e08a00' },
  { name: 'green', hex: '#2e7d32' },
  { name: 'purple', hex: '#6a3d9a' },
  { name: 'grey', hex: '#5b6673' },
  { name: 'red', hex: '#c62828' },
] as const;

const CHART_HEIGHT = 120;
const DAY_MS = 86_400_000;

interface Measure {
  caption: string;
  spread: (d: ModeDayFact) => DaySpread | null;
  /** The plotted value of a figure of the mode's (a change in %, a damping in %). */
  value: (v: number, mode: ModeFact) => number;
}

const MEASURES: Measure[] = [
  {
    caption:
      "Each reference mode's daily median frequency in the month as a change from its reference " +
      'frequency (%), with the day’s quartiles as bars',
    spread: (d) => d.frequencyHz,
    value: (v, mode) =>
      mode.referenceHz === null ? v : ((v - mode.referenceHz) / mode.referenceHz) * 100,
  },
  {
    caption:
      "Each reference mode's daily median damping ratio in the month (%), with the day’s quartiles as bars",
    spread: (d) => d.dampingRatio,
    value: (v) => v * 100,
  },
];

/**
 * The month's frequency and damping trend of each reference mode (issue 31; decision 076,
 * amended 2026-12-01): one chart each, a line of daily medians a mode over the month's UTC days,
 * the quartiles as bars, a gap on a day the mode was lost in every window (or none was
 * identified). Frequencies as changes from the reference, so modes far apart share one axis.
 */
export class ModeTrendWriter extends PdfLayout {
  constructor(
    doc: PDFKit.PDFDocument,
    private readonly modes: readonly ModeFact[],
    private readonly month: string,
  ) {
    super(doc);
  }

  write() {
    const shown = this.modes.slice(0, MODE_COLOURS.length);
    const daysWithFigures = new Set(
      shown.flatMap((m) => m.daily.filter((d) => d.frequencyHz !== null).map((d) => d.day)),
    );
    if (daysWithFigures.size < 2) {
      this.paragraph(
        'Daily trend: the modes were found on fewer than 2 days of the month, so no trend is drawn.',
      );
      return;
    }
    const key = shown.map((m, i) => `${m.name} ${MODE_COLOURS[i]?.name ?? ''}`).join(', ');
    const left = this.modes.length - shown.length;
    for (const measure of MEASURES) {
      this.figure(
        `${measure.caption}; UTC days; ${key}` +
          (left > 0 ? `; ${left} further modes not drawn` : ''),
        CHART_HEIGHT,
        (box) => this.draw(box, measure, shown),
      );
    }
  }

  private draw(
    box: { x: number; y: number; width: number; height: number },
    measure: Measure,
    shown: readonly ModeFact[],
  ) {
    const slots = daysInMonth(this.month);
    const start = Date.parse(`${this.month}-01T00:00:00Z`);
    const series = shown.map((mode) => {
      const ranges = new Array<{ median: number; low: number; high: number } | null>(slots).fill(
        null,
      );
      for (const day of mode.daily) {
        const i = Math.round((Date.parse(`${day.day}T00:00:00Z`) - start) / DAY_MS);
        const s = measure.spread(day);
        if (s && i >= 0 && i < slots) {
          ranges[i] = {
            median: measure.value(s.median, mode),
            low: measure.value(s.q1, mode),
            high: measure.value(s.q3, mode),
          };
        }
      }
      return ranges;
    });
    const values = series.flat().flatMap((r) => (r ? [r.low, r.high] : []));
    const low = Math.min(...values);
    const high = Math.max(...values);
    const pad = (high - low) * 0.1 || 0.01;
    const y = valueAxis(this.doc, box, low - pad, high + pad);
    series.forEach((ranges, i) => {
      const colour = MODE_COLOURS[i]?.hex ?? COLOURS.line;
      rangeBars(this.doc, box, ranges, y, colour);
      lineSeries(
        this.doc,
        box,
        ranges.map((r) => r?.median ?? null),
        y,
        [],
        colour,
      );
    });
    dayLabels(this.doc, box, slots, this.month);
  }
}
