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
/** The doubles nearest 10^d for every decade a finite float32 may lie in (and one more). */
const LOWEST_DECADE = -46;
const DECADE_BOUNDS = Array.from({ length: 87 }, (_, i) => Number(`1e${LOWEST_DECADE + i}`));
/**
 * The decade of the value printed last: a block's values mostly share one, so most values are
 * placed by two comparisons instead of `Math.log10` (decision 075, amendment). It only saves
 * time: a value outside it takes `Math.log10` as before, and the printed digits are checked to
 * be p either way.
 */
let lastDecade = 0;

/** ⌊log10 a⌋ for a positive finite float32, within the rounding of the powers of ten. */
function decadeOf(a: number): number {
  const at = lastDecade - LOWEST_DECADE;
  if (a >= (DECADE_BOUNDS[at] as number) && a < (DECADE_BOUNDS[at + 1] as number)) {
    return lastDecade;
  }
  const decade = Math.floor(Math.log10(a));
  if (decade >= LOWEST_DECADE && decade < LOWEST_DECADE + DECADE_BOUNDS.length - 1) {
    lastDecade = decade;
  }
  return decade;
}

/** Veltkamp's splitter for doubles: 2^27 + 1. */
const SPLITTER = 134217729;

/**
 * The rounding error of the double product `product` = fl(a × b): a × b - product exactly
 * (Dekker's two-product, "A floating-point technique for extending the available precision",
 * 1971), with no fused multiply-add in JavaScript. Exact while nothing overflows or underflows,
 * which the callers' magnitudes (a float32, 10^j up to 10^22) guarantee.
 */
function productError(a: number, b: number, product: number): number {
  const aSplit = SPLITTER * a;
  const aHigh = aSplit - (aSplit - a);
  const aLow = a - aHigh;
  const bSplit = SPLITTER * b;
  const bHigh = bSplit - (bSplit - b);
  const bLow = b - bHigh;
  return aHigh * bHigh - product + aHigh * bLow + aLow * bHigh + aLow * bLow;
}

/**
 * The integer nearest to the exact a × power (a tie: the larger, as `toPrecision` picks), where
 * `scaled` is the rounded product, at least 1 and below 2^53. The product's error is known
 * exactly, so a float32 exactly halfway between two p-digit decimals (6 % of a printed gauge's
 * values, decision 075) is decided without its text, several times faster.
 */
function nearestInteger(a: number, power: number, scaled: number): number {
  const floor = Math.floor(scaled);
  // Both exact: `scaled` and its integer part share the grid of scaled's last place (≥ 2^-52).
  const aboveHalf = scaled - floor - 0.5;
  // The error is at most half of that last place, so it only decides an exact half.
  if (aboveHalf !== 0) return aboveHalf > 0 ? floor + 1 : floor;
  return productError(a, power, scaled) >= 0 ? floor + 1 : floor;
}

/**
 * `Number(a.toPrecision(p))` without the text, several times faster (decision 075: every
 * distinct value of a printed block is printed when it is encoded and when it is read): the
 * p-digit integer nearest to a × 10^j, then that integer over 10^j. The quotient is one
 * correctly rounded operation on exact doubles (10^j is exact up to 10^22, the integer below
 * 2^53), so it is the double nearest the p-digit decimal, which is what parsing its text gives.
 * Scaling up (j ≥ 0), the integer is exact even where a × 10^j lies at or near a half (the
 * product's error is computed exactly); scaling down (values of 10^p and more), the quotient's
 * rounding can move it only near a half, so those values, and a misjudged magnitude, go the way
 * of the text (null here).
 */
function scaledPrinting(a: number, p: number): number | null {
  if (p > MAX_SCALED_DIGITS) return null;
  const j = p - 1 - decadeOf(a);
  if (Math.abs(j) > 22) return null;
  const power = EXACT_POWERS_OF_TEN[Math.abs(j)] as number;
  let n: number;
  if (j >= 0) {
    const scaled = a * power;
    if (!(scaled >= 1)) return null; // a misjudged magnitude; the range check below says so too
    n = nearestInteger(a, power, scaled);
  } else {
    const scaled = a / power;
    n = Math.round(scaled);
    // The quotient is off by at most half its unit in the last place, under scaled × 2^-53.
    if (0.5 - Math.abs(scaled - n) <= scaled * 2 ** -52) return null; // too near a half
  }
  if (n < (EXACT_POWERS_OF_TEN[p - 1] as number) || n >= (EXACT_POWERS_OF_TEN[p] as number)) {
    return null;
  }
  return j >= 0 ? n / power : n * power;
}
