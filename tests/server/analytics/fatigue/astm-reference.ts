// A literal, slow transcription of ASTM E1049-85 §5.4.4 (three-point rainflow counting with the
// starting point S), to check the streaming four-point counter against. Not product code.

/** Peaks and valleys (§5.4.1 reduction): first and last samples kept, plateaus and runs merged. */
export function peaksAndValleys(samples: readonly number[]): number[] {
  const points: number[] = [];
  for (const x of samples) {
    const n = points.length;
    if (n > 0 && x === points[n - 1]) continue;
    if (n >= 2) {
      const a = points[n - 2] as number;
      const b = points[n - 1] as number;
      // Signs, not the product: two tiny differences would multiply to 0 and hide a run.
      if (Math.sign(b - a) === Math.sign(x - b)) {
        points[n - 1] = x; // still rising (or falling): b was no turning point
        continue;
      }
    }
    points.push(x);
  }
  return points;
}

export interface CountedRange {
  range: number;
  /** Mean of the range's two points. */
  mean: number;
  /** 0.5 or 1. */
  cycles: number;
}

function countedRange(from: number, to: number, cycles: number): CountedRange {
  return { range: Math.abs(to - from), mean: (from + to) / 2, cycles };
}

export function astmRainflow(samples: readonly number[]): CountedRange[] {
  const counted: CountedRange[] = [];
  const stack: number[] = []; // stack[0] is always the starting point S
  for (const point of peaksAndValleys(samples)) {
    // Step 1: read the next peak or valley.
    stack.push(point);
    // Step 2: with three points or more, X is the most recent range and Y the one before it.
    while (stack.length >= 3) {
      const n = stack.length;
      const x = Math.abs((stack[n - 1] as number) - (stack[n - 2] as number));
      const y = Math.abs((stack[n - 2] as number) - (stack[n - 3] as number));
      // Step 3: X < Y: read on.
      if (x < y) break;
      if (n === 3) {
        // Step 5: Y contains S: one half cycle; S moves to Y's second point.
        counted.push(countedRange(stack[0] as number, stack[1] as number, 0.5));
        stack.shift();
      } else {
        // Step 4: one cycle; Y's peak and valley are discarded.
        counted.push(countedRange(stack[n - 3] as number, stack[n - 2] as number, 1));
        stack.splice(n - 3, 2);
      }
    }
  }
  // Step 6: every range not yet counted is a half cycle.
  for (let i = 1; i < stack.length; i += 1) {
    counted.push(countedRange(stack[i - 1] as number, stack[i] as number, 0.5));
  }
  return counted;
}
