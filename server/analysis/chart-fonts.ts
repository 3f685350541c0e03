import { existsSync } from 'node:fs';

/**
 * Fonts for the server-rendered chart. resvg draws no text without a font, so known Debian
 * paths are tried first (fonts-dejavu-core comes with fontconfig, which Chromium pulls in;
 * fonts-liberation is common too), then whatever fontconfig's system folders hold. Without any
 * font the chart still renders (lines, bands, markers), only without its labels.
 */
const CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
];

export const CHART_FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

let found: string[] | null = null;

export function chartFontFiles(): string[] {
  found ??= CANDIDATES.filter((file) => existsSync(file));
  return found;
}
