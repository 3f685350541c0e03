/**
 * How a logger prints a float32 sample as decimal text, as the double that text parses to. Two
 * printings are named here (decision 070):
 *
 * - `SHORTEST` (0): the fewest significant digits whose decimal parses back to the same float32,
 *   and of those the one nearest to it (halfway: the even one): what Ryu (Adams, PLDI 2018) and the other shortest
 *   round-trip printers (Steele & White 1990, "How to print floating-point numbers accurately")
 *   write for a float32, e.g. 0.1 for the float32 0.100000001490116...;
 * - `p` (1 to 17): `p` significant digits, rounded to nearest (ties away from zero), as C's
 *   `%.{p}g` prints the float32 widened to a double (ties aside: C rounds them to even), e.g.
 *   the Munich air temperatures' 1.60000002384186 (p = 15).
 *
 * The sign is printed apart, so -0 stays -0 and a negative value is its magnitude's printing
 * negated. Deterministic: `toPrecision`'s digits are fixed by the language (ECMA-262,
 * Number.prototype.toPrecision), so a block's printing reads back the same in every process.
 */

export const SHORTEST = 0;
export const MAX_SIGNIFICANT_DIGITS = 17;
/** A float32 needs at most 9 significant digits to be told apart from its neighbours. */
const FLOAT32_DIGITS = 9;

const patternScratch = new Float32Array(1);
const patternBits = new Uint32Array(patternScratch.buffer);

/** True for a float32 whose mantissa bits are all 0: its lower neighbour is half as far. */
function isPowerOfTwo(a: number): boolean {
  patternScratch[0] = a;
  return ((patternBits[0] as number) & 0x7fffff) === 0;
}

/** The `p`-digit decimal one unit above or below `text` (a `toExponential(p - 1)` string). */
function adjacent(text: string, p: number, up: boolean): number {
  const [mantissa = '', exponent = '0'] = text.split('e');
  const digits = Number(mantissa.replace('.', ''));
  const scale = Number(exponent) - (p - 1);
  if (up) return Number(`${digits + 1}e${scale}`);
  // Below 10^(p-1) × 10^scale the p-digit decimals are ten times closer together.
  const lowest = 10 ** (p - 1);
  return digits > lowest
    ? Number(`${digits - 1}e${scale}`)
    : Number(`${lowest * 10 - 1}e${scale - 1}`);
}

/** True when `a` lies exactly halfway between two `p`-digit decimals. */
function isTie(a: number, p: number): boolean {
  const text = a.toExponential(p);
  return /5e/.test(text) && Number(text) === a;
}

/**
 * The `p`-digit decimal nearest to `a` that parses back to it (halfway: the even one), or null.
 * `toExponential` gives the nearest (halfway: the larger); where it does not parse back, only
 * its neighbour on `a`'s other side can, and only when `a`'s interval is lopsided (a power of
 * two, whose lower neighbour is half as far); elsewhere the interval is symmetric about `a`.
 */
function roundTripping(a: number, p: number, lopsided: boolean): number | null {
  const text = a.toExponential(p - 1);
  const nearest = Number(text);
  if (Math.fround(nearest) === a) {
    if (!(/[13579]e/.test(text) && isTie(a, p))) return nearest;
    const lower = adjacent(text, p, false);
    return Math.fround(lower) === a ? lower : nearest;
  }
  if (!lopsided) return null;
  const other = adjacent(text, p, nearest < a);
  return Math.fround(other) === a ? other : null;
}

/**
 * The shortest round-trip printing of a positive finite float32 `a`, as the double it reads:
 * for the fewest digits p that have one, the p-digit decimal nearest to `a` that parses back to
 * it, halfway cases to the even last digit (as Ryu and ECMAScript's Number::toString do). If p
 * digits have one, p + 1 do too (the same decimal), so p is found by bisection: 3 or 4 tries.
 */
export function shortestFloat32(a: number): number {
  const lopsided = isPowerOfTwo(a);
  let low = 1;
  let high = FLOAT32_DIGITS;
  // 9 significant digits tell every float32 apart, so `high` always has one.
  let found = Number(a.toPrecision(FLOAT32_DIGITS));
  while (low < high) {
    const middle = (low + high) >> 1;
    const printed = roundTripping(a, middle, lopsided);
    if (printed === null) low = middle + 1;
    else {
      high = middle;
      found = printed;
    }
  }
  return low === FLOAT32_DIGITS ? (roundTripping(a, low, lopsided) ?? found) : found;
}

/**
 * The double a logger's text for the float32 `f` parses to under `printing` (SHORTEST or a
 * number of significant digits). NaN and the infinities print as themselves.
 */
export function printedFloat32(f: number, printing: number): number {
  if (f === 0 || !Number.isFinite(f)) return f;
  const a = Math.abs(f);
  const magnitude =
    printing === SHORTEST
      ? shortestFloat32(a)
      : (scaledPrinting(a, printing) ?? Number(a.toPrecision(printing)));
  return f < 0 ? -magnitude : magnitude;
}

/** The most digits the scaled printing handles: their integer has a bit after the point. */
const MAX_SCALED_DIGITS = 15;
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, j) => Number(`1e${j}`));

/**
 * `Number(a.toPrecision(p))` without the text, several times faster (decision 075: every
 * distinct value of a printed block is printed when it is encoded and when it is read): the
 * p-digit integer nearest to a × 10^j, then that integer over 10^j. Both steps are one correctly
 * rounded operation on exact doubles (10^j is exact up to 10^22), so the quotient is the double
 * nearest the p-digit decimal, which is what parsing its text gives. The product's rounding
 * (half a unit in its last place) can move the integer only when a × 10^j lies that near a half,
 * so such values, and a misjudged magnitude, go the way of the text (null here).
 */
function scaledPrinting(a: number, p: number): number | null {
  if (p > MAX_SCALED_DIGITS) return null;
  const j = p - 1 - Math.floor(Math.log10(a));
  if (Math.abs(j) > 22) return null;
  const power = EXACT_POWERS_OF_TEN[Math.abs(j)] as number;
  const scaled = j >= 0 ? a * power : a / power;
  const n = Math.round(scaled);
  // The product is off by at most half its unit in the last place, under scaled × 2^-53.
  if (0.5 - Math.abs(scaled - n) <= scaled * 2 ** -52) return null; // too near a half
  if (n < (EXACT_POWERS_OF_TEN[p - 1] as number) || n >= (EXACT_POWERS_OF_TEN[p] as number)) {
    return null;
  }
  return j >= 0 ? n / power : n * power;
}
