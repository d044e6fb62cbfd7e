//! The AMD backend (`ttg.target = "hip:<arch>"`). For now: the semantics of
//! the `amdg` dialect declared in `spec/amd/dialect/TritonAMDGPU.td`.
pub mod passes;
pub mod verify;

use tritium_dialects::spec::{SpecBuilder, StageOptions, StageRefusal};

/// The backend as libtritium.so builds it in: its manifest (`spec.toml`,
/// `builtin = true`) and [`register`].
pub const BUILTIN: tritium_dialects::spec::BuiltinBackend = tritium_dialects::spec::BuiltinBackend {
    manifest: include_str!("../spec.toml"),
    manifest_path: "spec/amd/spec.toml",
    register,
};

/// The backend's registrations, the entry point a vendor spec has too; the
/// library installs it for the prefix `hip`.
pub fn register(spec: &mut SpecBuilder) {
    spec.add_stage_pipeline("tritium-make-ttir", make_ttir);
    spec.add_pass(&passes::TestTritonAmdGpuMembar);
    // The `amdg` dialect's ops (spec/amd/dialect/) verify through this.
    spec.add_op_verifier("amdg", verify::verify_op);
}

/// Triton's make_ttir as `triton.compile` runs it for `hip:<arch>`: no TMA
/// (tensor descriptors become pointers), and loop-invariant code motion.
fn make_ttir(_options: &StageOptions) -> Result<String, StageRefusal> {
    Ok("inline,triton-rewrite-tensor-descriptor-to-pointer,canonicalize,triton-combine,\
        triton-reorder-broadcast,cse,triton-licm,symbol-dce,triton-loop-unroll"
        .into())
}
