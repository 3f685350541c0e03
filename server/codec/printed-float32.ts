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
  // Printing is the costly part (toPrecision); a value met before is looked up instead.
  const printed = new Map<number, number>();
  for (let i = 0; i < floats.length; i += 1) {
    const f = floats[i] as number;
    let x = printed.get(f);
    if (x === undefined || (x === 0 && !Object.is(x, f))) {
      x = printedFloat32(f, printing);
      printed.set(f, x);
    }
    values[i] = x;
  }
  return values;
}
