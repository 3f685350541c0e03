/**
 * Singular values and left singular vectors of a dense m×n matrix (row-major `data`) by one-sided
 * (Hestenes) Jacobi rotations: column pairs are rotated until every pair is orthogonal; the column
 * norms are then the singular values and the normalised columns the left singular vectors
 * (Golub & Van Loan, Matrix Computations, 4th ed., §8.6.4). One-sided Jacobi is accurate to
 * rounding even for the tiny singular values of a noise subspace, and short to write; the block
 * Toeplitz matrices of SSI-COV are a few hundred rows, where it takes well under a second.
 * Returned largest singular value first; `u[j]` is the j-th left singular vector.
 */
export function leftSingularVectors(
  data: Float64Array,
  rows: number,
  cols: number,
): { values: Float64Array; u: Float64Array[] } {
  // Column-major working copy: each rotation touches two contiguous columns.
  const columns: Float64Array[] = [];
  for (let j = 0; j < cols; j += 1) {
    const column = new Float64Array(rows);
    for (let i = 0; i < rows; i += 1) column[i] = data[i * cols + j] ?? 0;
    columns.push(column);
  }
  const norms = new Float64Array(cols);
  for (let j = 0; j < cols; j += 1) norms[j] = dot(columnAt(columns, j), columnAt(columns, j));
  const tolerance = 1e-12;
  for (let sweep = 0; sweep < 40; sweep += 1) {
    let rotated = false;
    for (let p = 0; p < cols - 1; p += 1) {
      const a = columnAt(columns, p);
      // a·b of the pair about to be visited, when the previous rotation already formed it.
      let known = Number.NaN;
      for (let q = p + 1; q < cols; q += 1) {
        const b = columnAt(columns, q);
        const alpha = norms[p] ?? 0;
        const beta = norms[q] ?? 0;
        const formed = known;
        known = Number.NaN;
        if (alpha === 0 || beta === 0) continue;
        const gamma = Number.isNaN(formed) ? dot(a, b) : formed;
        if (Math.abs(gamma) <= tolerance * Math.sqrt(alpha * beta)) continue;
        rotated = true;
        const zeta = (beta - alpha) / (2 * gamma);
        const t = (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
        const c = 1 / Math.sqrt(1 + t * t);
        const s = c * t;
        const next = q + 1 < cols ? columnAt(columns, q + 1) : undefined;
        if (next) known = rotateAndDot(a, b, c, s, next);
        else rotate(a, b, c, s);
        // Exact updates of the squared norms after the rotation (GVL §8.6.4).
        norms[p] = alpha - t * gamma;
        norms[q] = beta + t * gamma;
      }
    }
    if (!rotated) break;
    // Refresh the norms so rounding in the running updates does not accumulate across sweeps.
    for (let j = 0; j < cols; j += 1) norms[j] = dot(columnAt(columns, j), columnAt(columns, j));
  }
  const order = Array.from({ length: cols }, (_, j) => j).sort(
    (i, j) => (norms[j] ?? 0) - (norms[i] ?? 0),
  );
  const values = new Float64Array(cols);
  const u: Float64Array[] = [];
  order.forEach((j, k) => {
    const sigma = Math.sqrt(Math.max(norms[j] ?? 0, 0));
    values[k] = sigma;
    const column = columnAt(columns, j);
    const vector = new Float64Array(rows);
    if (sigma > 0) for (let i = 0; i < rows; i += 1) vector[i] = (column[i] ?? 0) / sigma;
    u.push(vector);
  });
  return { values, u };
}

function columnAt(columns: Float64Array[], j: number): Float64Array {
  const column = columns[j];
  if (!column) throw new RangeError(`column ${j} outside 0..${columns.length - 1}`);
  return column;
}

function rotate(a: Float64Array, b: Float64Array, c: number, s: number): void {
  for (let i = 0; i < a.length; i += 1) {
    const ai = a[i] as number;
    const bi = b[i] as number;
    a[i] = c * ai - s * bi;
    b[i] = s * ai + c * bi;
  }
}

/**
 * The rotation of a and b, and the rotated a's product with `next` in the same pass: the next
 * pair's dot product, summed exactly as dot() sums it, without reading a again.
 */
function rotateAndDot(
  a: Float64Array,
  b: Float64Array,
  c: number,
  s: number,
  next: Float64Array,
): number {
  let s0 = 0;
  let s1 = 0;
  let i = 0;
  for (; i + 1 < a.length; i += 2) {
    const a0 = a[i] as number;
    const b0 = b[i] as number;
    const a1 = a[i + 1] as number;
    const b1 = b[i + 1] as number;
    const r0 = c * a0 - s * b0;
    const r1 = c * a1 - s * b1;
    a[i] = r0;
    b[i] = s * a0 + c * b0;
    a[i + 1] = r1;
    b[i + 1] = s * a1 + c * b1;
    s0 += r0 * (next[i] as number);
    s1 += r1 * (next[i + 1] as number);
  }
  if (i < a.length) {
    const ai = a[i] as number;
    const bi = b[i] as number;
    const r = c * ai - s * bi;
    a[i] = r;
    b[i] = s * ai + c * bi;
    s0 += r * (next[i] as number);
  }
  return s0 + s1;
}

/** Two running sums so the additions overlap (the columns have equal length). */
function dot(a: Float64Array, b: Float64Array): number {
  let s0 = 0;
  let s1 = 0;
  let i = 0;
  for (; i + 1 < a.length; i += 2) {
    s0 += (a[i] as number) * (b[i] as number);
    s1 += (a[i + 1] as number) * (b[i + 1] as number);
  }
  if (i < a.length) s0 += (a[i] as number) * (b[i] as number);
  return s0 + s1;
}
