import { scaleTime, scaleUtc } from 'd3-scale';
import type { Domain } from '../../../domain/chart-scale';
import { instantOfLocal, utcMidnightOf, wallClockMs } from '../../../domain/local-time';
import type { Scale } from './chart-paths';
import {
  GAP_PX,
  type TimeLabel,
  type TimeLabelFormat,
  labelWidth,
  placeTimeLabels,
} from './time-labels';

// At most one time label per 110 px, fewer when the labels are long: a wide screen gets eight
// or more. placeTimeLabels then drops any that would still touch.
const PX_PER_TIME_LABEL = 110;
// Fewer than three dates cannot show when something happened (the screenshot tour's phone).
const MIN_TIME_LABELS = 3;

/**
 * d3's calendar ticks (midnights, 6-hour marks...) in `zone`, the zone the labels are written in:
 * d3 places them in the browser's zone, so a Halifax bridge read from a UTC browser had its
 * 'Nov 30' label at 8 PM on Nov 29. Without a zone, the browser's (the labels' zone then too).
 */
function calendarTicks([start, end]: Domain, count: number, zone: string | undefined): number[] {
  if (zone === undefined) {
    return scaleTime()
      .domain([new Date(start), new Date(end)])
      .ticks(count)
      .map((d) => d.getTime());
  }
  return scaleUtc()
    .domain([new Date(wallClockMs(start, zone)), new Date(wallClockMs(end, zone))])
    .ticks(count)
    .map((wall) => {
      const date = wall.toISOString().slice(0, 10);
      const seconds = (wall.getTime() - utcMidnightOf(date)) / 1000;
      return instantOfLocal(date, seconds, zone).getTime();
    })
    .filter((ms) => ms >= start && ms <= end);
}

/** Calendar ticks near `count` of them, thinned evenly to `count`, placed so none touch. */
function labelsFor(count: number, options: TimeAxisOptions): TimeLabel[] {
  const { xDomain, x, width, format, fontPx, timeZone } = options;
  const candidates = calendarTicks(xDomain, count, timeZone);
  // d3 keeps to calendar steps (a day, 6 hours...), which can give more labels than fit: keep
  // every k-th so they stay evenly spaced, then only those whose labels do not touch.
  const every = Math.ceil(candidates.length / count);
  return placeTimeLabels({
    candidates: candidates.filter((_, i) => i % every === 0),
    x,
    width,
    format,
    fontPx,
  });
}

interface TimeAxisOptions {
  xDomain: Domain;
  x: Scale;
  /** The drawing's width; the plot is `plotWidth` of it. */
  width: number;
  plotWidth: number;
  format: TimeLabelFormat;
  fontPx: number;
  /** The zone `format` writes in, where the ticks' midnights fall; the browser's when unset. */
  timeZone?: string | undefined;
}

/**
 * The time axis's labels: one per 110 px or so, and at least three when three fit. d3 keeps to
 * calendar steps, so asking a 260 px phone plot for its two labels over a month chose a monthly
 * step, and only one month start ('Nov 30') fell in the span. When that leaves fewer than three,
 * finer steps are asked for, up to as many labels as could stand side by side.
 */
export function timeAxisLabels(options: TimeAxisOptions): TimeLabel[] {
  const { xDomain, plotWidth, format, fontPx } = options;
  const sampleWidth = labelWidth(format(xDomain[0]), fontPx);
  const perLabel = Math.max(PX_PER_TIME_LABEL, sampleWidth + fontPx);
  const count = Math.max(2, Math.floor(plotWidth / perLabel));
  const mostThatFit = Math.floor(plotWidth / (sampleWidth + GAP_PX));
  let best = labelsFor(count, options);
  for (let finer = count + 1; best.length < MIN_TIME_LABELS && finer <= mostThatFit; finer += 1) {
    const labels = labelsFor(finer, options);
    if (labels.length > best.length) best = labels;
  }
  return best;
}
