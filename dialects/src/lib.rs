//! The semantics of Tritium's dialects, in Rust: everything the generated C++
//! asks about an op (is it valid, what are its result types, does it fold, how
//! does it canonicalize) is answered here.
pub mod ir;
pub mod layout;
pub mod tt;
pub mod ttg;
