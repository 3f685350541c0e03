/**
 * Eigenvalues and eigenvectors of a small real non-symmetric matrix (the SSI state matrix, order
 * 2 to about 100), following Golub & Van Loan, Matrix Computations, 4th ed.: Householder reduction
 * to upper Hessenberg form (Alg. 7.4.2), the Francis implicit double-shift QR iteration with
 * deflation on small subdiagonal entries (Alg. 7.5.1-7.5.2, in the arrangement of EISPACK's HQR),
 * and eigenvectors by inverse iteration on the Hessenberg matrix (§7.6.1), mapped back through the
 * Householder reflections. Matrices are row-major Float64Arrays.
 */
export interface Eigenpair {
  re: number;
  im: number;
  /** Eigenvector, unit 2-norm, real and imaginary parts. */
  vectorRe: Float64Array;
  vectorIm: Float64Array;
}

/** Householder reduction A = Q·H·Qᵀ; returns H and Q (both n×n, row-major). */
export function hessenberg(matrix: Float64Array, n: number): { h: Float64Array; q: Float64Array } {
  const h = Float64Array.from(matrix);
  const q = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) q[i * n + i] = 1;
  const v = new Float64Array(n);
  for (let k = 0; k < n - 2; k += 1) {
    let norm = 0;
    for (let i = k + 1; i < n; i += 1) norm += (h[i * n + k] ?? 0) ** 2;
    norm = Math.sqrt(norm);
    if (norm === 0) continue;
    const head = h[(k + 1) * n + k] ?? 0;
    const alpha = head > 0 ? -norm : norm;
    v.fill(0);
    for (let i = k + 1; i < n; i += 1) v[i] = h[i * n + k] ?? 0;
    v[k + 1] = head - alpha;
    let vv = 0;
    for (let i = k + 1; i < n; i += 1) vv += (v[i] ?? 0) ** 2;
    if (vv === 0) continue;
    const beta = 2 / vv;
    // H ← (I − βvvᵀ) H (I − βvvᵀ); Q ← Q (I − βvvᵀ).
    for (let j = 0; j < n; j += 1) {
      let s = 0;
      for (let i = k + 1; i < n; i += 1) s += (v[i] ?? 0) * (h[i * n + j] ?? 0);
      s *= beta;
      for (let i = k + 1; i < n; i += 1) h[i * n + j] = (h[i * n + j] ?? 0) - s * (v[i] ?? 0);
    }
    for (const target of [h, q]) {
      for (let i = 0; i < n; i += 1) {
        let s = 0;
        for (let j = k + 1; j < n; j += 1) s += (target[i * n + j] ?? 0) * (v[j] ?? 0);
        s *= beta;
        for (let j = k + 1; j < n; j += 1)
          target[i * n + j] = (target[i * n + j] ?? 0) - s * (v[j] ?? 0);
      }
    }
    for (let i = k + 2; i < n; i += 1) h[i * n + k] = 0;
  }
  return { h, q };
}

