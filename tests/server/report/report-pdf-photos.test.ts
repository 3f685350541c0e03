/**
 * Decision 053 (2026-11-29): the monthly report's Inspections section draws the month's
 * inspection photos as thumbnails captioned with the date, the inspector and the file name,
 * says how many more there are, and lists what it cannot draw.
 */
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { InspectionFact, ReportFacts } from '../../../server/report/report-facts.ts';
import { renderReportPdf } from '../../../server/report/report-pdf.ts';
import { flatPng, greyJpeg } from '../../helpers/photo-fixtures.ts';
import { fullFacts } from './report-facts-fixture.ts';

async function pdfOf(facts: ReportFacts) {
  const bytes = await renderReportPdf(facts);
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  const raw = bytes.toString('latin1');
  return { text: text.replace(/\s+/g, ' '), images: raw.split('/Subtype /Image').length - 1 };
}

const photo = (id: number, data: Buffer, contentType = 'image/jpeg') => ({
  fileName: `inspection-photo-${id}.${contentType === 'image/png' ? 'png' : 'jpg'}`,
  contentType,
  sizeBytes: data.byteLength,
  data,
  note: null,
});

const withInspection = (inspection: Partial<InspectionFact>): ReportFacts => {
  const facts = fullFacts();
  const [first] = facts.inspections;
  if (!first) throw new Error('the fixture has an inspection');
  return { ...facts, inspections: [{ ...first, ...inspection }] };
};

describe('inspection photos in the monthly report PDF', () => {
  it('draws each JPEG and PNG photo with its caption and lists the others with why', async () => {
    const { text, images } = await pdfOf(
      withInspection({
        photos: [
          photo(11, greyJpeg(64, 48, 1)),
          photo(12, flatPng(30, 20, 2), 'image/png'),
          {
            fileName: 'inspection-photo-13.webp',
            contentType: 'image/webp',
            sizeBytes: 26,
            data: null,
            note: 'only JPEG and PNG photos are drawn in the PDF',
          },
        ],
      }),
    );
    expect(images).toBe(2);
    expect(text).toContain(
      'Inspections 2026-04-09 · Routine inspection by F. Inspector NBI ratings: deck 7, superstructure 6, substructure 5 Findings: "Hairline crack at pier 2 bearing shelf"',
    );
    for (const name of ['11.jpg', '12.png', '13.webp']) {
      expect(text).toContain(`2026-04-09 · F. Inspector inspection-photo-${name}`);
    }
    expect(text).toContain('Not drawn: only JPEG and PNG photos are drawn in the PDF');
    expect(text).not.toContain('more photo');
  });

  it('says how many more photos an inspection has than the report shows', async () => {
    const { text, images } = await pdfOf(
      withInspection({ photos: [photo(1, greyJpeg(8, 8, 1))], photosLeftOut: 5 }),
    );
    expect(images).toBe(1);
    expect(text).toContain('and 5 more photos (the report shows at most 4 an inspection and 12');
  });

  it('keeps the report whole when a stored photo is not a readable image', async () => {
    const broken = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0]);
    const { text, images } = await pdfOf(withInspection({ photos: [photo(9, broken)] }));
    expect(images).toBe(0);
    expect(text).toContain('Not drawn: could not be read as an image');
    expect(text).toContain('Data availability');
  });

  it('says none when the month has no inspection or its inspection no photo', async () => {
    const without = await pdfOf(fullFacts());
    expect(without.images).toBe(0);
    expect(without.text).toContain('F. Inspector NBI ratings');
    expect(without.text).toContain('No photos.');
    const none = await pdfOf({ ...fullFacts(), inspections: [] });
    expect(none.text).toContain('Inspections No inspection was recorded this month.');
  });
});
