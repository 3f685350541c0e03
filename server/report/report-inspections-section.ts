import { COLOURS } from './pdf-charts.ts';
import { LINE, MARGIN, PdfLayout, pdfText } from './pdf-layout.ts';
import type { InspectionFact, InspectionPhotoFact } from './report-facts.ts';
import { REPORT_PHOTOS_IN_ALL, REPORT_PHOTOS_PER_INSPECTION } from './report-inspections.ts';

const PER_ROW = 3;
const GAP = 10;
const PHOTO_HEIGHT = 110;
/** Two lines of caption under each photo: the inspection's date and inspector, the file name. */
const CAPTION_HEIGHT = 22;
const ROW_HEIGHT = PHOTO_HEIGHT + 4 + CAPTION_HEIGHT + 8;

const photosWord = (n: number) => (n === 1 ? 'photo' : 'photos');

/**
 * The report's Inspections section (decision 053): each inspection of the month with its
 * ratings and findings, and its photos as thumbnails captioned with the inspection's date, the
 * inspector and the photo's file name. Written on the report's document after the sections
 * before it.
 */
export class InspectionsWriter extends PdfLayout {
  constructor(
    doc: PDFKit.PDFDocument,
    private readonly inspections: InspectionFact[],
    private readonly leftOut: number,
  ) {
    super(doc);
  }

  write() {
    const [first] = this.inspections;
    this.heading('Inspections', first ? 3 * LINE + (first.photos.length > 0 ? ROW_HEIGHT : 0) : 0);
    if (!first) {
      this.paragraph('No inspection was recorded this month.');
      return;
    }
    for (const inspection of this.inspections) this.inspection(inspection);
    if (this.leftOut > 0) this.paragraph(`${this.leftOut} further inspections are not listed.`);
  }

  private inspection(inspection: InspectionFact) {
    this.ensureSpace(3 * LINE);
    this.doc.font('Helvetica-Bold');
    this.paragraph(
      `${inspection.inspectedOn} · ${inspection.kind} inspection by ${inspection.inspector}`,
    );
    this.doc.font('Helvetica');
    this.paragraph(inspection.rating, { indent: 10 });
    if (inspection.findings) this.paragraph(`Findings: "${inspection.findings}"`, { indent: 10 });
    const total = inspection.photos.length + inspection.photosLeftOut;
    if (total === 0) this.paragraph('No photos.', { indent: 10 });
    for (let i = 0; i < inspection.photos.length; i += PER_ROW) {
      this.photoRow(inspection, inspection.photos.slice(i, i + PER_ROW));
    }
    if (inspection.photosLeftOut > 0) {
      this.paragraph(
        `and ${inspection.photosLeftOut} more ${photosWord(inspection.photosLeftOut)} ` +
          `(the report shows at most ${REPORT_PHOTOS_PER_INSPECTION} an inspection and ` +
          `${REPORT_PHOTOS_IN_ALL} in all; every photo is in the inspection's record in SpanWatch)`,
        { indent: 10 },
      );
    }
    this.doc.moveDown(0.5);
  }

  private photoRow(inspection: InspectionFact, photos: InspectionPhotoFact[]) {
    const { doc } = this;
    this.ensureSpace(ROW_HEIGHT);
    const top = doc.y + 4;
    const cell = (this.width - (PER_ROW - 1) * GAP) / PER_ROW;
    photos.forEach((photo, i) => {
      const x = MARGIN + i * (cell + GAP);
      this.thumbnail(photo, x, top, cell);
      doc.font('Helvetica').fontSize(7).fillColor(COLOURS.axis);
      // One line each, so a long inspector's name never splits the file name.
      const lines = [`${inspection.inspectedOn} · ${inspection.inspector}`, photo.fileName];
      lines.forEach((line, n) =>
        doc.text(pdfText(line), x, top + PHOTO_HEIGHT + 4 + n * (CAPTION_HEIGHT / 2), {
          width: cell,
          lineBreak: false,
          ellipsis: true,
        }),
      );
    });
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.text);
    doc.x = MARGIN;
    doc.y = top + ROW_HEIGHT - 4;
  }

  /** The photo scaled into its cell, or a grey box saying why it is not drawn. */
  private thumbnail(photo: InspectionPhotoFact, x: number, y: number, width: number) {
    const { doc } = this;
    let note = photo.note;
    if (photo.data) {
      try {
        doc.image(
          Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.byteLength),
          x,
          y,
          {
            fit: [width, PHOTO_HEIGHT],
            align: 'center',
            valign: 'center',
          },
        );
        return;
      } catch {
        // pdfkit throws on a file whose header opens like an image but is not one.
        note = 'could not be read as an image';
      }
    }
    doc.rect(x, y, width, PHOTO_HEIGHT).fill(COLOURS.missing);
    doc.font('Helvetica').fontSize(8).fillColor(COLOURS.text);
    doc.text(pdfText(`Not drawn: ${note ?? 'no image'}`), x + 6, y + PHOTO_HEIGHT / 2 - 10, {
      width: width - 12,
      align: 'center',
    });
  }
}
