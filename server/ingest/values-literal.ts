/**
 * The values of a block exactly as the gateway wrote them, ready to be a PostgreSQL float8[]
 * literal. Formatting 100,000 parsed numbers back to text costs more than parsing them, so the
 * bulk forms keep the received text when it is provably the same numbers: plain decimals only
 * (no exponent, so nothing PostgreSQL would reject as out of range), one element per value.
 */

// Digits, sign, point, separators and spaces: what plain decimals in a list are made of.
const PLAIN_DECIMAL_LIST = /^[0-9.,+\- ]*$/;

function countElements(text: string): number {
  let commas = 0;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 44) commas += 1;
  return text.trim() === '' ? 0 : commas + 1;
}

/** `text` when it is a comma list of `expected` plain decimals, else undefined. */
export function plainDecimalList(text: string, expected: number): string | undefined {
  if (!PLAIN_DECIMAL_LIST.test(text)) return undefined;
  return countElements(text) === expected ? text : undefined;
}

const VALUES_KEY = '"values"';

/**
 * The text between the brackets of the top-level `"values": [...]` of one NDJSON line that
 * JSON.parse accepted. Only trusted when the line has no escapes and names `"values"` once: then
 * that one occurrence is the top-level key (a nested or escaped key would be a second or
 * disguised occurrence, and the caller falls back to formatting the parsed numbers).
 */
export function valuesTextOfJsonLine(line: string, valueCount: number): string | undefined {
  if (line.includes('\\')) return undefined;
  const at = line.indexOf(VALUES_KEY);
  if (at < 0 || line.indexOf(VALUES_KEY, at + 1) >= 0) return undefined;
  let i = at + VALUES_KEY.length;
  while (line[i] === ' ') i += 1;
  if (line[i] !== ':') return undefined;
  i += 1;
  while (line[i] === ' ') i += 1;
  if (line[i] !== '[') return undefined;
  const end = line.indexOf(']', i + 1);
  if (end < 0) return undefined;
  return plainDecimalList(line.slice(i + 1, end), valueCount);
}
