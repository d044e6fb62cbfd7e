//! The semantics of the `tt` dialect: verifiers, type inference, folders and
//! canonicalization patterns. The C++ side (dialects/tt/TritonDialect.cpp)
//! reaches them through `capi/src/lib.rs`.
pub mod arith_patterns;
pub mod fold;
pub mod infer;
pub mod ods;
pub mod patterns;
pub mod rules;
pub mod traits;
pub mod types;
pub mod verify;
