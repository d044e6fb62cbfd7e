//! The AMD backend (`ttg.target = "hip:<arch>"`). For now: the semantics of
//! the `amdg` dialect declared in `spec/amd/dialect/TritonAMDGPU.td`.
pub mod passes;
pub mod verify;

use tritium_dialects::spec::{SpecBuilder, StageOptions, StageRefusal};

// `PASSES`: every pass of this crate, found by the build script
// (tritium-build-support: each top-level `impl Pass for` under src/).
include!(concat!(env!("OUT_DIR"), "/passes.rs"));

/// The backend's registrations, the entry point a vendor spec has too; the
/// library installs it for the prefix `hip`.
pub fn register(spec: &mut SpecBuilder) {
    // The `target` options the passes and pipelines take: hip:gfx<arch>.
    spec.set_target_form(tritium_dialects::spec::TargetForm {
        form: "hip:<gfx arch>, e.g. hip:gfx942",
        example: "hip:gfx942",
        accepts: is_gfx_arch,
    });
    spec.add_stage_pipeline("tritium-make-ttir", make_ttir);
    // LLVM-dialect input: ROCDL ops translate as they are.
    spec.add_llvm_dialect("rocdl");
    for &pass in PASSES {
        spec.add_pass(pass);
    }
    // The `amdg` dialect's ops (spec/amd/dialect/) verify through this.
    spec.add_op_verifier("amdg", verify::verify_op);
}

/// Whether `arch` (of `hip:<arch>`) names a GPU: `gfx` and letters and
/// digits.
fn is_gfx_arch(arch: &str) -> bool {
    arch.strip_prefix("gfx").is_some_and(|a| !a.is_empty() && a.bytes().all(|b| b.is_ascii_alphanumeric()))
}

#[test]
fn hip_target_form() {
    for ok in ["gfx942", "gfx90a", "gfx1100"] {
        assert!(is_gfx_arch(ok), "{ok}");
    }
    for bad in ["", "942", "gfx", "gfx9-4"] {
        assert!(!is_gfx_arch(bad), "{bad}");
    }
}

/// Triton's make_ttir as `triton.compile` runs it for `hip:<arch>`: no TMA
/// (tensor descriptors become pointers), and loop-invariant code motion.
fn make_ttir(_options: &StageOptions) -> Result<String, StageRefusal> {
    Ok("inline,triton-rewrite-tensor-descriptor-to-pointer,canonicalize,triton-combine,\
        triton-reorder-broadcast,cse,triton-licm,symbol-dce,triton-loop-unroll"
        .into())
}
