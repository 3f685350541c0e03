import type { Condition } from '../../domain/health.ts';
import { COLOURS } from './pdf-charts.ts';
import { MARGIN, pdfText } from './pdf-layout.ts';
import type { ReportFacts } from './report-facts.ts';

// Spec §4's gauge by condition: 90 Good, 75 Fair, 60 for Poor and Critical alike.
const SCORE: Record<Condition, number> = { Good: 90, Fair: 75, Poor: 60, Critical: 60 };
// Spec §4's colour classes, as the dashboard and the map draw them.
const BAND: Record<Condition | 'Not assessed', string> = {
  Good: '#1e7b34',
  Fair: '#f2c230',
  Poor: '#e0701b',
  Critical: '#c62828',
  'Not assessed': '#5b6573',
};

/** The three lines of page 1's box: condition, score and active alerts. */
export function conditionBoxLines(facts: ReportFacts): string[] {
  const condition = facts.condition?.current ?? null;
  const active = facts.alerts.filter((a) => a.state === 'active').length;
  // The month's alerts are listed up to a bound: past it the count is a lower bound.
  const activeText = facts.alertsLeftOut > 0 ? `at least ${active}` : String(active);
  return [
    `Condition: ${condition ?? 'Not assessed'}`,
    `Health score: ${condition ? SCORE[condition] : '–'} (90 Good, 75 Fair, 60 Poor or Critical)`,
    `Active alerts: ${activeText} (raised and not acknowledged when the report was generated)`,
  ];
}

/**
 * Page 1 opens with the verdict in a box (issue 36): what an owner reads before any paragraph.
 * A band in the condition's colour on the left; the text is black, so colour is not the only cue.
 */
export function drawConditionBox(doc: PDFKit.PDFDocument, facts: ReportFacts): void {
  const [headline = '', ...rest] = conditionBoxLines(facts);
  const width = doc.page.width - 2 * MARGIN;
  const pad = 12;
  const band = 8;
  const textX = MARGIN + band + pad;
  const textWidth = width - band - 2 * pad;
  doc.moveDown(0.8);
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(14).fillColor(COLOURS.text);
  const headlineHeight = doc.heightOfString(pdfText(headline), { width: textWidth });
  doc.font('Helvetica').fontSize(10);
  const restHeight = rest.reduce(
    (sum, line) => sum + doc.heightOfString(pdfText(line), { width: textWidth }) + 2,
    0,
  );
  const height = pad + headlineHeight + 4 + restHeight + pad;

  const colour = BAND[facts.condition?.current ?? 'Not assessed'];
  doc.save().lineWidth(1).strokeColor(COLOURS.axis).rect(MARGIN, top, width, height).stroke();
  doc.rect(MARGIN, top, band, height).fill(colour).restore();

  doc.font('Helvetica-Bold').fontSize(14).fillColor(COLOURS.text);
  doc.text(pdfText(headline), textX, top + pad, { width: textWidth });
  doc.font('Helvetica').fontSize(10).moveDown(0.2);
  for (const line of rest) doc.text(pdfText(line), textX, undefined, { width: textWidth });
  doc.x = MARGIN;
  doc.y = top + height;
}
