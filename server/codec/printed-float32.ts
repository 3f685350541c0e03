/**
 * Float32 readings that reached us as decimal text (decision 070): a logger samples in float32
 * and prints each value, so the double we hold is the printing's value, not the float32 itself
 * (0.1, or 1.60000002384186). When every value of a block is one printing of its nearest
 * float32, the block is those float32s (as `float32Grid`'s ordered bit patterns) and the
 * printing's name: 4 bytes of information a sample at most instead of 8.
 */
import { DamagedBlockError } from './bit-stream.ts';
import { floatsOfPatterns, orderedPatterns } from './grids.ts';
import { MAX_SIGNIFICANT_DIGITS, printedFloat32 } from './float32-printing.ts';

const PRINTINGS = MAX_SIGNIFICANT_DIGITS + 1; // SHORTEST and 1 to 17 digits

/**
 * The printing every value is (SHORTEST preferred, then the fewest digits) and the values'
 * float32s as ordered integers; null when no one printing reproduces every value bit for bit.
 * Each value is checked against the very function the decoder uses, on the float32 the decoder
 * gets back, so a block this accepts decodes to the same doubles.
 */
export function printedFloat32Grid(
  values: Float64Array,
): { printing: number; integers: Float64Array<ArrayBuffer> } | null {
  if (values.length === 0 || values.some(Number.isNaN)) return null; // a NaN's payload is lost
  const floats = new Float32Array(values.length);
  floats.set(values);
  // The first value that is no float32 itself names the printings possible (a float32 such as
  // 1.5 is its own printing in most of them); the others only strike printings out.
  let first = 0;
  while (first < values.length - 1 && floats[first] === values[first]) first += 1;
  let candidates: number[] = [];
  for (let printing = 0; printing < PRINTINGS; printing += 1) {
    if (Object.is(printedFloat32(floats[first] as number, printing), values[first])) {
      candidates.push(printing);
    }
  }
  // A value met before passed every printing still in the running (sensors repeat values).
  const seen = new Set<number>([values[first] as number]);
  for (let i = 0; i < values.length && candidates.length > 0; i += 1) {
    const x = values[i] as number;
    if (seen.has(x)) continue;
    seen.add(x);
    const f = floats[i] as number;
    candidates = candidates.filter((printing) => Object.is(printedFloat32(f, printing), x));
  }
  const printing = candidates[0];
  return printing === undefined ? null : { printing, integers: orderedPatterns(floats) };
}

export function fromPrintedFloat32Grid(
  integers: Float64Array,
  printing: number,
): Float64Array<ArrayBuffer> {
  if (printing >= PRINTINGS) throw new DamagedBlockError('unknown float32 printing');
  const floats = floatsOfPatterns(integers);
  const values = new Float64Array(floats.length);
  // A repeat of the value before is copied (a slow sensor's runs); a map of every value seen
  // costs more than the scaled printing of a new one (decision 075).
  for (let i = 0; i < floats.length; i += 1) {
    const f = floats[i] as number;
    values[i] =
      i > 0 && Object.is(f, floats[i - 1])
        ? (values[i - 1] as number)
        : printedFloat32(f, printing);
  }
  return values;
}

/** Distinct values a block's printing is guessed from before the whole block is checked. */
const PROBE = 16;
/** Of those, the first values every printing is tried on. */
const SEEDS = 3;

/**
 * As `printedFloat32Grid`, but values that are not the printing of their float32 (a tie the
 * logger rounded the other way, a value of another precision) become exceptions (decision 075):
 * the main run holds their nearest float32, or the value before for one no float32 comes near.
 * The printing is the one most of the first distinct values are; null when it fits under 3 in
 * 4 of them, or when more than a quarter of the block would be exceptions.
 */
export function printedFloat32Patched(values: Float64Array): {
  printing: number;
  integers: Float64Array<ArrayBuffer>;
  exceptions: number[];
  /** What the main run decodes to at a position. */
  mainValueAt: (position: number) => number;
} | null {
  const floats = new Float32Array(values.length);
  floats.set(values);
  const printing = likelyPrinting(values, floats);
  if (printing === null) return null;
  const integers = orderedPatterns(floats);
  const exceptions: number[] = [];
  const limit = values.length / 4;
  // A repeat of the value before fits as it did (a run of a slow sensor is printed once); a
  // map of every value seen costs more than printing a new one (decision 075).
  let fit = false;
  for (let i = 0; i < values.length; i += 1) {
    const x = values[i] as number;
    if (i === 0 || !Object.is(x, values[i - 1])) {
      fit = Object.is(printedFloat32(floats[i] as number, printing), x);
    }
    if (fit) continue;
    exceptions.push(i);
    if (exceptions.length > limit) return null;
    // Past the float32 range (or NaN) the pattern is far from its neighbours: repeat the last.
    if (!Number.isFinite(floats[i] as number)) {
      integers[i] = i === 0 ? 0 : (integers[i - 1] as number);
      floats[i] = i === 0 ? 0 : (floats[i - 1] as number);
    }
  }
  const mainValueAt = (position: number) => printedFloat32(floats[position] as number, printing);
  return { printing, integers, exceptions, mainValueAt };
}

/**
 * The printing most of the block's first distinct values are (the fewest digits on a tie), or
 * null when it fits under 3 in 4 of them. Every printing is tried on the first SEEDS values (an
 * exception may be among them: the block's edges are where a logger's odd value often is), and
 * only the printings one of those allows on the others.
 */
function likelyPrinting(values: Float64Array, floats: Float32Array): number | null {
  const matches = new Array<number>(PRINTINGS).fill(0);
  let probed = 0;
  const seen = new Set<number>();
  for (let i = 0; i < values.length && probed < PROBE; i += 1) {
    const x = values[i] as number;
    if ((floats[i] as number) === x || seen.has(x)) continue; // float32s print many ways
    seen.add(x);
    probed += 1;
    const f = floats[i] as number;
    for (let printing = 0; printing < PRINTINGS; printing += 1) {
      if (probed > SEEDS && matches[printing] === 0) continue;
      if (Object.is(printedFloat32(f, printing), x)) {
        matches[printing] = (matches[printing] as number) + 1;
      }
    }
  }
  const best = Math.max(...matches);
  return probed === 0 || best * 4 < probed * 3 ? null : matches.indexOf(best);
}
