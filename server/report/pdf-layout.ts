/**
 * The page furniture of a SpanWatch PDF (pdfkit): headings, paragraphs, bullets, numbered
 * figures and page footers, laid out on A4 with one margin. The monthly report (report-pdf.ts)
 * writes its sections with these.
 */
import { type Box, COLOURS } from './pdf-charts.ts';

export const MARGIN = 50;
const SPELLED: Record<string, string> = { '−': '-', Δ: 'Delta ', σ: 'sigma', γ: 'gamma', ε: 'e' };

/**
 * The standard PDF fonts encode WinAnsi only: Greek letters are spelled out and anything else
 * outside Latin-1 becomes '?', so a stored message can never break the document.
 */
export const pdfText = (text: string) =>
  [...text]
    .map((ch) => SPELLED[ch] ?? (ch.charCodeAt(0) <= 0xff || '–—‘’“”•…€'.includes(ch) ? ch : '?'))
    .join('');

export class PdfLayout {
  private figures = 0;
  protected readonly width: number;

  constructor(protected readonly doc: PDFKit.PDFDocument) {
    this.width = doc.page.width - 2 * MARGIN;
  }

  protected ensureSpace(height: number) {
    const { doc } = this;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  }

  protected heading(text: string) {
    this.ensureSpace(60);
    this.doc.moveDown(0.8).font('Helvetica-Bold').fontSize(14).fillColor(COLOURS.text);
    this.doc.text(text, MARGIN).moveDown(0.3).font('Helvetica').fontSize(10);
  }

  protected subheading(text: string) {
    this.ensureSpace(40);
    this.doc.moveDown(0.4).font('Helvetica-Bold').fontSize(11).text(pdfText(text), MARGIN);
    this.doc.font('Helvetica').fontSize(10);
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
    this.ensureSpace(height + 45);
    const box = { x: MARGIN + 55, y: doc.y + 8, width: this.width - 65, height };
    draw(box);
    doc.y = box.y + height + 16;
    this.figures += 1;
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(COLOURS.axis);
    doc.text(pdfText(`Figure ${this.figures}: ${caption}`), MARGIN, undefined, {
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
