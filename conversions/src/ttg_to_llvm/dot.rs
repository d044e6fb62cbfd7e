//! (being written) lowering of tt.dot: mma v2 and FMA dots.
use super::LowerPattern;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] = &[];
