/**
 * A company's own settings (issue 33, docs/decisions/063-company-settings.md), shared by the
 * server (validation, storage) and the SPA (the settings dialog).
 */

/** How the company's dashboards and reports write measurements. */
export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

/** The logo types a report's title page draws: pdfkit embeds PNG and JPEG, nothing else. */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** A logo is drawn a few centimetres wide; 256 KiB holds that at print resolution. */
export const LOGO_LIMIT_BYTES = 256 * 1024;
/**
 * The most pixels a logo may declare (2000 × 2000): the report draws it in 160 × 48 pt, and
 * the PDF library decodes the whole image, so a few hundred compressed bytes declaring
 * gigapixels would take the report's thread's memory.
 */
export const LOGO_MAX_PIXELS = 4_000_000;

export const COMPANY_NAME_MAX = 200;
export const COMPANY_ADDRESS_MAX = 500;
