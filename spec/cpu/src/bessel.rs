//! The modified Bessel functions of the first kind I0 and I1 (libdevice's
//! `cyl_bessel_i0`/`cyl_bessel_i1`), which the C math library lacks, as
//! straight-line f64 code (f32 goes through f64), so that they stay
//! elementwise and vectorize:
//!
//! - |x| <= [`SERIES_LIMIT`]: the power series
//!   I_n(x) = (x/2)^n * sum_k (x^2/4)^k / (k! (k+n)!), every term positive
//!   (no cancellation), [`SERIES_TERMS`] terms by Horner in t = x^2/4: the
//!   first term left out is below 1e-20 of the sum at |x| = 30, and the
//!   rounding error of the Horner sum of positive terms is a few ulp;
//! - beyond: Hankel's asymptotic expansion
//!   I_n(x) ~ e^x / sqrt(2 pi x) * sum_k (-1)^k a_k(n) / x^k,
//!   a_k(n) = prod_{j=1..k} (4n^2 - (2j-1)^2) / (k! 8^k), [`ASYMPTOTIC_TERMS`]
//!   terms: at x = 30 the first term left out is below 1e-17 of the sum.
//!   e^x is split as e^(x/2) * e^(x/2) so that the result overflows only
//!   where I_n does (x > 713.9...).
//!
//! I0 is even, I1 odd; NaN gives NaN and +-inf gives +inf (I0) or +-inf (I1).
use tritium_conversions::ttg_to_llvm::emit::Emitter;
use tritium_dialects::ir::{Ty, Val};

/// Where the power series gives way to the asymptotic expansion.
pub const SERIES_LIMIT: f64 = 30.0;
/// Terms of the power series.
pub const SERIES_TERMS: usize = 64;
/// Terms of the asymptotic expansion.
pub const ASYMPTOTIC_TERMS: usize = 20;

/// The power series coefficients 1 / (k! (k+n)!), k = 0..SERIES_TERMS.
pub fn series_coefficients(n: u32) -> Vec<f64> {
    let mut out = Vec::with_capacity(SERIES_TERMS);
    let mut c = 1.0f64;
    for j in 1..=n {
        c /= f64::from(j);
    }
    for k in 0..SERIES_TERMS {
        out.push(c);
        let k1 = (k + 1) as f64;
        c /= k1 * (k1 + f64::from(n));
    }
    out
}

/// The asymptotic coefficients (-1)^k a_k(n), in powers of 1/x.
pub fn asymptotic_coefficients(n: u32) -> Vec<f64> {
    let mu = 4.0 * f64::from(n * n);
    let mut out = Vec::with_capacity(ASYMPTOTIC_TERMS);
    let mut c = 1.0f64;
    for k in 0..ASYMPTOTIC_TERMS {
        out.push(c);
        let j = (k + 1) as f64;
        let odd = 2.0 * j - 1.0;
        c *= -(mu - odd * odd) / (j * 8.0);
    }
    out
}

/// The reference evaluation of I_n in Rust (the same algorithm; for tests).
pub fn reference(n: u32, x: f64) -> f64 {
    let a = x.abs();
    let r = if a <= SERIES_LIMIT {
        let t = a * a / 4.0;
        let p = series_coefficients(n).iter().rev().fold(0.0, |acc, c| acc * t + c);
        p * (a / 2.0).powi(n as i32)
    } else {
        let u = 1.0 / a;
        let p = asymptotic_coefficients(n).iter().rev().fold(0.0, |acc, c| acc * u + c);
        let h = (a / 2.0).exp();
        h * (h / (2.0 * std::f64::consts::PI * a).sqrt() * p)
    };
    if n % 2 == 1 { r.copysign(x) } else { r }
}

