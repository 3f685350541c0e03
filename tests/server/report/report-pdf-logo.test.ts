/**
 * Decision 063 (2026-11-30): the monthly report's title page draws the logo of the bridge's
 * company when it has one, and a logo pdfkit cannot open is left out rather than failing the report.
 */
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { ReportFacts } from '../../../server/report/report-facts.ts';
import { renderReportPdf } from '../../../server/report/report-pdf.ts';
import { flatPng, greyJpeg, pngBytes } from '../../helpers/photo-fixtures.ts';
import { fullFacts } from './report-facts-fixture.ts';

async function pdfOf(facts: ReportFacts) {
  const bytes = await renderReportPdf(facts);
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return { text, images: bytes.toString('latin1').split('/Subtype /Image').length - 1 };
}

describe("the company's logo on the monthly report's title page", () => {
  it('draws a PNG or JPEG logo once, above the title', async () => {
    for (const logo of [
      { contentType: 'image/png', data: flatPng(120, 40, 3) },
      { contentType: 'image/jpeg', data: greyJpeg(64, 32, 4) },
    ]) {
      const { text, images } = await pdfOf({ ...fullFacts(), companyLogo: logo });
      expect(images, logo.contentType).toBe(1);
      expect(text).toContain('Harbour Bridge');
    }
  });

  it('draws no image without a logo, and leaves out one it cannot open', async () => {
    expect((await pdfOf(fullFacts())).images).toBe(0);
    const broken = await pdfOf({
      ...fullFacts(),
      companyLogo: { contentType: 'image/png', data: pngBytes(1) },
    });
    expect(broken.images).toBe(0);
    expect(broken.text).toContain('Monthly report, April 2026');
  });
});
