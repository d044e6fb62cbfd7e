//! The NVIDIA backend's passes and its builders of the core stage pipelines
//! (`tritium-make-ttir`, `tritium-make-ttgir`, `tritium-make-llir` for
//! `cuda:<cc>`), registered through [`register`] like a vendor spec's.
//! The passes' flags and options are declared with Triton's names in
//! `passes/Passes.td`; their bodies live here.
use tritium_dialects::spec::{OpRole, SpecBuilder, StageOptions, StageRefusal};

pub mod allocate_shared_memory_nv;
pub mod cluster_barriers;
pub mod descriptor_encoding;
pub mod fence_insertion;
pub mod hoist_mbarrier;
pub mod hoist_tmem_alloc;
pub mod hopper_llir;
pub mod mma_v3;
pub mod mma_v5_pipeline;
pub mod nvidia_gpu_membar;
pub mod nvidia_ttgir;
pub mod proxy_fence;
pub mod tensor_memory_allocation;
pub mod test_print_membar;
pub mod tma_lowering;
pub mod tma_pipeline;
pub mod tmem_load_reduce;
pub mod warp_specialize_to_llvm;
pub mod ws_cluster_barriers;

// `PASSES`: every pass of this crate, found by the build script
// (tritium-build-support: each top-level `impl Pass for` under src/).
include!(concat!(env!("OUT_DIR"), "/passes.rs"));

/// Registers the NVIDIA passes and stage pipelines.
pub fn register(spec: &mut SpecBuilder) {
    for &pass in PASSES {
        spec.add_pass(pass);
    }
    // What the core passes need to know of the ttng ops.
    for (op, role) in [
        ("ttng.warp_group_dot", OpRole::Dot),
        ("ttng.tc_gen5_mma", OpRole::Dot),
        ("ttng.tc_gen5_mma_scaled", OpRole::Dot),
        ("ttng.warp_group_dot", OpRole::LayoutAnchor),
        ("ttng.tmem_load", OpRole::LayoutAnchor),
        ("ttng.warp_group_dot_wait", OpRole::ForwardsEncoding),
        ("ttng.warp_group_dot", OpRole::AsyncOperandDot),
        ("ttng.wait_barrier", OpRole::BufferWait),
        ("ttng.barrier_expect", OpRole::Predicated),
        ("ttng.async_tma_copy_global_to_local", OpRole::Predicated),
        ("ttng.init_barrier", OpRole::MBarrier),
        ("ttng.inval_barrier", OpRole::MBarrier),
        ("ttng.barrier_expect", OpRole::MBarrier),
        ("ttng.wait_barrier", OpRole::MBarrier),
        ("ttng.arrive_barrier", OpRole::MBarrier),
        ("ttng.async_copy_mbarrier_arrive", OpRole::MBarrier),
        ("ttng.async_tma_copy_global_to_local", OpRole::MBarrier),
        ("ttng.async_tma_gather", OpRole::MBarrier),
        ("ttng.tc_gen5_commit", OpRole::MBarrier),
        ("ttng.tc_gen5_mma", OpRole::MBarrier),
        ("ttng.tc_gen5_mma_scaled", OpRole::MBarrier),
    ] {
        spec.declare_op_role(op, role);
    }
    spec.set_mma_rewrite(&[3], mma_v3::rewrite_dot);
    spec.set_pipelined_loop(mma_v3::launch_async_dots);
    spec.set_scheduled_loop(mma_v5_pipeline::lower_mmas);
    spec.set_descriptor_copies(tma_pipeline::HOOKS);
    spec.add_stage_pipeline("tritium-make-ttir", make_ttir);
    spec.add_stage_pipeline("tritium-make-ttgir", make_ttgir);
    spec.add_stage_pipeline("tritium-make-llir", make_llir);
}

/// The compute capability of the (core-checked) target `cuda:<cc>`.
fn capability(stage: &str, target: &str) -> Result<i32, StageRefusal> {
    match crate::compute_capability(target) {
        Some(cc) => Ok(cc as i32),
        None => Err(StageRefusal::Invalid(format!(
            "{stage}: unsupported target '{target}' (expected cuda:<compute capability>)"
        ))),
    }
}

