use super::params::{verify_cga, verify_params};

#[test]
fn cga_layouts() {
    assert!(verify_cga(&[]).is_ok());
    assert!(verify_cga(&[1, 0, 0, 1, 0, 0]).is_ok());
    assert!(verify_cga(&[1, 1]).is_err());
    assert!(verify_cga(&[3, 0]).is_err());
    assert!(verify_cga(&[1, 0, 1, 0]).is_err());
}

#[test]
fn tensor_memory_encoding() {
    let check = |ints: &[i64]| verify_params("tensor_memory_encoding", ints, &[], 0.0);
    assert!(check(&[128, 64, 1, 0, 0]).is_ok());
    assert_eq!(check(&[96, 64, 1, 0, 0]).unwrap_err(), "blockM must be 64 or 128 but got 96");
    assert_eq!(check(&[128, 48, 1, 0, 0]).unwrap_err(), "blockN must be a power of 2 but got 48");
    assert_eq!(check(&[128, 64, 3, 0, 0]).unwrap_err(), "colStride must be 1, 2, or 4 but got but got 3");
}

#[test]
fn cache_policy() {
    let check = |ints: &[i64], f: f64| verify_params("cache_policy", ints, &[], f);
    assert!(check(&[0, 0, 4, 3, 1, 1, 0, -1], 0.5).is_ok());
    assert_eq!(check(&[0, 0, 4, 0, 0, 0, 0, -1], 0.0).unwrap_err(), "L2 policy requires l2_secondary and l2_fraction");
    assert_eq!(check(&[0, 0, 0, 0, 0, 0, 1, 32], 0.0).unwrap_err(), "L2 prefetch size must be 64, 128, or 256");
}
