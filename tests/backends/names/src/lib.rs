//! The backend of tests/backends/names.mlir registers nothing; its manifest's names are what is wrong.
pub fn register(_spec: &mut tritium_dialects::spec::SpecBuilder) {}
