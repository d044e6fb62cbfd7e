//! The drifted backend registers nothing; its manifest is what is wrong.
pub fn register(_spec: &mut tritium_dialects::spec::SpecBuilder) {}
