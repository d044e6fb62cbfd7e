//! The CPU backend (`target = "cpu"`): TTIR lowered **directly** to the LLVM
//! dialect, with no `ttg` layouts, for the host's JIT (`capi/src/cpu.rs`)
//! and for object code (`tritium-compile --target cpu`); both reach it
//! through [`register`]'s registrations, as a vendor backend's.
//!
//! Each tensor value is either a stack buffer (`llvm.alloca` in the entry
//! block) or a lazy expression evaluated inside its consumer's loop; each
//! tensor op that must run is one loop nest over its elements, which LLVM's
//! loop vectorizer vectorizes at -O3 (nothing is unrolled per element, so
//! compile time stays small). `tt.dot` is a register-blocked micro-kernel.
//! Scalars stay SSA values; `scf` is first lowered to `cf` by MLIR's own
//! `convert-scf-to-cf`, and `cf` becomes LLVM blocks.
//!
//! Kernel ABI: `void name(args..., i32 pid_x, pid_y, pid_z, i32 grid_x,
//! grid_y, grid_z)`, plus `void name_packed(void **args)` where `args[i]`
//! points to the value of parameter `i` (the six ABI `i32`s last), so that a
//! launcher can call any signature.
//!
//! Every lowering pattern is a slot named `cpu.<op>` (listed with
//! `tritium-opt --list-spec-slots`); see [`patterns::PATTERNS`].
pub mod bessel;
pub mod carried;
pub mod debug;
pub mod dot;
pub mod lower;
pub mod memory;
pub mod narrow_float;
pub mod scaled_dot;
pub mod patterns;
pub mod reduce;
pub mod runtime;
pub mod scalar;
pub mod tensor;

use mlir_sys::*;
use tritium_dialects::ir::Op;

/// How the lowering shapes its code.
#[derive(Clone, Debug)]
pub struct CpuOptions {
    /// The width in bits of the vectors the `tt.dot` micro-kernel uses (the
    /// host's widest: 512 with AVX-512, 256 with AVX2, 128 otherwise).
    pub vector_bits: u32,
    /// Whether the target has AVX-512 (F): `math.exp` then scales by 2^n
    /// with `llvm.ldexp`, one `vscalefps`, which elsewhere is a libm call
    /// per element.
    pub avx512: bool,
}

impl Default for CpuOptions {
    fn default() -> Self {
        CpuOptions { vector_bits: 256, avx512: false }
    }
}

/// Lowers one family of ops; its [`name`](CpuPattern::name) is its slot.
pub trait CpuPattern: Sync {
    /// The stable slot name, `cpu.<op>`.
    fn name(&self) -> &'static str;
    /// The ops it lowers.
    fn roots(&self) -> &'static [&'static str];
    /// Lowers `op`, recording its results in `cx`.
    fn lower(&self, cx: &mut lower::Cx<'_>, op: Op) -> Result<(), String>;
}

/// The target name the CPU backend serves.
pub const TARGET: &str = "cpu";

/// The backend's registrations, the entry point a vendor spec has too; the
/// library installs it for the target `cpu`:
/// - its lowering ([`make_cpu`], straight from TTIR, no stage pipelines) with
///   the runtime it may call and its assertion hook, for the compile C API
///   and the host JIT (`tritiumCpuKernel*`);
/// - code generation for the host (`x86_64` triple, CPU `x86-64` for object
///   code);
/// - the kernel ABI arguments it appends (program ids, grid sizes);
/// - its patterns as the `cpu.*` lowering slots ([`slots`]).
pub fn register(spec: &mut tritium_dialects::spec::SpecBuilder) {
    use tritium_dialects::spec::{DirectLowering, HostCodegen};
    spec.set_direct_lowering(DirectLowering {
        lower,
        is_runtime_symbol: runtime::is_runtime_symbol,
        assert_fail_symbol: debug::ASSERT_FAIL,
    });
    spec.set_host_codegen(HostCodegen { arch: "x86_64", cpu: "x86-64" });
    spec.set_kernel_abi_arguments(&ABI_ARGUMENTS);
    for (name, roots) in slots() {
        spec.add_lowering_slot(OWNER, name, roots);
    }
}

/// The kernel ABI's trailing arguments (see the crate documentation).
const ABI_ARGUMENTS: [(&str, &str); 6] =
    [("pid_x", "i32"), ("pid_y", "i32"), ("pid_z", "i32"), ("grid_x", "i32"), ("grid_y", "i32"), ("grid_z", "i32")];

