//! The semantics of the `ttg` (TritonGPU) dialect: the LinearLayout algebra its
//! encodings build on, the encodings as Rust data, their linear layouts,
//! verifiers and layout inference.
pub mod bridge;
pub mod convert_patterns;
pub mod encoding;
pub mod encoding_verify;
pub mod fold;
pub mod infer;
pub mod interface;
pub mod linear_layout;
pub mod patterns;
pub mod to_linear;
pub mod verify;
#[cfg(test)]
mod conversion_tests;
#[cfg(test)]
pub(crate) mod test_support;
