//! The outside backend only disables a pattern (spec.toml): nothing to register.
pub fn register(_spec: &mut tritium_dialects::spec::SpecBuilder) {}
