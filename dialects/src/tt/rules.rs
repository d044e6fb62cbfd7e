//! Pure shape rules of the `tt` ops, on plain Rust data. The verifiers and
//! type inference apply them to IR; unit tests exercise them directly.

/// The most elements a tensor may have (2^20).
pub const MAX_TENSOR_ELEMENTS: i64 = 1 << 20;

/// Checks Triton's tensor-size rule: a power-of-two element count, at most 2^20.
pub fn check_tensor_size(shape: &[i64]) -> Result<(), String> {
    let mut n: i64 = 1;
    for &d in shape {
        if d < 0 {
            return Err("dynamic tensor dimensions are not supported".into());
        }
        if d == 0 {
            return Err(format!("tensor dimensions must be positive, got {d}"));
        }
        n = n.saturating_mul(d);
    }
    if n > MAX_TENSOR_ELEMENTS {
        return Err(format!(
            "Maximum allowed number of elements is {MAX_TENSOR_ELEMENTS}, but the tensor has {n}"
        ));
    }
    if n & (n - 1) != 0 {
        return Err(format!("Number of elements must be power-of-two, but the tensor has {n} elements"));
    }
    Ok(())
}

/// Whether `order` is a permutation of `0..rank`.
pub fn is_permutation(order: &[i32], rank: usize) -> bool {
    if order.len() != rank {
        return false;
    }
    let mut seen = vec![false; rank];
    order.iter().all(|&o| {
        let ok = o >= 0 && (o as usize) < rank && !seen[o as usize];
        if ok {
            seen[o as usize] = true;
        }
        ok
    })
}

/// The shape of `trans(src, order)`: result dim `i` is source dim `order[i]`.
pub fn trans_shape(src: &[i64], order: &[i32]) -> Result<Vec<i64>, String> {
    if order.len() != src.len() {
        return Err("order must have the same size as the rank of the operand and result".into());
    }
    if !is_permutation(order, src.len()) {
        return Err("order must be a permutation of 0..(rank - 1)".into());
    }
    Ok(order.iter().map(|&o| src[o as usize]).collect())
}

/// The shape of `expand_dims(src, axis)`.
pub fn expand_dims_shape(src: &[i64], axis: i64) -> Result<Vec<i64>, String> {
    if axis < 0 || axis as usize > src.len() {
        return Err(format!("expand_dims axis {axis} is out of range for a tensor of rank {}", src.len()));
    }
    let mut shape = src.to_vec();
    shape.insert(axis as usize, 1);
    Ok(shape)
}

/// The shape of a reduction of `src` along `axis` (`[]` means a scalar).
pub fn reduce_shape(src: &[i64], axis: i64) -> Result<Vec<i64>, String> {
    if axis < 0 || axis as usize >= src.len() {
        return Err(format!("reduction axis {axis} is out of range for a tensor of rank {}", src.len()));
    }
    let mut shape = src.to_vec();
    shape.remove(axis as usize);
    Ok(shape)
}

/// Checks that `src` broadcasts to `result`.
pub fn check_broadcast(src: &[i64], result: &[i64]) -> Result<(), String> {
    if src.len() != result.len() {
        return Err("rank of source must be same as rank of result".into());
    }
    for (i, (s, r)) in src.iter().zip(result).enumerate() {
        if s != r && *s != 1 {
            return Err(format!(
                "Different dimensions at index {i} between source and result.  Broadcast requires the source dimension to be 1."
            ));
        }
    }
    Ok(())
}

/// The result shape of `dot(a, b)` (rank 2, or 3 with a batch dimension).
pub fn dot_shape(a: &[i64], b: &[i64]) -> Result<Vec<i64>, String> {
    if a.len() != b.len() || !(a.len() == 2 || a.len() == 3) {
        return Err("expected both operands to have rank 2, or both rank 3 (batched)".into());
    }
    let r = a.len();
    if a[r - 1] != b[r - 2] {
        return Err("expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand".into());
    }
    if r == 3 && a[0] != b[0] {
        return Err("expected the first dimension of the first operand to be equal to the first dimension of the second operand".into());
    }
    let mut shape: Vec<i64> = a[..r - 1].to_vec();
    shape.push(b[r - 1]);
    Ok(shape)
}

/// The shape of each half of `split(src)`.
pub fn split_shape(src: &[i64]) -> Result<Vec<i64>, String> {
    match src.last() {
        Some(2) => Ok(src[..src.len() - 1].to_vec()),
        _ => Err("split requires the last dimension of its operand to be 2".into()),
    }
}

/// The element count of a shape, saturating.
pub fn num_elements(shape: &[i64]) -> i64 {
    shape.iter().fold(1i64, |acc, d| acc.saturating_mul(*d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tensor_size_rule() {
        assert!(check_tensor_size(&[128, 64]).is_ok());
        assert!(check_tensor_size(&[]).is_ok());
        assert!(check_tensor_size(&[3]).unwrap_err().contains("power-of-two"));
        assert!(check_tensor_size(&[2048, 1024]).unwrap_err().contains("Maximum allowed number of elements is 1048576"));
        assert!(check_tensor_size(&[1 << 40, 1 << 40]).unwrap_err().contains("Maximum"));
        assert!(check_tensor_size(&[0]).is_err());
    }

    #[test]
    fn permutations() {
        assert!(is_permutation(&[1, 2, 0], 3));
        assert!(!is_permutation(&[1, 1, 0], 3));
        assert!(!is_permutation(&[0, 3, 1], 3));
        assert!(!is_permutation(&[-1, 0], 2));
        assert_eq!(trans_shape(&[2, 32, 16], &[1, 2, 0]).unwrap(), vec![32, 16, 2]);
        assert!(trans_shape(&[2, 3], &[0]).is_err());
    }

    #[test]
    fn expand_and_reduce() {
        assert_eq!(expand_dims_shape(&[128], 1).unwrap(), vec![128, 1]);
        assert_eq!(expand_dims_shape(&[128], 0).unwrap(), vec![1, 128]);
        assert!(expand_dims_shape(&[128], 2).is_err());
        assert!(expand_dims_shape(&[128], -1).is_err());
        assert_eq!(reduce_shape(&[4, 256], 1).unwrap(), vec![4]);
        assert_eq!(reduce_shape(&[256], 0).unwrap(), Vec::<i64>::new());
        assert!(reduce_shape(&[256], 1).is_err());
    }

    #[test]
    fn broadcast_rule() {
        assert!(check_broadcast(&[1, 32], &[128, 32]).is_ok());
        let err = check_broadcast(&[2, 32], &[128, 32]).unwrap_err();
        assert!(err.starts_with("Different dimensions at index 0"));
        assert!(check_broadcast(&[32], &[128, 32]).is_err());
    }

    #[test]
    fn dot_rule() {
        assert_eq!(dot_shape(&[128, 32], &[32, 64]).unwrap(), vec![128, 64]);
        assert_eq!(dot_shape(&[4, 16, 32], &[4, 32, 8]).unwrap(), vec![4, 16, 8]);
        assert!(dot_shape(&[128, 32], &[16, 64]).unwrap_err().contains("second-to-last"));
        assert!(dot_shape(&[128], &[128]).is_err());
        assert!(dot_shape(&[2, 16, 32], &[4, 32, 8]).is_err());
    }

    #[test]
    fn split_rule() {
        assert_eq!(split_shape(&[32, 32, 2]).unwrap(), vec![32, 32]);
        assert!(split_shape(&[32, 3]).is_err());
        assert!(split_shape(&[]).is_err());
    }
}
