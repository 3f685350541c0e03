/**
 * The page furniture of a SpanWatch PDF (pdfkit): headings, paragraphs, bullets, numbered
 * figures and page footers, laid out on A4 with one margin. The monthly report (report-pdf.ts)
 * writes its sections with these.
 */
import { type Box, COLOURS } from './pdf-charts.ts';

export const MARGIN = 50;
// Heights in points, a little above what pdfkit takes, so a kept block never spills over.
/** One line of 10-point text. */
export const LINE = 13;
const HEADING = 32;
const SUBHEADING = 22;
// The figure's top gap, its caption (up to two lines) and the space after it.
const FIGURE_EXTRA = 45;

/** The room `figure(caption, height, ...)` asks for. */
export const figureRoom = (height: number) => height + FIGURE_EXTRA;
const SPELLED: Record<string, string> = { '−': '-', Δ: 'Delta ', σ: 'sigma', γ: 'gamma', ε: 'e' };

/**
 * The standard PDF fonts encode WinAnsi only: Greek letters are spelled out and anything else
 * outside Latin-1 becomes '?', so a stored message can never break the document.
 */
export const pdfText = (text: string) =>
  [...text]
    .map((ch) => SPELLED[ch] ?? (ch.charCodeAt(0) <= 0xff || '–—‘’“”•…€'.includes(ch) ? ch : '?'))
    .join('');

// Per document, so the sections written by writers of their own number their figures on.
const figureCounts = new WeakMap<PDFKit.PDFDocument, number>();

export class PdfLayout {
  protected readonly width: number;

  constructor(protected readonly doc: PDFKit.PDFDocument) {
    this.width = doc.page.width - 2 * MARGIN;
  }

  protected ensureSpace(height: number) {
    const { doc } = this;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  }

  /**
   * A heading is kept with what follows it (issue 36: never the last line of a page): it starts
   * a new page unless `keepWith` points of its content fit under it. Sections pass the height
   * of their text up to and including their first figure or list, or less when that would not
   * fit on any page; the default keeps it with three lines.
   */
  protected heading(text: string, keepWith = 3 * LINE) {
    this.ensureSpace(HEADING + Math.min(keepWith, this.pageRoom() - HEADING));
    this.doc.moveDown(0.8).font('Helvetica-Bold').fontSize(14).fillColor(COLOURS.text);
    this.doc.text(text, MARGIN).moveDown(0.3).font('Helvetica').fontSize(10);
  }

  protected subheading(text: string, keepWith = 2 * LINE) {
    this.ensureSpace(SUBHEADING + Math.min(keepWith, this.pageRoom() - SUBHEADING));
    this.doc.moveDown(0.4).font('Helvetica-Bold').fontSize(11).text(pdfText(text), MARGIN);
    this.doc.font('Helvetica').fontSize(10);
  }

  /** The height of a page's content area: more cannot be kept together. */
  protected pageRoom(): number {
    const { page } = this.doc;
    return page.height - page.margins.top - page.margins.bottom;
  }

  /** The height `paragraph(text, options)` will take. */
  protected paragraphHeight(text: string, options: PDFKit.Mixins.TextOptions = {}): number {
    this.doc.fontSize(10);
    return this.doc.heightOfString(pdfText(text), { width: this.width, ...options });
  }

  /** The height `bullets(lines)` will take. */
  protected bulletsHeight(lines: readonly string[]): number {
    return lines.reduce((sum, line) => sum + this.paragraphHeight(`•  ${line}`, { indent: 8 }), 0);
  }

  protected paragraph(text: string, options: PDFKit.Mixins.TextOptions = {}) {
    this.doc
      .fontSize(10)
      .fillColor(COLOURS.text)
      .text(pdfText(text), MARGIN, undefined, {
        width: this.width,
        ...options,
      });
  }

  protected bullets(lines: string[]) {
    for (const line of lines) this.paragraph(`•  ${line}`, { indent: 8 });
  }

  /** A figure of `height` points with a numbered caption under it. */
  protected figure(caption: string, height: number, draw: (box: Box) => void) {
    const { doc } = this;
    this.ensureSpace(height + FIGURE_EXTRA);
    const box = { x: MARGIN + 55, y: doc.y + 8, width: this.width - 65, height };
    draw(box);
    doc.y = box.y + height + 16;
    const number = (figureCounts.get(doc) ?? 0) + 1;
    figureCounts.set(doc, number);
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(COLOURS.axis);
    doc.text(pdfText(`Figure ${number}: ${caption}`), MARGIN, undefined, {
      width: this.width,
    });
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.text).moveDown(0.5);
  }

  /** Writes `footer(page, pages)` at the foot of every page, once all pages are laid out. */
  protected pageNumbers(footer: (page: number, pages: number) => string) {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      // Writing inside the bottom margin would otherwise start a new page.
      doc.page.margins.bottom = 0;
      doc.fontSize(8).fillColor(COLOURS.axis);
      doc.text(pdfText(footer(i + 1, range.count)), MARGIN, doc.page.height - 32, {
        width: this.width,
        align: 'center',
        lineBreak: false,
      });
      doc.page.margins.bottom = bottom;
    }
  }
}
