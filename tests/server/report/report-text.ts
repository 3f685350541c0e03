import { extractText } from 'unpdf';
import type { ReportFacts } from '../../../server/report/report-facts.ts';
import { renderReportPdf } from '../../../server/report/report-pdf.ts';
import type { TestContext } from '../../helpers/test-app.ts';

/** The stores the report gathers its facts from, of a test app. */
export const storesOf = (t: TestContext) => ({ ...t.services, db: t.services.database.db });

/** The report's text on one line, single-spaced (extracted text breaks lines where the PDF does). */
export async function pdfText(facts: ReportFacts): Promise<string> {
  const { text } = await extractText(new Uint8Array(await renderReportPdf(facts)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}
