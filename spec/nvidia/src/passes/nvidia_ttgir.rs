//! The NVIDIA passes of Triton's `make_ttgir` pipeline. They serve Hopper and
//! Blackwell features (CTA clusters, TMA descriptors, wgmma, tensor memory,
//! warp specialization); on what Tritium compiles they have, as in Triton on
//! sm80, nothing to rewrite. Each states the one fact it records or checks,
//! and refuses, with a diagnostic, input that would need the feature it serves.
use mlir_sys::*;
use tritium_dialects::ir::{Attr, Op};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

/// The module's `ttg.num-ctas` (1 when absent).
fn num_ctas(module: Op) -> i64 {
    module.attr("ttg.num-ctas").and_then(|a| a.int()).unwrap_or(1)
}

/// Refuses a module laid out over a CTA cluster.
fn single_cta(module: Op, flag: &str) -> Result<(), ()> {
    if num_ctas(module) > 1 {
        emit_error(module, &format!("{flag}: kernels on more than one CTA (ttg.num-ctas > 1) are not supported"));
        return Err(());
    }
    Ok(())
}

/// `triton-nvidia-gpu-assign-cga-layouts`: with one CTA every layout's CGA
/// part is trivial.
pub struct AssignCgaLayouts;

impl Pass for AssignCgaLayouts {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-assign-cga-layouts"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        single_cta(op, self.argument())
    }
}

/// `triton-nvidia-gpu-optimize-cta-locality`: nothing to move between CTAs
/// with one CTA.
pub struct OptimizeCtaLocality;

impl Pass for OptimizeCtaLocality {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-optimize-cta-locality"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        single_cta(op, self.argument())
    }
}

/// `triton-nvidia-check-matmul-two-cta`: records `ttng.two-ctas`, whether
/// the kernel's MMAs run in two-CTA mode. Only Blackwell's `tc_gen5_mma`
/// can, and Tritium has none, so the answer is false.
pub struct CheckMatmulTwoCta;

impl Pass for CheckMatmulTwoCta {
    fn argument(&self) -> &'static str {
        "triton-nvidia-check-matmul-two-cta"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        let value = Attr(unsafe { mlirBoolAttrGet(op.context(), 0) });
        op.set_attr("ttng.two-ctas", value);
        Ok(())
    }
}

/// `nvgpu-warp-specialization`: Hopper warp specialization, which acts only
/// on loops annotated `tt.warp_specialize`; such a loop is refused.
pub struct WarpSpecialization;

impl Pass for WarpSpecialization {
    fn argument(&self) -> &'static str {
        "nvgpu-warp-specialization"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        for nested in op.nested_ops() {
            if nested.name() == "scf.for" && nested.attr("tt.warp_specialize").is_some() {
                emit_error(nested, "nvgpu-warp-specialization: warp-specialized loops are not supported");
                return Err(());
            }
        }
        Ok(())
    }
}

/// Whether `op` is a Blackwell tensor-memory op or MMA (`ttng.tmem_*`,
/// `ttng.tc_gen5_*`), which Tritium's pipelines never create.
fn is_blackwell_op(op: Op) -> bool {
    let name = op.name();
    name.starts_with("ttng.tmem_") || name.starts_with("ttng.tc_gen5_")
}

/// What the passes that rewrite only Blackwell tensor-memory ops and MMAs
/// do: refuse the first such op; other `ttng` ops (Hopper's TMA copies,
/// mbarriers, wgmma) pass through.
fn ttng_only(op: Op, flag: &str) -> Result<(), ()> {
    match op.nested_ops().into_iter().find(|o| is_blackwell_op(*o)) {
        Some(nested) => {
            emit_error(nested, &format!("{flag}: tensor-memory ops and tcgen05 MMAs are not supported"));
            Err(())
        }
        None => Ok(()),
    }
}

/// `triton-nvidia-optimize-tmem-layouts`: only Blackwell tensor-memory ops and MMAs ([`ttng_only`]).
pub struct OptimizeTmemLayouts;

impl Pass for OptimizeTmemLayouts {
    fn argument(&self) -> &'static str {
        "triton-nvidia-optimize-tmem-layouts"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        ttng_only(op, self.argument())
    }
}

/// `triton-nvidia-interleave-tmem`: only Blackwell tensor-memory ops and MMAs ([`ttng_only`]).
pub struct InterleaveTmem;

impl Pass for InterleaveTmem {
    fn argument(&self) -> &'static str {
        "triton-nvidia-interleave-tmem"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        ttng_only(op, self.argument())
    }
}

/// `triton-nvidia-mma-lowering`: only Blackwell tensor-memory ops and MMAs ([`ttng_only`]).
pub struct MmaLowering;

impl Pass for MmaLowering {
    fn argument(&self) -> &'static str {
        "triton-nvidia-mma-lowering"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        ttng_only(op, self.argument())
    }
}