/** Eigenvalues of an upper Hessenberg matrix (destroys its copy), real and imaginary parts. */
export function hessenbergEigenvalues(
  hessenbergMatrix: Float64Array,
  n: number,
): { re: Float64Array; im: Float64Array } {
  const a = Float64Array.from(hessenbergMatrix);
  const get = (i: number, j: number): number => a[i * n + j] ?? 0;
  const set = (i: number, j: number, value: number): void => {
    a[i * n + j] = value;
  };
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  let norm = 0;
  for (let i = 0; i < n; i += 1)
    for (let j = Math.max(i - 1, 0); j < n; j += 1) norm += Math.abs(get(i, j));
  let last = n - 1;
  let shiftSum = 0;
  let iterations = 0;
  while (last >= 0) {
    // Deflate at the lowest negligible subdiagonal entry.
    let low = last;
    while (low > 0) {
      let s = Math.abs(get(low - 1, low - 1)) + Math.abs(get(low, low));
      if (s === 0) s = norm;
      if (Math.abs(get(low, low - 1)) + s === s) {
        set(low, low - 1, 0);
        break;
      }
      low -= 1;
    }
    let x = get(last, last);
    if (low === last) {
      re[last] = x + shiftSum;
      im[last] = 0;
      last -= 1;
      iterations = 0;
      continue;
    }
    let y = get(last - 1, last - 1);
    let w = get(last, last - 1) * get(last - 1, last);
    if (low === last - 1) {
      // A 2×2 block: its two eigenvalues in closed form.
      const p = 0.5 * (y - x);
      const q = p * p + w;
      const z = Math.sqrt(Math.abs(q));
      x += shiftSum;
      if (q >= 0) {
        const zz = p + (p >= 0 ? z : -z);
        re[last - 1] = x + zz;
        re[last] = zz !== 0 ? x - w / zz : x + zz;
        im[last - 1] = 0;
        im[last] = 0;
      } else {
        re[last - 1] = x + p;
        re[last] = x + p;
        im[last - 1] = z;
        im[last] = -z;
      }
      last -= 2;
      iterations = 0;
      continue;
    }
    if (iterations === 60) throw new RangeError('QR iteration did not converge');
    if (iterations === 10 || iterations === 20) {
      // Exceptional shift (Wilkinson's ad hoc shift) to break a cycle.
      shiftSum += x;
      for (let i = 0; i <= last; i += 1) set(i, i, get(i, i) - x);
      const s = Math.abs(get(last, last - 1)) + Math.abs(get(last - 1, last - 2));
      x = 0.75 * s;
      y = x;
      w = -0.4375 * s * s;
    }
    iterations += 1;
    // Start the double-shift bulge at the lowest row where two consecutive subdiagonals are small.
    let m = last - 2;
    let p = 0;
    let q = 0;
    let r = 0;
    for (; m >= low; m -= 1) {
      const z = get(m, m);
      const rr = x - z;
      const ss = y - z;
      p = (rr * ss - w) / get(m + 1, m) + get(m, m + 1);
      q = get(m + 1, m + 1) - z - rr - ss;
      r = get(m + 2, m + 1);
      const scale = Math.abs(p) + Math.abs(q) + Math.abs(r);
      p /= scale;
      q /= scale;
      r /= scale;
      if (m === low) break;
      const u = Math.abs(get(m, m - 1)) * (Math.abs(q) + Math.abs(r));
      const v =
        Math.abs(p) * (Math.abs(get(m - 1, m - 1)) + Math.abs(z) + Math.abs(get(m + 1, m + 1)));
      if (u + v === v) break;
    }
    for (let i = m + 2; i <= last; i += 1) {
      set(i, i - 2, 0);
      if (i !== m + 2) set(i, i - 3, 0);
    }
    // Chase the bulge down with 3×3 Householder reflections.
    for (let k = m; k <= last - 1; k += 1) {
      let scale = 0;
      if (k !== m) {
        p = get(k, k - 1);
        q = get(k + 1, k - 1);
        r = k !== last - 1 ? get(k + 2, k - 1) : 0;
        scale = Math.abs(p) + Math.abs(q) + Math.abs(r);
        if (scale === 0) continue;
        p /= scale;
        q /= scale;
        r /= scale;
      }
      const magnitude = Math.sqrt(p * p + q * q + r * r);
      const s = p >= 0 ? magnitude : -magnitude;
      if (s === 0) continue;
      if (k === m) {
        if (low !== m) set(k, k - 1, -get(k, k - 1));
      } else set(k, k - 1, -s * scale);
      p += s;
      const hx = p / s;
      const hy = q / s;
      const hz = r / s;
      q /= p;
      r /= p;
      for (let j = k; j <= last; j += 1) {
        let t = get(k, j) + q * get(k + 1, j);
        if (k !== last - 1) {
          t += r * get(k + 2, j);
          set(k + 2, j, get(k + 2, j) - t * hz);
        }
        set(k + 1, j, get(k + 1, j) - t * hy);
        set(k, j, get(k, j) - t * hx);
      }
      const bottom = Math.min(last, k + 3);
      for (let i = low; i <= bottom; i += 1) {
        let t = hx * get(i, k) + hy * get(i, k + 1);
        if (k !== last - 1) {
          t += hz * get(i, k + 2);
          set(i, k + 2, get(i, k + 2) - t * r);
        }
        set(i, k + 1, get(i, k + 1) - t * q);
        set(i, k, get(i, k) - t);
      }
    }
  }
  return { re, im };
}

/**
 * The n×n matrix eliminated by each inverse iteration: one pair of buffers for all of a
 * matrix's eigenvalues instead of two new ones per pass (SSI-COV runs hundreds of these per window).
 */
interface InverseIterationWork {
  mRe: Float64Array;
  mIm: Float64Array;
}

/**
 * Inverse iteration for the eigenvector of Hessenberg H at eigenvalue λ = re + i·im: solves
 * (H − λ'I)y = b twice with λ' nudged off λ so the system is not exactly singular. Gaussian
 * elimination with partial pivoting costs O(n²) on a Hessenberg matrix (one row below each pivot).
 */
