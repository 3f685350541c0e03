import { Resvg } from '@resvg/resvg-js';
import type { Schemas } from '../contract-types.ts';
import { CHART_FONT_FAMILY, chartFontFiles } from './chart-fonts.ts';
import { niceTicks } from '../../domain/chart-scale.ts';
import { decimalsFor } from './chart-ticks.ts';

const WIDTH = 960;
const HEIGHT = 520;
const PLOT = { left: 80, right: 230, top: 60, bottom: 70 };
const DAY_MS = 86_400_000;
const COLOURS = {
  history: '#1f5fa8',
  anomaly: '#c62828',
  alarm: '#c62828',
  mean: '#6a3d9a',
  band80: '#b9a3d6',
  band95: '#e4daf0',
  grid: '#e3e6ea',
  text: '#1d2733',
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chart of the bridge's health indicator as SVG (rendered to PNG by renderChartPng). */
export function predictionChartSvg(series: Schemas['ForecastSeries']): string {
  const history = series.history.map((p) => ({ ...p, t: Date.parse(p.t) }));
  const forecast = series.forecast.map((p) => ({ ...p, t: Date.parse(p.t) }));
  const times = [...history.map((p) => p.t), ...forecast.map((p) => p.t)];
  const now = Date.now();
  const tMin = times.length > 0 ? Math.min(...times) : now - 7 * DAY_MS;
  const tMax = times.length > 0 ? Math.max(...times, tMin + DAY_MS) : now;
  const values = [
    ...history.flatMap((p) => (p.value === null ? [] : [p.value])),
    ...forecast.flatMap((p) => [p.lower95, p.upper95]),
    ...(series.alarm_low === null ? [] : [series.alarm_low]),
  ];
  const vLow = values.length > 0 ? Math.min(...values) : 0;
  const vHigh = values.length > 0 ? Math.max(...values) : 1;
  const pad = (vHigh - vLow || Math.abs(vHigh) * 0.01 || 1) * 0.08;
  const yTicks = niceTicks([vLow - pad, vHigh + pad]);
  const yMin = Math.min(vLow - pad, yTicks[0] ?? vLow);
  const yMax = Math.max(vHigh + pad, yTicks.at(-1) ?? vHigh);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const x = (t: number) => PLOT.left + ((t - tMin) / (tMax - tMin)) * plotWidth;
  const y = (v: number) => PLOT.top + (1 - (v - yMin) / (yMax - yMin)) * plotHeight;
  const f = (n: number) => n.toFixed(1);
  const decimals = decimalsFor(yTicks);
  const parts: string[] = [];

  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`);
  const clip = (text: string, length: number) =>
    text.length > length ? `${text.slice(0, length - 1)}…` : text;
  parts.push(
    `<text x="${PLOT.left}" y="28" font-size="18" font-weight="bold" fill="${COLOURS.text}">${escapeXml(clip(`${series.sid}: health indicator and 30-day forecast`, 70))}</text>`,
    `<text x="${PLOT.left}" y="48" font-size="12" fill="${COLOURS.text}">${escapeXml(clip(series.indicator, 120))}</text>`,
  );
  for (const v of yTicks) {
    parts.push(
      `<line x1="${PLOT.left}" x2="${PLOT.left + plotWidth}" y1="${f(y(v))}" y2="${f(y(v))}" stroke="${COLOURS.grid}"/>`,
      `<text x="${PLOT.left - 8}" y="${f(y(v) + 4)}" text-anchor="end" font-size="12" fill="${COLOURS.text}">${v.toFixed(decimals)}</text>`,
    );
  }
  const dayStep = Math.max(1, Math.ceil((tMax - tMin) / DAY_MS / 8));
  for (let t = Math.ceil(tMin / DAY_MS) * DAY_MS; t <= tMax; t += dayStep * DAY_MS) {
    parts.push(
      `<line x1="${f(x(t))}" x2="${f(x(t))}" y1="${PLOT.top + plotHeight}" y2="${PLOT.top + plotHeight + 5}" stroke="${COLOURS.text}"/>`,
      `<text x="${f(x(t))}" y="${PLOT.top + plotHeight + 20}" text-anchor="middle" font-size="12" fill="${COLOURS.text}">${new Date(t).toISOString().slice(5, 10)}</text>`,
    );
  }
  parts.push(
    `<rect x="${PLOT.left}" y="${PLOT.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="${COLOURS.text}"/>`,
    `<text x="${PLOT.left + plotWidth / 2}" y="${HEIGHT - 18}" text-anchor="middle" font-size="13" fill="${COLOURS.text}">Date (UTC, month-day)</text>`,
    `<text transform="translate(22 ${PLOT.top + plotHeight / 2}) rotate(-90)" text-anchor="middle" font-size="13" fill="${COLOURS.text}">${escapeXml(`Frequency (${series.unit})`)}</text>`,
  );
  if (forecast.length > 0) {
    const band = (lower: 'lower80' | 'lower95', upper: 'upper80' | 'upper95', fill: string) => {
      const top = forecast.map((p) => `${f(x(p.t))},${f(y(p[upper]))}`);
      const bottom = [...forecast].reverse().map((p) => `${f(x(p.t))},${f(y(p[lower]))}`);
      return `<polygon points="${[...top, ...bottom].join(' ')}" fill="${fill}"/>`;
    };
    parts.push(
      band('lower95', 'upper95', COLOURS.band95),
      band('lower80', 'upper80', COLOURS.band80),
    );
    parts.push(
      `<polyline points="${forecast.map((p) => `${f(x(p.t))},${f(y(p.mean))}`).join(' ')}" fill="none" stroke="${COLOURS.mean}" stroke-width="2" stroke-dasharray="6 4"/>`,
    );
  }
  if (series.alarm_low !== null) {
    parts.push(
      `<line x1="${PLOT.left}" x2="${PLOT.left + plotWidth}" y1="${f(y(series.alarm_low))}" y2="${f(y(series.alarm_low))}" stroke="${COLOURS.alarm}" stroke-width="1.5" stroke-dasharray="3 3"/>`,
    );
  }
  // Gaps (days without a value) break the line instead of bridging it.
  const runs: string[][] = [[]];
  for (const p of history) {
    if (p.value === null) runs.push([]);
    else runs.at(-1)?.push(`${f(x(p.t))},${f(y(p.value))}`);
  }
  for (const run of runs.filter((r) => r.length > 0)) {
    parts.push(
      run.length === 1
        ? `<circle cx="${run[0]?.split(',')[0]}" cy="${run[0]?.split(',')[1]}" r="2.5" fill="${COLOURS.history}"/>`
        : `<polyline points="${run.join(' ')}" fill="none" stroke="${COLOURS.history}" stroke-width="2"/>`,
    );
  }
  for (const p of history) {
    if (p.anomalous && p.value !== null)
      parts.push(
        `<circle cx="${f(x(p.t))}" cy="${f(y(p.value))}" r="5" fill="${COLOURS.anomaly}" stroke="#ffffff" stroke-width="1"/>`,
      );
  }
  parts.push(legend(PLOT.left + plotWidth + 16, PLOT.top));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="${CHART_FONT_FAMILY}">${parts.join('')}</svg>`;
}

function legend(left: number, top: number): string {
  const rows: [string, string][] = [
    [
      `<line x1="0" x2="24" y1="0" y2="0" stroke="${COLOURS.history}" stroke-width="2"/>`,
      'Daily value',
    ],
    [`<circle cx="12" cy="0" r="5" fill="${COLOURS.anomaly}"/>`, 'Day with anomalies'],
    [
      `<line x1="0" x2="24" y1="0" y2="0" stroke="${COLOURS.alarm}" stroke-width="1.5" stroke-dasharray="3 3"/>`,
      'Alarm level',
    ],
    [
      `<line x1="0" x2="24" y1="0" y2="0" stroke="${COLOURS.mean}" stroke-width="2" stroke-dasharray="6 4"/>`,
      'Forecast (30 days)',
    ],
    [`<rect x="0" y="-6" width="24" height="12" fill="${COLOURS.band80}"/>`, '80 % band'],
    [`<rect x="0" y="-6" width="24" height="12" fill="${COLOURS.band95}"/>`, '95 % band'],
  ];
  return `<g transform="translate(${left} ${top})"><rect x="-8" y="-14" width="190" height="${rows.length * 24 + 12}" fill="#ffffff" stroke="${COLOURS.grid}"/>${rows
    .map(
      ([mark, label], i) =>
        `<g transform="translate(0 ${i * 24 + 4})">${mark}<text x="32" y="4" font-size="12" fill="${COLOURS.text}">${label}</text></g>`,
    )
    .join('')}</g>`;
}

export function renderChartPng(series: Schemas['ForecastSeries']): Buffer {
  const fontFiles = chartFontFiles();
  const resvg = new Resvg(predictionChartSvg(series), {
    font: {
      fontFiles,
      loadSystemFonts: fontFiles.length === 0,
      defaultFontFamily: 'DejaVu Sans',
    },
  });
  return resvg.render().asPng();
}
