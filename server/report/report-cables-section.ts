import { cableText, limitsText, tensionText } from '../../domain/cable-words.ts';
import { LINE, PdfLayout } from './pdf-layout.ts';
import type { CableFact, CablesFacts } from './report-facts.ts';

export const CABLES_METHOD_TEXT =
  'Each cable’s tension is estimated from the harmonic series of its accelerometer’s spectrum, ' +
  'one 10-minute window at a time, by taut-string theory with the bending-stiffness correction ' +
  '(Mehrabi & Tabatabai 1998; without a bending stiffness, the pinned-end fit of the ' +
  'harmonics), from the first five harmonics found; a window with fewer than three holds no ' +
  'tension. ± is the standard error of the estimate. A change is measured against the ' +
  'reference tension: the one set for the cable, else the mean of its first stored day.';

const kn = (value: number) => `${value.toFixed(value >= 100 ? 0 : 1)} kN`;
const signed = (percent: number) => `${percent > 0 ? '+' : ''}${percent.toFixed(2)} %`;
const windowsWord = (n: number) => `${n} ${n === 1 ? 'window' : 'windows'}`;

function referenceText(c: CableFact): string {
  if (c.referenceKn === null) return 'no reference yet (the first stored day is not complete)';
  return `${c.referenceSet ? 'reference' : "reference (first day's mean)"} ${kn(c.referenceKn)}`;
}

/**
 * The report's Cable tension section (decision 079): per cable its properties, the month's
 * newest tension ± its standard error, the month's mean, lowest and highest, the limits, and
 * the change against the reference; nothing for a bridge with none.
 */
export class CablesWriter extends PdfLayout {
  constructor(
    doc: PDFKit.PDFDocument,
    private readonly facts: CablesFacts,
    private readonly when: (iso: string) => string,
  ) {
    super(doc);
  }

  write() {
    // No section for a bridge without cables, as the dashboard shows no card for it.
    if (this.facts.absent !== null) return;
    const lines = this.facts.cables.map((c) => this.cableLine(c));
    this.heading(
      'Cable tension',
      this.paragraphHeight(CABLES_METHOD_TEXT) + this.bulletsHeight(lines.slice(0, 1)) + LINE,
    );
    this.paragraph(CABLES_METHOD_TEXT);
    this.doc.moveDown(0.3);
    this.bullets(lines);
  }

  private cableLine(c: CableFact): string {
    const who = `${c.sensorLabel} (stream ${c.streamId}; ${cableText(c.cable)})`;
    const limits = `Limits: ${limitsText(c.cable, c.referenceKn)}.`;
    if (!c.latest) {
      const why = c.newestNote ? ` The newest window: ${c.newestNote}.` : '';
      return (
        `${who}: no tension estimated in the month (${windowsWord(c.windowsInMonth)} stored).` +
        `${why} ${limits}`
      );
    }
    const against =
      c.latest.changePercent === null
        ? `; ${referenceText(c)}`
        : `, ${signed(c.latest.changePercent)} from the ${referenceText(c)}`;
    const month =
      c.meanKn !== null && c.minKn !== null && c.maxKn !== null
        ? `In the month ${c.tensionsInMonth} of ${windowsWord(c.windowsInMonth)} held a tension: ` +
          `mean ${kn(c.meanKn)}, lowest ${kn(c.minKn)}, highest ${kn(c.maxKn)}` +
          (c.meanChangePercent === null
            ? '.'
            : `; the mean ${signed(c.meanChangePercent)} from the reference.`)
        : '';
    const note = c.newestNote ? ` The newest window holds none: ${c.newestNote}.` : '';
    return (
      `${who}: newest tension ${tensionText(c.latest.tensionKn, c.latest.uncertaintyKn)} ` +
      `(window of ${this.when(c.latest.windowStart)})${against}. ` +
      `${month}${note} ${limits}`
    ).replace(/ {2,}/g, ' ');
  }
}
