import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Domain, linearScale, nearestIndex, niceTicks } from '../../domain/chart-scale';
import type { Scale } from './chart-paths';
import * as styles from './time-chart.css';
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
  formatX: (ms: number) => string;
  formatY?: (value: number) => string;
  /** The data layers, drawn with the chart's scales. */
  children: (scales: ChartScales) => ReactNode;
  legend?: ReactNode;
}

const HEIGHT = 240;
const MARGIN = { left: 56, right: 12, top: 10, bottom: 28 };
const NARROW = 420;
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
  formatY = (v) => v.toPrecision(3),
  children,
  legend,
}: TimeChartProps) {
  const captionId = useId();
  const plotRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const width = useWidth(plotRef);
  const xTickCount = width < NARROW ? 3 : 5;
  const plot = {
    left: MARGIN.left,
    right: width - MARGIN.right,
    top: MARGIN.top,
    bottom: HEIGHT - MARGIN.bottom,
  };
  const x = linearScale(xDomain, [plot.left, plot.right]);
  const y = linearScale(yDomain, [plot.bottom, plot.top]);
  const stopXs = useMemo(() => stops.map((s) => s.x), [stops]);
  const yTicks = niceTicks(yDomain, 4);
  const xTicks = Array.from(
    { length: xTickCount },
    (_, i) => xDomain[0] + ((xDomain[1] - xDomain[0]) * i) / (xTickCount - 1),
  );
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
          viewBox={`0 0 ${width} ${HEIGHT}`}
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
                {formatY(tick)}
              </text>
            </g>
          ))}
          {xTicks.map((tick, i) => (
            <text
              key={tick}
              className={styles.axisText}
              x={x(tick)}
              y={HEIGHT - 8}
              textAnchor={i === 0 ? 'start' : i === xTickCount - 1 ? 'end' : 'middle'}
            >
              {formatX(tick)}
            </text>
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
