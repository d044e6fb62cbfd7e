//! The AMD backend (`ttg.target = "hip:<arch>"`). For now: the semantics of
//! the `amdg` dialect declared in `spec/amd/dialect/TritonAMDGPU.td`.
pub mod verify;
