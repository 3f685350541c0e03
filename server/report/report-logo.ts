import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companyLogos } from '../db/schema.ts';
import { MARGIN } from './pdf-layout.ts';
import type { LogoFact } from './report-facts.ts';

/** A logo is drawn at most this big (points): a letterhead's, not a poster's. */
const LOGO_BOX: [number, number] = [160, 48];
const LOGO_GAP = 10;

export async function companyLogoFact(db: Db, companyId: number): Promise<LogoFact | null> {
  const [row] = await db
    .select({ contentType: companyLogos.contentType, data: companyLogos.data })
    .from(companyLogos)
    .where(eq(companyLogos.companyId, companyId));
  return row ?? null;
}

/**
 * Draws the logo at the top left of the title page and leaves the cursor below it. The upload
 * checked only the first bytes, so an image pdfkit cannot open is left out, not a failed report.
 */
export function drawLogo(doc: PDFKit.PDFDocument, logo: LogoFact | null): void {
  if (!logo) return;
  const { data } = logo;
  try {
    doc.image(Buffer.from(data.buffer, data.byteOffset, data.byteLength), MARGIN, MARGIN, {
      fit: LOGO_BOX,
    });
  } catch {
    return;
  }
  doc.x = MARGIN;
  doc.y = MARGIN + LOGO_BOX[1] + LOGO_GAP;
}
