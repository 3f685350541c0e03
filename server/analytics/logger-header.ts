/**
 * A logger's column header: the channel's name and the unit written beside it. Loggers write the
 * unit several ways (`DMS_CN (um/m)`, `DMS_CN (um\m)`, `DMS_AS [um/m]`, `S1 in MPa`, `S2 / µε`),
 * so the unit is set aside from the name and written one way for display.
 */

const UNIT_SUFFIX = /^(.*?)\s*(?:\[([^\]]*)\]|\(([^)]*)\)|\{([^}]*)\}|\s(?:in|\/)\s*(\S+))\s*$/;

/** A header cell's name and its unit text as written ('' when it carries none). */
export function splitHeader(cell: string): { name: string; unit: string } {
  const match = UNIT_SUFFIX.exec(cell.trim());
  if (!match) return { name: cell.trim(), unit: '' };
  const unit = match[2] ?? match[3] ?? match[4] ?? match[5] ?? '';
  return { name: (match[1] ?? '').trim(), unit: unit.trim() };
}

/**
 * A unit text written one way: `um\m` and `um/m` are both `µm/m` (a backslash is a logger's slip
 * for a slash, a `u` a keyboard's µ), `-` is no unit, and a Latin-1 file's degree sign read as
 * the replacement character is a degree sign again.
 */
export function normalUnit(text: string): string {
  const unit = text
    .trim()
    .replace(/\\/g, '/')
    .replace(/\uFFFD/g, '°');
  if (unit === '-' || unit === '') return '';
  return unit.replace(/^u(?=[a-zA-Z]{1,3}(\/|$))/, 'µ');
}
