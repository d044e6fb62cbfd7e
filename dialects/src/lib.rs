//! The semantics of Tritium's dialects, in Rust: everything the generated C++
//! asks about an op (is it valid, what are its result types, does it fold, how
//! does it canonicalize) is answered here, together with the frameworks the
//! passes and conversions are written in (`rewrite`, `conversion`, `pass`).
pub mod conversion;
pub mod ir;
pub mod layout;
pub mod pass;
pub mod rewrite;
pub mod services;
pub mod spec;
pub mod target_patterns;
pub mod tt;
pub mod ttg;