fn horner(e: &mut Emitter, f: Ty, coeffs: &[f64], x: Val) -> Val {
    let mut p = e.const_float(f, *coeffs.last().expect("coefficients"));
    for c in coeffs.iter().rev().skip(1) {
        let k = e.const_float(f, *c);
        p = e.val("llvm.intr.fma", &[p, x, k], f, &[]);
    }
    p
}

/// I_n(x) (n = 0 or 1) of the f64 value `x`.
pub fn emit(e: &mut Emitter, n: u32, x: Val) -> Val {
    let f = x.ty();
    let i1 = e.i1();
    let a = e.val("llvm.intr.fabs", &[x], f, &[]);
    // The series.
    let half = e.const_float(f, 0.5);
    let h = e.val("llvm.fmul", &[a, half], f, &[]);
    let t = e.val("llvm.fmul", &[h, h], f, &[]);
    let mut s = horner(e, f, &series_coefficients(n), t);
    if n == 1 {
        s = e.val("llvm.fmul", &[s, h], f, &[]);
    }
    // The asymptotic expansion.
    let one = e.const_float(f, 1.0);
    let u = e.val("llvm.fdiv", &[one, a], f, &[]);
    let p = horner(e, f, &asymptotic_coefficients(n), u);
    let eh = e.val("llvm.intr.exp", &[h], f, &[]);
    let two_pi = e.const_float(f, 2.0 * std::f64::consts::PI);
    let d = e.val("llvm.fmul", &[a, two_pi], f, &[]);
    let d = e.val("llvm.intr.sqrt", &[d], f, &[]);
    let q = e.val("llvm.fdiv", &[eh, d], f, &[]);
    let q = e.val("llvm.fmul", &[q, p], f, &[]);
    let big = e.val("llvm.fmul", &[eh, q], f, &[]);
    // |x| <= limit (false for NaN: the expansion keeps the NaN).
    let limit = e.const_float(f, SERIES_LIMIT);
    let ole = e.int_attr(e.i64(), 5);
    let small = e.val("llvm.fcmp", &[a, limit], i1, &[("predicate", ole)]);
    let r = e.select(small, s, big);
    // +-inf: e^inf / inf is NaN in the expansion.
    let inf = e.const_float(f, f64::INFINITY);
    let oeq = e.int_attr(e.i64(), 1);
    let is_inf = e.val("llvm.fcmp", &[a, inf], i1, &[("predicate", oeq)]);
    let r = e.select(is_inf, inf, r);
    if n == 1 {
        e.val("llvm.intr.copysign", &[r, x], f, &[])
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::reference;

    #[test]
    fn matches_known_values() {
        // Values of I0 and I1 (Abramowitz and Stegun, table 9.8, and
        // the series to 17 digits).
        let cases = [
            (0, 0.0, 1.0),
            (0, 1.0, 1.2660658777520082),
            (0, 2.5, 3.2898391440501231),
            (0, 10.0, 2815.7166284662544),
            (1, 1.0, 0.56515910399248503),
            (1, -2.5, -2.5167162452886984),
            (1, 10.0, 2670.9883037012547),
        ];
        for (n, x, want) in cases {
            let got = reference(n, x);
            assert!(((got - want) / want.abs().max(1e-300)).abs() < 1e-14, "I{n}({x}) = {got}, want {want}");
        }
        // The two methods agree where they meet.
        for n in [0, 1] {
            let x = super::SERIES_LIMIT;
            let t = x * x / 4.0;
            let s = super::series_coefficients(n).iter().rev().fold(0.0, |acc, c| acc * t + c) * (x / 2.0f64).powi(n as i32);
            let u = 1.0 / x;
            let p = super::asymptotic_coefficients(n).iter().rev().fold(0.0, |acc, c| acc * u + c);
            let h = (x / 2.0).exp();
            let a = h * (h / (2.0 * std::f64::consts::PI * x).sqrt() * p);
            assert!(((s - a) / s).abs() < 1e-13, "I{n} at the seam: series {s}, expansion {a}");
        }
    }
}
