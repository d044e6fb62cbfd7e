//! The AxisInfo facts the lowering uses (contiguity, alignment, mask
//! constancy): the module analysis shared with the TTGIR passes.
pub use tritium_passes::analysis::axis_info::AxisInfoAnalysis;
