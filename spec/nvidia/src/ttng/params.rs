//! The verifiers of the dialect's attribute and type parameters.

use super::*;

pub(super) const PRIORITIES: [&str; 6] = ["none", "evict_normal", "evict_unchanged", "evict_first", "evict_last", "no_allocate"];

pub(super) fn priority(value: i64) -> &'static str {
    PRIORITIES.get(value as usize).copied().unwrap_or("?")
}

/// A rank-2 CGA layout: two entries per basis, non-negative, and a
/// permutation matrix once its zero (broadcast) bases are removed.
pub(super) fn verify_cga(flat: &[i32]) -> Verdict {
    if flat.len() % 2 != 0 {
        return Err("'CGALayout' entry length does not match rank 2".into());
    }
    if flat.iter().any(|&v| v < 0) {
        return Err("CGALayout entries must be non-negative".into());
    }
    let mut next = [1i64, 1];
    for basis in flat.chunks(2) {
        match (basis[0], basis[1]) {
            (0, 0) => {}
            (v, 0) if i64::from(v) == next[0] => next[0] *= 2,
            (0, v) if i64::from(v) == next[1] => next[1] *= 2,
            _ => return Err("After removing broadcast bases the CGA encoding must be a permutation matrix".into()),
        }
    }
    Ok(())
}

pub(super) fn verify_params(kind: &str, ints: &[i64], cga: &[i32], fraction: f64) -> Verdict {
    match kind {
        "cga" => verify_cga(cga),
        "tensor_memory_encoding" => {
            let [block_m, block_n, col_stride, two_ctas, fp4_padded] = ints else {
                return Err("internal error: tensor_memory_encoding parameters".into());
            };
            if *block_m != 64 && *block_m != 128 {
                return Err(format!("blockM must be 64 or 128 but got {block_m}"));
            }
            if *block_n <= 0 || block_n & (block_n - 1) != 0 {
                return Err(format!("blockN must be a power of 2 but got {block_n}"));
            }
            if ![1, 2, 4].contains(col_stride) {
                return Err(format!("colStride must be 1, 2, or 4 but got but got {col_stride}"));
            }
            if *fp4_padded != 0 && *col_stride != 1 {
                return Err(format!("fp4Padded tensor memory layout requires colStride 1 but got {col_stride}"));
            }
            verify_cga(cga)?;
            if *two_ctas != 0 && (cga.len() < 2 || cga[0] != 1 || cga[1] != 0) {
                return Err("twoCTAs layout requires the first CGALayout block basis to be [1, 0]".into());
            }
            Ok(())
        }
        "tensor_memory_scales_encoding" => verify_cga(cga),
        "cache_policy" => {
            let [modifier, l1, primary, secondary, has_fraction, fraction_f32, has_prefetch, prefetch] = ints else {
                return Err("internal error: cache_policy parameters".into());
            };
            // CacheModifier::NONE is 1 (tt's numbering); 0 never occurs.
            if *modifier > 1 && *l1 != 0 {
                return Err("cache modifier cannot be combined with an L1 eviction priority".into());
            }
            if *primary == 0 {
                if *secondary != 0 || *has_fraction != 0 {
                    return Err("l2_secondary and l2_fraction require l2_primary".into());
                }
            } else {
                if *primary == 5 {
                    return Err(format!("invalid L2 primary eviction priority '{}'", priority(*primary)));
                }
                if *secondary == 0 || *has_fraction == 0 {
                    return Err("L2 policy requires l2_secondary and l2_fraction".into());
                }
                if *secondary != 2 && *secondary != 3 {
                    return Err(format!("invalid L2 secondary eviction priority '{}'", priority(*secondary)));
                }
                if *fraction_f32 == 0 || !fraction.is_finite() || fraction <= 0.0 || fraction > 1.0 {
                    return Err("L2 fraction must be a finite f32 in (0, 1]".into());
                }
            }
            if *has_prefetch != 0 && ![64, 128, 256].contains(prefetch) {
                return Err("L2 prefetch size must be 64, 128, or 256".into());
            }
            Ok(())
        }
        "tensordesc_im2col" => {
            if ints.len() != 2 {
                return Err(format!("TensorDescIm2ColType requires rank-2 shape, got rank {}", ints.len()));
            }
            if let Some(dim) = ints.iter().find(|&&d| d <= 0) {
                return Err(format!("tensor descriptor dimensions must be positive, got {dim}"));
            }
            Ok(())
        }
        _ => Err(format!("internal error: unknown ttng parameters '{kind}'")),
    }
}

/// The C++ callback receiving diagnostic messages.
pub type ReportFn = Option<unsafe extern "C" fn(*mut c_void, MlirStringRef)>;

/// Verifies the parameters of a `ttng` attribute or type (see
/// TritonNvidiaGPUDialect.cpp). Never unwinds.
#[no_mangle]
pub extern "C" fn tritium_ttng_verify_params(
    kind: MlirStringRef,
    ints: *const i64,
    num_ints: isize,
    cga: *const i32,
    cga_size: isize,
    fraction: f64,
    report: ReportFn,
    user_data: *mut c_void,
) -> bool {
    let verdict = catch_unwind(AssertUnwindSafe(|| {
        let kind = unsafe { str_of(kind) };
        let ints = if ints.is_null() || num_ints <= 0 {
            &[][..]
        } else {
            unsafe { std::slice::from_raw_parts(ints, num_ints as usize) }
        };
        let cga = if cga.is_null() || cga_size <= 0 {
            &[][..]
        } else {
            unsafe { std::slice::from_raw_parts(cga, cga_size as usize) }
        };
        verify_params(kind, ints, cga, fraction)
    }))
    .unwrap_or_else(|_| Err("internal error in Tritium (please report): ttng parameter verifier panicked".into()));
    match verdict {
        Ok(()) => true,
        Err(message) => {
            if let Some(f) = report {
                unsafe { f(user_data, string_ref(&message)) };
            }
            false
        }
    }
}
