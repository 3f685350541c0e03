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
  if (values.length === 0) return null;
  const floats = new Float32Array(values.length);
  floats.set(values);
  // Printings still possible; the first value names them, the others only strike them out.
  let candidates: number[] = [];
  for (let printing = 0; printing < PRINTINGS; printing += 1) {
    if (Object.is(printedFloat32(floats[0] as number, printing), values[0])) {
      candidates.push(printing);
    }
  }
  for (let i = 1; i < values.length && candidates.length > 0; i += 1) {
    const f = floats[i] as number;
    const x = values[i] as number;
    candidates = candidates.filter((printing) => Object.is(printedFloat32(f, printing), x));
  }
  const printing = candidates[0];
  // NaN passes Object.is with any payload; its payload would not survive, so it is refused.
  if (printing === undefined || values.some(Number.isNaN)) return null;
  return { printing, integers: orderedPatterns(floats) };
}

export function fromPrintedFloat32Grid(
  integers: Float64Array,
  printing: number,
): Float64Array<ArrayBuffer> {
  if (printing >= PRINTINGS) throw new DamagedBlockError('unknown float32 printing');
  const floats = floatsOfPatterns(integers);
  const values = new Float64Array(floats.length);
  for (let i = 0; i < floats.length; i += 1) {
    values[i] = printedFloat32(floats[i] as number, printing);
  }
  return values;
}
