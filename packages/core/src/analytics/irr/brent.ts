// Brent's method (R. P. Brent, "Algorithms for Minimization without Derivatives", 1973, ch. 4):
// inverse quadratic interpolation and secant steps, falling back to bisection, so it always converges
// on a bracket where the function changes sign. Written out here because it is a few dozen lines and
// the npm root finders either lack a per-point tolerance or pull in a whole numeric library.

export type BrentBracket = {
  readonly lo: number;
  readonly hi: number;
  readonly valueAtLo: number;
  readonly valueAtHi: number;
};

export type BrentResult = { readonly x: number; readonly iterations: number };

/**
 * A root of `f` inside a bracket whose end values have opposite signs. `tolerance(x)` is the absolute
 * accuracy wanted near `x`; iteration stops when the bracket is that narrow (or `f` is exactly zero).
 */
export function brent(
  f: (x: number) => number,
  bracket: BrentBracket,
  tolerance: (x: number) => number,
  maxIterations: number,
): BrentResult {
  let a = bracket.lo;
  let b = bracket.hi;
  let fa = bracket.valueAtLo;
  let fb = bracket.valueAtHi;
  if (Math.sign(fa) * Math.sign(fb) > 0) throw new RangeError('brent: the bracket does not change sign');
  let c = b;
  let fc = fb;
  let d = b - a;
  let e = d;
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    if (Math.sign(fb) === Math.sign(fc)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol1 = 2 * Number.EPSILON * Math.abs(b) + 0.5 * tolerance(b);
    const half = 0.5 * (c - b);
    if (Math.abs(half) <= tol1 || fb === 0) return { x: b, iterations: iteration };
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * half * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * half * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      p = Math.abs(p);
      if (2 * p < Math.min(3 * half * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = half;
        e = d;
      }
    } else {
      d = half;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : Math.sign(half) * tol1;
    fb = f(b);
  }
  return { x: b, iterations: maxIterations };
}
