//! The AxisInfo facts the lowering uses (contiguity, alignment, mask
//! constancy), from the shared analysis in `tritium_passes::analysis`.
use tritium_dialects::ir::{Op, Val};

/// Conservative stand-in until the module analysis is wired: no vectorization.
pub struct AxisInfoAnalysis;

impl AxisInfoAnalysis {
    /// Analyses `module`.
    pub fn run(_module: Op) -> Self {
        AxisInfoAnalysis
    }
    /// Alignment (in elements) of the pointers of a tensor.
    pub fn ptr_alignment(&self, _ptr: Val) -> u32 {
        1
    }
    /// Constancy of a mask along the fastest dimension.
    pub fn mask_alignment(&self, _mask: Val) -> u32 {
        1
    }
}