/// Triton's make_ttir as `triton.compile` runs it for `cuda:<cc>`: below
/// sm90 there is no TMA, so tensor descriptors become pointers.
fn make_ttir(options: &StageOptions) -> Result<String, StageRefusal> {
    let cc = capability("tritium-make-ttir", options.target)?;
    let descriptors = if cc < 90 { "triton-rewrite-tensor-descriptor-to-pointer," } else { "" };
    Ok(format!(
        "inline,{descriptors}canonicalize,triton-combine,triton-reorder-broadcast,cse,symbol-dce,triton-loop-unroll"
    ))
}

/// Triton's make_ttgir for compute capabilities 8.x and 9.x, pass for pass
/// (third_party/nvidia/backend/compiler.py in Triton 3.9: sm90 drops
/// `tritongpu-prefetch` and lowers TMA after the tensor-memory passes);
/// Blackwell is refused: a generic pipeline would compile a degraded program.
fn make_ttgir(options: &StageOptions) -> Result<String, StageRefusal> {
    let target = options.target;
    let cc = capability("tritium-make-ttgir", target)?;
    if !(80..100).contains(&cc) {
        let what = if cc >= 100 {
            "its Blackwell passes (mma v5 and tensor memory in accelerate-matmul, warp specialization) are \
             missing; for sm90 code on this GPU use target=cuda:90"
        } else {
            "its target-specific passes are missing"
        };
        return Err(StageRefusal::NotImplemented(format!(
            "tritium-make-ttgir: Triton's make_ttgir for '{target}' is not implemented: {what} \
             (implemented: cuda:80 to cuda:99)"
        )));
    }
    let hopper = cc >= 90;
    let threads = options.threads_per_warp.unwrap_or(32);
    let stages = options.num_stages;
    let tf32 = cc >= 80;
    let passes = [
        format!(
            "convert-triton-to-tritongpu{{target={target} num-warps={} threads-per-warp={threads} num-ctas={}}}",
            options.num_warps, options.num_ctas
        ),
        "tritongpu-coalesce".into(),
        format!("tritongpu-F32DotTC{{emu-tf32={tf32}}}"),
        "triton-nvidia-gpu-assign-cga-layouts".into(),
        "tritongpu-remove-layout-conversions".into(),
        "triton-nvidia-gpu-optimize-cta-locality".into(),
        "tritongpu-remove-layout-conversions".into(),
        "tritongpu-optimize-thread-locality".into(),
        "tritongpu-accelerate-matmul".into(),
        "triton-nvidia-check-matmul-two-cta".into(),
        "tritongpu-remove-layout-conversions".into(),
        format!("tritongpu-optimize-dot-operands{{hoist-layout-conversion={tf32}}}"),
        "triton-nvidia-optimize-descriptor-encoding".into(),
        "triton-loop-aware-cse".into(),
        "tritongpu-fuse-nested-loops".into(),
        "canonicalize".into(),
        "triton-licm".into(),
        "canonicalize".into(),
        "tritongpu-combine-tensor-select-and-if".into(),
        format!("nvgpu-warp-specialization{{num-stages={stages} dump-intermediate-steps=false}}"),
        format!("tritongpu-assign-latencies{{num-stages={stages}}}"),
        "tritongpu-schedule-loops".into(),
        format!("tritongpu-pipeline{{num-stages={stages} dump-intermediate-steps=false}}"),
        "canonicalize".into(),
        "triton-loop-aware-cse".into(),
        if hopper { String::new() } else { "tritongpu-prefetch".into() },
        format!("tritongpu-optimize-dot-operands{{hoist-layout-conversion={tf32}}}"),
        "tritongpu-coalesce-async-copy".into(),
        "triton-nvidia-optimize-tmem-layouts".into(),
        "triton-nvidia-tmem-load-reduce".into(),
        if hopper { "triton-nvidia-tma-lowering".into() } else { String::new() },
        "tritongpu-remove-layout-conversions".into(),
        "triton-nvidia-interleave-tmem".into(),
        "tritongpu-reduce-data-duplication".into(),
        "tritongpu-reorder-instructions".into(),
        "triton-loop-aware-cse".into(),
        "symbol-dce".into(),
        format!("triton-nvidia-gpu-fence-insertion{{compute-capability={cc}}}"),
        "triton-nvidia-mma-lowering".into(),
        format!("triton-nvidia-gpu-hoist-mbarrier-lifecycle{{compute-capability={cc}}}"),
        "sccp".into(),
        "cse".into(),
        "canonicalize".into(),
    ];
    Ok(passes.into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join(","))
}