/// [`make_cpu`] with the options of `tuning` (the machine the code runs on;
/// `None`: [`CpuOptions::default`]).
fn lower(module: Op, tuning: Option<&tritium_dialects::spec::LoweringTuning>) -> Result<(), String> {
    let options = match tuning {
        Some(t) => CpuOptions { vector_bits: t.vector_bits, avx512: t.features.split(',').any(|f| f == "+avx512f") },
        None => CpuOptions::default(),
    };
    make_cpu(module, &options)
}

/// The owner of the CPU slots in the slot listing.
pub const OWNER: &str = "tritium-make-cpu";

/// Every slot of the CPU lowering: (name, the ops it covers).
pub fn slots() -> Vec<(&'static str, String)> {
    patterns::PATTERNS.iter().map(|p| (p.name(), p.roots().join(", "))).collect()
}

/// Whether `module` is TTIR the CPU backend takes: `tt` functions and no
/// `ttg` layouts (`ttg.barrier`, which Triton's TTIR writes for
/// `tl.debug_barrier`, is the one `ttg` op TTIR holds).
pub fn check_input(module: Op) -> Result<(), String> {
    if module.attr("ttg.num-warps").is_some() {
        return Err("the CPU backend takes TTIR (make_ttir's output), not TTGIR: this module has 'ttg.num-warps'".into());
    }
    for op in module.nested_ops() {
        if (op.name().starts_with("ttg.") && op.name() != "ttg.barrier") || op.name().starts_with("ttng.") {
            return Err(format!("the CPU backend takes TTIR; '{}' is a TTGIR op", op.name()));
        }
    }
    Ok(())
}

unsafe extern "C" fn append_text(s: MlirStringRef, user_data: *mut std::ffi::c_void) {
    (*(user_data as *mut String)).push_str(tritium_dialects::ir::str_of(s));
}

/// Runs MLIR's `convert-scf-to-cf` on `module` (created directly, so it needs
/// no pass registration).
fn scf_to_cf(module: Op) -> Result<(), String> {
    unsafe {
        let pm = mlirPassManagerCreate(module.context());
        mlirPassManagerAddOwnedPass(pm, mlirCreateConversionSCFToControlFlowPass());
        let ok = mlirPassManagerRunOnOp(pm, module.0).value != 0;
        mlirPassManagerDestroy(pm);
        if ok {
            Ok(())
        } else {
            Err("convert-scf-to-cf failed on the module".into())
        }
    }
}

/// Lowers the TTIR `module` in place to the LLVM dialect for the CPU
/// (`tritium-make-cpu`): `convert-scf-to-cf`, then [`lower::lower_module`].
/// On failure the reason is also emitted as an error diagnostic at the
/// failing op; the module may then hold `cf` ops instead of `scf` (callers
/// work on a clone).
pub fn make_cpu(module: Op, options: &CpuOptions) -> Result<(), String> {
    check_input(module)?;
    unsafe {
        // The dialects the lowering creates ops of.
        for handle in [mlirGetDialectHandle__llvm__(), mlirGetDialectHandle__cf__()] {
            mlirDialectHandleLoadDialect(handle, module.context());
        }
    }
    // Tensor descriptors (tt.make_tensor_descriptor, descriptor loads and
    // stores; make_ttir has already rewritten those of a Triton launch)
    // become bounded pointer loads and stores, as for GPUs without TMA; the
    // pass emits a located error for what it does not rewrite.
    {
        use tritium_dialects::pass::Pass;
        let rewrite = tritium_passes::tensor_descriptor::RewriteTensorDescriptorToPointer;
        if rewrite.run(module, &Default::default()).is_err() {
            return Err("rewriting tensor descriptors to pointers for the CPU (tritium-make-cpu) failed".into());
        }
    }
    if let Err((loc, message)) = scaled_dot::expand(module) {
        tritium_dialects::pass::emit_error_at(loc, &message);
        return Err("rewriting scaled and fp8 dots for the CPU (tritium-make-cpu) failed".into());
    }
    scf_to_cf(module)?;
    // f16/bf16 computation becomes f32 computation with inline conversions:
    // no calls to compiler-rt builtins the host may lack (narrow_float.rs).
    match lower::lower_module(module, options).and_then(|()| narrow_float::expand(module)) {
        Ok(()) => Ok(()),
        Err((loc, message)) => {
            tritium_dialects::pass::emit_error_at(loc, &message);
            Err("lowering the module to the LLVM dialect for the CPU (tritium-make-cpu) failed".into())
        }
    }
}

/// Reads the text of `op` (for tests and debugging).
pub fn print_op(op: Op) -> String {
    let mut text = String::new();
    unsafe { mlirOperationPrint(op.0, Some(append_text), &mut text as *mut String as *mut std::ffi::c_void) };
    text
}
