//! What code of the CPU backend may call at run time.
//!
//! A kernel compiled by the CPU backend runs in the process that loaded
//! `libtritium.so` (the JIT of `capi/src/cpu.rs`, which resolves symbols in
//! the process) or is linked by the user (`tritium-compile --target cpu`).
//! It may call only what every such process has: Tritium's own hook
//! ([`crate::debug::ASSERT_FAIL`], defined by the JIT), and functions of the C
//! and math libraries that `libtritium.so` itself links (`libc.so.6`,
//! `libm.so.6`), all in glibc 2.36 (Debian 12) or older. Not compiler-rt's
//! builtins (`__truncsfbf2`, `__extendhfsf2`, ...): LLVM emits calls to them
//! for operations the target lacks, and `libgcc_s` has some of them only in
//! recent versions (`__truncsfbf2` from GCC 13), so f16/bf16 computation is
//! lowered inline instead ([`crate::narrow_float`]).
//!
//! The JIT resolves exactly these names in the process (anything else fails
//! the load with "Symbols not found", on this machine as on any other), and
//! `tests/cpu/check_cpu_symbols.py` checks the undefined symbols of the
//! object code of a broad set of kernels against this list.

/// The C library functions: LLVM's block copies and fills, `tt.print`, and
/// the clock of `tt.atomic_poll`'s timeout ([`CLOCK_GETTIME`]).
pub const LIBC: &[&str] = &["memcpy", "memmove", "memset", "printf", "clock_gettime"];

/// `int clock_gettime(clockid_t, struct timespec *)` (in libc itself since
/// glibc 2.17).
pub const CLOCK_GETTIME: &str = "clock_gettime";

/// The math library functions LLVM calls for the intrinsics the lowering
/// emits (`llvm.exp2`, `llvm.sin`, ..., `frem`; `llvm.fma` and
/// `llvm.roundeven` without FMA / SSE4.1), those it forms from them
/// (`sincos`, `exp10`, `ldexp`), and the ones the lowering calls itself
/// (`erf`, `log1p`, `expm1`, and libdevice's functions for
/// `tt.extern_elementwise`); f64 and f32 (`f`) forms.
pub const LIBM: &[&str] = &[
    "exp", "expf", "exp2", "exp2f", "exp10", "exp10f", "expm1", "expm1f", "log", "logf", "log2", "log2f", "log10",
    "log10f", "log1p", "log1pf", "pow", "powf", "sqrt", "sqrtf", "sin", "sinf", "cos", "cosf", "sincos", "sincosf",
    "tan", "tanf", "atan", "atanf", "tanh", "tanhf", "erf", "erff", "fma", "fmaf", "floor", "floorf", "ceil", "ceilf",
    "trunc", "truncf", "round", "roundf", "roundeven", "roundevenf", "rint", "rintf", "nearbyint", "nearbyintf",
    "fmod", "fmodf", "ldexp", "ldexpf", "fmin", "fminf", "fmax", "fmaxf",
    // libdevice's functions of the same names (`tt.extern_elementwise`).
    "asin", "asinf", "acos", "acosf", "atan2", "atan2f", "sinh", "sinhf", "cosh", "coshf", "asinh", "asinhf", "acosh",
    "acoshf", "atanh", "atanhf", "cbrt", "cbrtf", "erfc", "erfcf", "tgamma", "tgammaf", "lgamma", "lgammaf", "hypot",
    "hypotf", "remainder", "remainderf", "copysign", "copysignf", "fabs", "fabsf", "fdim", "fdimf", "logb", "logbf",
    "nextafter", "nextafterf",
    // The Bessel functions of the first and second kinds, orders 0 and 1.
    "j0", "j0f", "j1", "j1f", "y0", "y0f", "y1", "y1f",
];

/// Whether code of the CPU backend may call (or otherwise refer to) `name`.
pub fn is_runtime_symbol(name: &str) -> bool {
    name == crate::debug::ASSERT_FAIL || LIBC.contains(&name) || LIBM.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_are_not_runtime_symbols() {
        for name in ["__truncsfbf2", "__truncsfhf2", "__extendhfsf2", "__truncdfhf2", "__powisf2", "__divti3", "puts"] {
            assert!(!is_runtime_symbol(name), "{name}");
        }
        for name in ["memcpy", "expf", "fmaf", "__tritium_cpu_assert_fail"] {
            assert!(is_runtime_symbol(name), "{name}");
        }
    }
}