/// Triton's make_llir for `cuda:<cc>`: below sm90 the passes before the
/// conversion that Triton runs on sm80 and that Tritium has (the
/// Hopper/Blackwell-only ones are no-ops there), the conversion and the
/// LLVM-dialect cleanups; from sm90 on Triton 3.9's list pass for pass,
/// without `gluon-inline`, which Tritium does not have yet. Both end with
/// `enable-line-info` when [`line_info`] says so.
fn make_llir(options: &StageOptions) -> Result<String, StageRefusal> {
    let passes = make_llir_passes(options)?;
    Ok(if line_info() { format!("{passes},enable-line-info") } else { passes })
}

/// Whether make_llir ends with `enable-line-info` (debug scopes, so the
/// PTX carries `.file`/`.loc` line info): Triton's knob
/// `TRITON_DISABLE_LINE_INFO` (`1`, `true` or `on`, any case) turns it off;
/// set to anything else it turns it on; unset, [`LINE_INFO_BY_DEFAULT`]
/// decides.
fn line_info() -> bool {
    match std::env::var("TRITON_DISABLE_LINE_INFO") {
        Ok(value) => !matches!(value.to_ascii_lowercase().as_str(), "1" | "true" | "on"),
        Err(_) => LINE_INFO_BY_DEFAULT,
    }
}

/// Line info when `TRITON_DISABLE_LINE_INFO` is unset (Triton: on).
const LINE_INFO_BY_DEFAULT: bool = true;

/// make_llir's passes up to the LLVM-dialect cleanups.
fn make_llir_passes(options: &StageOptions) -> Result<String, StageRefusal> {
    let cc = capability("tritium-make-llir", options.target)?;
    let ptx = if options.asm_version != 0 { format!(" ptx-version={}", options.asm_version) } else { String::new() };
    let opts = format!("compute-capability={cc}{ptx}");
    if cc < 90 {
        return Ok(format!(
            "tritongpu-combine-tensor-select-and-if,tritongpu-allocate-warp-groups,convert-scf-to-cf,\
             allocate-shared-memory-nv{{{opts}}},triton-nvidia-gpu-membar{{{opts}}},\
             tritongpu-global-scratch-memory-allocation,convert-triton-gpu-to-llvm{{{opts} packed-structs=false}},canonicalize,cse,symbol-dce"
        ));
    }
    Ok(format!(
        "tritongpu-combine-tensor-select-and-if,tritongpu-allocate-warp-groups,convert-scf-to-cf,\
         allocate-shared-memory-nv{{{opts}}},triton-tensor-memory-allocation,\
         triton-nvidia-gpu-proxy-fence-insertion{{compute-capability={cc}}},triton-nvidia-gpu-tmem-barrier-insertion,\
         triton-nvidia-gpu-membar{{{opts}}},triton-nvidia-gpu-tmem-wait-insertion,\
         triton-nvidia-gpu-cluster-barrier-mbar-allocator,tritongpu-global-scratch-memory-allocation,\
         convert-triton-gpu-to-llvm{{{opts} packed-structs=false}},initialize-ws-cluster-barriers{{{opts}}},llvm.func(canonicalize-llvm-ir),cse,\
         convert-warp-specialize-to-llvm,convert-nv-gpu-to-llvm,canonicalize,cse,symbol-dce,convert-nvvm-to-llvm"
    ))
}
