//! (being written) lowering of shared memory: ttg.local_alloc/local_load/local_store/local_dealloc, memdesc views and async copies.
use super::LowerPattern;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] = &[];
