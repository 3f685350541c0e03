// Vector charts drawn with pdfkit paths (no images): the report's figures.
import { niceTicks } from '../../domain/chart-scale.ts';
import { decimalsFor } from '../analysis/chart-ticks.ts';

export const COLOURS = {
  axis: '#5b6673',
  grid: '#e3e6ea',
  line: '#1f5fa8',
  alarm: '#c62828',
  bar: '#1f5fa8',
  missing: '#e4e7eb',
  text: '#1d2733',
  level: '#e08a00',
};

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A value axis on the left with grid lines; returns the mapping from value to y. */
export function valueAxis(
  doc: PDFKit.PDFDocument,
  box: Box,
  low: number,
  high: number,
  format?: (v: number) => string,
): (v: number) => number {
  const ticks = niceTicks([low, high]);
  const bottom = Math.min(low, ticks[0] ?? low);
  const top = Math.max(high, ticks[ticks.length - 1] ?? high);
  const y = (v: number) => box.y + box.height - ((v - bottom) / (top - bottom || 1)) * box.height;
  const digits = decimalsFor(ticks);
  doc.save().lineWidth(0.5).fontSize(7).fillColor(COLOURS.axis);
  for (const tick of ticks) {
    doc
      .moveTo(box.x, y(tick))
      .lineTo(box.x + box.width, y(tick))
      .strokeColor(COLOURS.grid)
      .stroke();
    doc.text(format ? format(tick) : tick.toFixed(digits), box.x - 48, y(tick) - 3, {
      width: 44,
      align: 'right',
      lineBreak: false,
    });
  }
  doc
    .moveTo(box.x, box.y)
    .lineTo(box.x, box.y + box.height)
    .lineTo(box.x + box.width, box.y + box.height)
    .strokeColor(COLOURS.axis)
    .stroke();
  doc.restore();
  return y;
}

/** The days of a YYYY-MM month. */
export const daysInMonth = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/** Day labels under a day axis (first, middle, last day of the month). */
export function dayLabels(doc: PDFKit.PDFDocument, box: Box, days: number, month: string) {
  doc.save().fontSize(7).fillColor(COLOURS.axis);
  const slot = box.width / days;
  for (const d of [1, Math.ceil(days / 2), days]) {
    doc.text(
      `${month}-${String(d).padStart(2, '0')}`,
      box.x + (d - 0.5) * slot - 25,
      box.y + box.height + 3,
      {
        width: 50,
        align: 'center',
        lineBreak: false,
      },
    );
  }
  doc.restore();
}

/** A line through the values per slot (null breaks the line), with marked slots as red dots. */
export function lineSeries(
  doc: PDFKit.PDFDocument,
  box: Box,
  values: (number | null)[],
  y: (v: number) => number,
  marked: boolean[] = [],
  colour = COLOURS.line,
) {
  const slot = box.width / Math.max(1, values.length);
  const x = (i: number) => box.x + (i + 0.5) * slot;
  doc.save().lineWidth(1.2).strokeColor(colour);
  let drawing = false;
  values.forEach((v, i) => {
    if (v === null) {
      drawing = false;
      return;
    }
    if (drawing) doc.lineTo(x(i), y(v));
    else doc.moveTo(x(i), y(v));
    drawing = true;
  });
  doc.stroke();
  values.forEach((v, i) => {
    if (v === null) return;
    doc.circle(x(i), y(v), marked[i] ? 2.2 : 1.4).fill(marked[i] ? COLOURS.alarm : colour);
  });
  doc.restore();
}

/** A vertical bar per slot from `low` to `high` (a day's quartiles), in the line's colour. */
export function rangeBars(
  doc: PDFKit.PDFDocument,
  box: Box,
  ranges: ({ low: number; high: number } | null)[],
  y: (v: number) => number,
  colour: string,
) {
  const slot = box.width / Math.max(1, ranges.length);
  doc.save().lineWidth(0.8).strokeColor(colour).opacity(0.6);
  ranges.forEach((r, i) => {
    if (r === null) return;
    const x = box.x + (i + 0.5) * slot;
    doc.moveTo(x, y(r.low)).lineTo(x, y(r.high)).stroke();
  });
  doc.restore();
}

/** A horizontal dashed reference line with its label at the right. */
export function referenceLine(
  doc: PDFKit.PDFDocument,
  box: Box,
  yAt: number,
  label: string,
  colour: string,
) {
  doc.save().lineWidth(0.8).strokeColor(colour).dash(3, { space: 2 });
  doc
    .moveTo(box.x, yAt)
    .lineTo(box.x + box.width, yAt)
    .stroke();
  doc.undash().fontSize(7).fillColor(colour);
  doc.text(label, box.x + box.width - 120, yAt - 9, {
    width: 118,
    align: 'right',
    lineBreak: false,
  });
  doc.restore();
}

/** Bars per slot from the value axis' zero. */
export function barSeries(
  doc: PDFKit.PDFDocument,
  box: Box,
  values: (number | null)[],
  y: (v: number) => number,
  colour = COLOURS.bar,
) {
  const slot = box.width / Math.max(1, values.length);
  doc.save();
  values.forEach((v, i) => {
    if (v === null || v <= 0) return;
    const top = y(v);
    doc.rect(box.x + i * slot + slot * 0.15, top, slot * 0.7, y(0) - top).fill(colour);
  });
  doc.restore();
}
