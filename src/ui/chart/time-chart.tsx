import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { scaleLinear } from 'd3-scale';
import { type Domain, linearScale, nearestIndex } from '../../../domain/chart-scale';
import type { Scale } from './chart-paths';
import * as styles from './time-chart.css';
import { timeAxisLabels } from './time-axis';
import type { TimeLabelFormat } from './time-labels';
import { useWidth } from './use-width';

/** A point the reader can step to: where the cursor goes and what the tooltip says. */
export interface ChartStop {
  x: number;
  text: string;
}

export interface ChartScales {
  x: Scale;
  y: Scale;
  plot: { left: number; right: number; top: number; bottom: number };
}

export interface TimeChartProps {
  /** Accessible name, also shown as the caption. */
  title: string;
  /** Time domain in epoch milliseconds. */
  xDomain: Domain;
  yDomain: Domain;
  stops: readonly ChartStop[];
  /** A tick's label; it may leave out what the label before it (`previous`) already says. */
  formatX: TimeLabelFormat;
  /** The zone `formatX` writes in: the ticks fall on its midnights (the browser's when unset). */
  timeZone?: string | undefined;
  /**
   * What the vertical axis measures, with its unit ('Acceleration (m/s²)'), written above the
   * plot: turned on its side at the left it ran over the card's heading and legend (issue 36).
   */
  yLabel?: string;
  /** Drawing height in pixels (the small charts in the alert details use less). */
  height?: number;
  /** The data layers, drawn with the chart's scales. */
  children: (scales: ChartScales) => ReactNode;
  legend?: ReactNode;
}

const DEFAULT_HEIGHT = 240;
// The left margin holds the value ticks only; the axis title sits above the plot.
const MARGIN = { left: 52, right: 12, top: 10, bottom: 28 };
const Y_TICKS = 4;
const AXIS_FONT_PX = 11;
const PAGE_STEP = 10;

/**
 * An SVG time chart of our own (no chart library). The plot is one keyboard stop, announced as a
 * slider over its points: arrows, Home, End and Page keys step the cursor, whose value text is
 * read out; the pointer moves it too, and a tooltip shows the same text.
 */
export function TimeChart({
  title,
  xDomain,
  yDomain,
  stops,
  formatX,
  timeZone,
  yLabel,
  height = DEFAULT_HEIGHT,
  children,
  legend,
}: TimeChartProps) {
  const captionId = useId();
  const plotRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const width = useWidth(plotRef);
  const plot = {
    left: MARGIN.left,
    right: width - MARGIN.right,
    top: MARGIN.top,
    bottom: height - MARGIN.bottom,
  };
  const x = linearScale(xDomain, [plot.left, plot.right]);
  const y = linearScale(yDomain, [plot.bottom, plot.top]);
  const stopXs = useMemo(() => stops.map((s) => s.x), [stops]);
  // d3-scale picks round ticks and prints each with just enough decimals to tell them apart.
  const yScale = scaleLinear().domain(yDomain);
  const yTicks = yScale.ticks(Y_TICKS);
  const formatYTick = yScale.tickFormat(Y_TICKS);
  const xTicks = timeAxisLabels({
    xDomain,
    x,
    width,
    plotWidth: plot.right - plot.left,
    format: formatX,
    fontPx: AXIS_FONT_PX,
    timeZone,
  });
  const last = stops.length - 1;
  const current = active !== null && active <= last ? stops[active] : undefined;

  const onKeyDown = (event: KeyboardEvent) => {
    if (last < 0) return;
    const from = active ?? last;
    const moves: Record<string, number> = {
      ArrowLeft: from - 1,
      ArrowDown: from - 1,
      ArrowRight: from + 1,
      ArrowUp: from + 1,
      PageDown: from - PAGE_STEP,
      PageUp: from + PAGE_STEP,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(Math.min(last, Math.max(0, next)));
  };

  const onPointerMove = (event: PointerEvent) => {
    const box = plotRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || last < 0) return;
    const viewX = ((event.clientX - box.left) / box.width) * width;
    const time = linearScale([plot.left, plot.right], xDomain)(viewX);
    setActive(nearestIndex(stopXs, time));
  };

  const cursorX = current ? x(current.x) : null;
  const tooltipLeft = cursorX === null ? 0 : (cursorX / width) * 100;

  return (
    <figure className={styles.figure}>
      <figcaption id={captionId} className={styles.caption}>
        {title}
      </figcaption>
      {yLabel && <p className={styles.yTitle}>{yLabel}</p>}
      <div
        ref={plotRef}
        className={styles.plot}
        role="slider"
        tabIndex={0}
        aria-labelledby={captionId}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, last)}
        aria-valuenow={active ?? Math.max(0, last)}
        aria-valuetext={current?.text ?? 'Use the arrow keys to read the points'}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((index) => index ?? (last >= 0 ? last : null))}
        onBlur={() => setActive(null)}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setActive(null)}
      >
        <svg
          className={styles.svg}
          viewBox={`0 0 ${width} ${height}`}
          aria-hidden="true"
          focusable="false"
        >
          {yTicks.map((tick) => (
            <g key={tick}>
              <line
                className={styles.grid}
                x1={plot.left}
                x2={plot.right}
                y1={y(tick)}
                y2={y(tick)}
              />
              <text className={styles.axisText} x={plot.left - 6} y={y(tick) + 4} textAnchor="end">
                {formatYTick(tick)}
              </text>
            </g>
          ))}
          {xTicks.map((tick) => (
            <g key={tick.at}>
              <line
                className={styles.grid}
                x1={tick.x}
                x2={tick.x}
                y1={plot.bottom}
                y2={plot.bottom + 4}
              />
              <text className={styles.axisText} x={tick.x} y={height - 8} textAnchor={tick.anchor}>
                {tick.text}
              </text>
            </g>
          ))}
          {children({ x, y, plot })}
          {cursorX !== null && (
            <line
              className={styles.cursor}
              x1={cursorX}
              x2={cursorX}
              y1={plot.top}
              y2={plot.bottom}
            />
          )}
        </svg>
        {current && (
          <div
            className={styles.tooltip}
            aria-hidden="true"
            style={
              tooltipLeft > 50 ? { right: `${100 - tooltipLeft}%` } : { left: `${tooltipLeft}%` }
            }
          >
            {current.text}
          </div>
        )}
      </div>
      {legend}
    </figure>
  );
}
