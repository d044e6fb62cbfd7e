//! The semantics of the `ttg` (TritonGPU) dialect; for now, the LinearLayout algebra its encodings build on.
pub mod linear_layout;