function inverseIteration(
  h: Float64Array,
  n: number,
  lambdaRe: number,
  lambdaIm: number,
  scale: number,
  work: InverseIterationWork,
): { re: Float64Array; im: Float64Array } {
  const nudge = Math.max(scale, 1e-300) * 1e-10;
  const shiftRe = lambdaRe + nudge;
  const shiftIm = lambdaIm;
  let yRe = new Float64Array(n).fill(1);
  let yIm = new Float64Array(n);
  const { mRe, mIm } = work;
  for (let pass = 0; pass < 2; pass += 1) {
    mRe.set(h);
    mIm.fill(0);
    for (let i = 0; i < n; i += 1) {
      mRe[i * n + i] = (mRe[i * n + i] ?? 0) - shiftRe;
      mIm[i * n + i] = -shiftIm;
    }
    const bRe = Float64Array.from(yRe);
    const bIm = Float64Array.from(yIm);
    for (let k = 0; k < n - 1; k += 1) {
      const below = (k + 1) * n + k;
      const pivot = k * n + k;
      const pivotSize = Math.hypot(mRe[pivot] ?? 0, mIm[pivot] ?? 0);
      const belowSize = Math.hypot(mRe[below] ?? 0, mIm[below] ?? 0);
      if (belowSize > pivotSize) {
        for (let j = k; j < n; j += 1) swap(mRe, mIm, k * n + j, (k + 1) * n + j);
        swap(bRe, bIm, k, k + 1);
      }
      const [fRe, fIm] = divide(
        mRe[below] ?? 0,
        mIm[below] ?? 0,
        mRe[pivot] ?? 0,
        mIm[pivot] ?? 0,
        nudge,
      );
      for (let j = k; j < n; j += 1) {
        const sRe = mRe[k * n + j] ?? 0;
        const sIm = mIm[k * n + j] ?? 0;
        mRe[(k + 1) * n + j] = (mRe[(k + 1) * n + j] ?? 0) - (fRe * sRe - fIm * sIm);
        mIm[(k + 1) * n + j] = (mIm[(k + 1) * n + j] ?? 0) - (fRe * sIm + fIm * sRe);
      }
      const bkRe = bRe[k] ?? 0;
      const bkIm = bIm[k] ?? 0;
      bRe[k + 1] = (bRe[k + 1] ?? 0) - (fRe * bkRe - fIm * bkIm);
      bIm[k + 1] = (bIm[k + 1] ?? 0) - (fRe * bkIm + fIm * bkRe);
    }
    const xRe = new Float64Array(n);
    const xIm = new Float64Array(n);
    for (let i = n - 1; i >= 0; i -= 1) {
      let sRe = bRe[i] ?? 0;
      let sIm = bIm[i] ?? 0;
      for (let j = i + 1; j < n; j += 1) {
        const aRe = mRe[i * n + j] ?? 0;
        const aIm = mIm[i * n + j] ?? 0;
        sRe -= aRe * (xRe[j] ?? 0) - aIm * (xIm[j] ?? 0);
        sIm -= aRe * (xIm[j] ?? 0) + aIm * (xRe[j] ?? 0);
      }
      const [qRe, qIm] = divide(sRe, sIm, mRe[i * n + i] ?? 0, mIm[i * n + i] ?? 0, nudge);
      xRe[i] = qRe;
      xIm[i] = qIm;
    }
    let norm = 0;
    for (let i = 0; i < n; i += 1) norm += (xRe[i] ?? 0) ** 2 + (xIm[i] ?? 0) ** 2;
    norm = Math.sqrt(norm) || 1;
    yRe = xRe.map((value) => value / norm);
    yIm = xIm.map((value) => value / norm);
  }
  return { re: yRe, im: yIm };
}

function swap(re: Float64Array, im: Float64Array, i: number, j: number): void {
  const tRe = re[i] ?? 0;
  const tIm = im[i] ?? 0;
  re[i] = re[j] ?? 0;
  im[i] = im[j] ?? 0;
  re[j] = tRe;
  im[j] = tIm;
}

/** Complex a/b; a zero pivot is replaced by `tiny` (the eigenvector solve is meant to be near-singular). */
function divide(
  aRe: number,
  aIm: number,
  bRe: number,
  bIm: number,
  tiny: number,
): [number, number] {
  let denominator = bRe * bRe + bIm * bIm;
  if (denominator === 0) {
    bRe = tiny;
    denominator = tiny * tiny;
  }
  return [(aRe * bRe + aIm * bIm) / denominator, (aIm * bRe - aRe * bIm) / denominator];
}

/**
 * All eigenvalues of A, with eigenvectors for those with im ≥ 0 (a real matrix's complex
 * eigenvalues come in conjugate pairs; the other vector of a pair is the conjugate).
 */
export function eigenpairs(matrix: Float64Array, n: number): Eigenpair[] {
  const { h, q } = hessenberg(matrix, n);
  const { re, im } = hessenbergEigenvalues(h, n);
  let scale = 0;
  for (const value of h) scale = Math.max(scale, Math.abs(value));
  const pairs: Eigenpair[] = [];
  const work = { mRe: new Float64Array(n * n), mIm: new Float64Array(n * n) };
  for (let k = 0; k < n; k += 1) {
    const lambdaRe = re[k] ?? 0;
    const lambdaIm = im[k] ?? 0;
    if (lambdaIm < 0) continue;
    const y = inverseIteration(h, n, lambdaRe, lambdaIm, scale, work);
    const vectorRe = new Float64Array(n);
    const vectorIm = new Float64Array(n);
    for (let i = 0; i < n; i += 1) {
      let sRe = 0;
      let sIm = 0;
      for (let j = 0; j < n; j += 1) {
        const qij = q[i * n + j] ?? 0;
        sRe += qij * (y.re[j] ?? 0);
        sIm += qij * (y.im[j] ?? 0);
      }
      vectorRe[i] = sRe;
      vectorIm[i] = sIm;
    }
    pairs.push({ re: lambdaRe, im: lambdaIm, vectorRe, vectorIm });
  }
  return pairs;
}
