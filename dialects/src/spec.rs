//! Backend specialization: the registry a backend spec (`spec/<backend>/`)
//! fills, and the composition the core consults wherever a **slot** (a
//! pattern, a legality rule or a hook) may be replaced.
//!
//! A backend library (`libtritium_<backend>.so`, built by CMake's
//! `tritium_add_backend`) installs one [`Spec`] at load time; the default
//! library installs none. The core then asks:
//! - [`rewrite_patterns`] / [`conversion_patterns`]: a pattern set with the
//!   spec's replacements put in place of the defaults of the same name, its
//!   disabled patterns removed and its added patterns **first** (they win
//!   over the defaults, like a library linked ahead of them);
//! - [`legality`]: a conversion's legality with the spec's changes;
//! - the hooks, e.g. [`default_encoding`]: the spec's function if it
//!   replaces the hook, else `None` (the core's default).
//!
//! Which slots exist, and checking a manifest against them, is the C API
//! crate's business (it sees every pass); this module only stores and
//! composes.
use crate::conversion::{ConversionPattern, Legality, OpRule};
use crate::ir::{Attr, Op, Val};
use crate::pass::Pass;
use crate::rewrite::{RewritePattern, Rewriter};
use mlir_sys::{MlirContext, MlirLocation};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The hook `tt-to-ttg.default-encoding`: the layout
/// `convert-triton-to-tritongpu` gives a tensor of `shape` that has none
/// (`None`: use the core's default blocked layout).
pub type DefaultEncodingHook =
    fn(context: MlirContext, shape: &[i64], num_warps: u32, threads_per_warp: u32, num_ctas: u32) -> Option<Attr>;

/// The stable name of the default-encoding hook.
pub const DEFAULT_ENCODING_HOOK: &str = "tt-to-ttg.default-encoding";

/// Every hook slot, with what it decides.
pub const HOOKS: &[(&str, &str)] = &[(
    DEFAULT_ENCODING_HOOK,
    "the layout convert-triton-to-tritongpu gives an unencoded tensor (default: Triton's default #ttg.blocked)",
)];

/// What a backend's Rust code registers (its `register(&mut SpecBuilder)`).
#[derive(Default)]
pub struct SpecBuilder {
    pub(crate) rewrite_replacements: HashMap<&'static str, &'static dyn RewritePattern>,
    pub(crate) conversion_replacements: HashMap<&'static str, &'static dyn ConversionPattern>,
    pub(crate) rewrite_additions: Vec<(&'static str, &'static dyn RewritePattern)>,
    pub(crate) conversion_additions: Vec<(&'static str, &'static dyn ConversionPattern)>,
    pub(crate) default_encoding: Option<DefaultEncodingHook>,
    pub(crate) passes: Vec<&'static dyn Pass>,
    pub(crate) stage_pipelines: Vec<(&'static str, StagePipelineHook)>,
    pub(crate) op_roles: Vec<(&'static str, OpRole)>,
    pub(crate) codegen_target: Option<CodegenTargetHook>,
    pub(crate) assembly_postprocess: Option<AssemblyHook>,
    pub(crate) device_codegen: Option<DeviceCodegen>,
    pub(crate) target_form: Option<TargetForm>,
    pub(crate) kernel_attribute: Option<&'static str>,
    pub(crate) llvm_dialects: Vec<&'static str>,
    pub(crate) mma_rewrite: Option<(&'static [u32], MmaRewriteHook)>,
    pub(crate) device_traits: Option<(&'static str, DeviceTraitsHook)>,
    pub(crate) pipelined_loop: Option<PipelinedLoopHook>,
    pub(crate) scheduled_loop: Option<ScheduledLoopHook>,
    pub(crate) descriptor_copies: Option<DescriptorCopyHooks>,
    pub(crate) kernel_metadata: Option<KernelMetadataHook>,
    pub(crate) direct_lowering: Option<DirectLowering>,
    pub(crate) host_codegen: Option<HostCodegen>,
    pub(crate) kernel_abi_arguments: Option<&'static [(&'static str, &'static str)]>,
    pub(crate) op_verifiers: Vec<(&'static str, OpVerifierHook)>,
    pub(crate) lowering_slots: Vec<(&'static str, &'static str, String)>,
    pub(crate) setup: Option<fn()>,
}

/// A backend's verifier of its own dialect's ops: given the verifier hook
/// name the op's C++ `verify()` passes (the op name, e.g. `<dialect>.<op>`)
/// and the op.
pub type OpVerifierHook = fn(hook: &str, op: Op) -> Result<(), String>;

/// How a backend that lowers TTIR itself may shape its code for the machine
/// that runs it (the host JIT): the widest vector to use and the machine's
/// LLVM feature string.
#[derive(Clone, Debug)]
pub struct LoweringTuning {
    /// The vector width in bits.
    pub vector_bits: u32,
    /// The LLVM subtarget features, comma separated (`+avx2,...`).
    pub features: String,
}

/// A backend that lowers a TTIR module **itself**, straight to the LLVM
/// dialect (no `tritium-make-ttgir`/`tritium-make-llir` stage pipelines),
/// for code that runs on the host: the compile C API calls [`lower`] instead
/// of the stage pipelines for the targets it serves, and the host JIT
/// (`tritiumCpuKernel*`) uses the backend that has one of these and a
/// [`HostCodegen`].
///
/// [`lower`]: DirectLowering::lower
#[derive(Clone, Copy)]
pub struct DirectLowering {
    /// Lowers the TTIR `module` in place (callers hand it a clone); `tuning`:
    /// the machine it is compiled for, `None` for the backend's generic
    /// defaults. Errors are also emitted as located diagnostics.
    pub lower: fn(module: Op, tuning: Option<&LoweringTuning>) -> Result<(), String>,
    /// Whether the lowered code may call the external function `symbol`
    /// (the runtime the backend relies on; anything else is refused before
    /// the JIT links it).
    pub is_runtime_symbol: fn(symbol: &str) -> bool,
    /// The function the lowered code calls when an assertion fails
    /// (`(const char *message, i32 x, i32 y, i32 z)`), which the JIT defines.
    pub assert_fail_symbol: &'static str,
}

/// A backend whose code runs on the host: its targets resolve to the host's
/// default LLVM triple, which must start with `arch`, and the CPU `cpu`
/// (no features) for object code.
#[derive(Clone, Copy, Debug)]
pub struct HostCodegen {
    /// The architecture the host's triple must start with (`x86_64`).
    pub arch: &'static str,
    /// The LLVM CPU name of generic object code (`x86-64`).
    pub cpu: &'static str,
}

/// A backend's own fields of a kernel's metadata JSON (Triton's compile
/// metadata keys its backend adds), as `(key, JSON value)` pairs: given the
/// kernel as compiled (`tt.func`, or an `llvm.func` given as input) and,
/// when the compiler lowered it, the lowered `llvm.func`.
pub type KernelMetadataHook = fn(kernel: Op, lowered: Option<Op>) -> Result<Vec<(String, String)>, String>;

/// A backend's rewrite of a `tt.dot` into its own MMA op of `version` (the
/// version `tritongpu-accelerate-matmul` chose for a version the core does
/// not build itself); returns whether it rewrote the dot.
pub type MmaRewriteHook = fn(dot: Op, version: u32, rewriter: &Rewriter) -> bool;

/// What the core's TTGIR passes ask about one device target of a backend
/// (Triton's core passes read these off the target's architecture number):
/// the matrix (MMA) units `tritongpu-accelerate-matmul` and
/// `tritongpu-prefetch` target, and the shared-memory instructions the
/// scratch of a `ttg.convert_layout` is laid out for. A backend answers for
/// the targets it serves ([`SpecBuilder::set_device_traits`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeviceTraits {
    /// How messages name the target's architecture (e.g. `<generation> 90`).
    pub arch: String,
    /// The MMA versions a `tt.dot` may get, in order of preference (the
    /// first whose operand rules the dot meets wins); empty: dots stay on
    /// the FMA path.
    pub mma_versions: &'static [u32],
    /// Whether the MMA takes f64 operands (else f64 dots stay on FMA).
    pub f64_mma: bool,
    /// Whether the f64 MMA instruction is twice as deep along K as the
    /// 8-element one (`tritongpu-prefetch` then slices `16 * kWidth`).
    pub wide_f64_mma: bool,
    /// Whether MMA v2 multiplies fp8 operands itself (else they are
    /// converted to f16 first).
    pub fp8_mma_v2: bool,
    /// The MMA version that multiplies scaled operands itself, where
    /// `tt.dot_scaled` would use it rather than be decomposed (Tritium
    /// refuses such dots until that version is built).
    pub scaled_mma: Option<u32>,
    /// The instructions a layout conversion's scratch may be written and
    /// read with, besides plain shared-memory loads and stores; `None`: the
    /// generic scratch layout (plain loads and stores only).
    pub scratch_tiles: Option<ScratchTiles>,
}

/// The warp-wide 8x8 matrix instructions a target has for shared memory
/// (see [`DeviceTraits::scratch_tiles`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScratchTiles {
    /// The matrix load (a conversion's reads of its scratch).
    pub matrix_load: bool,
    /// The matrix store (a conversion's writes to its scratch).
    pub matrix_store: bool,
}

/// A backend's [`DeviceTraits`] of `target` (one it serves; `None`: not a
/// target the backend knows these for).
pub type DeviceTraitsHook = fn(target: &str) -> Option<DeviceTraits>;

/// A backend's last step of `tritongpu-pipeline` on one loop, after the
/// expansion (Triton's launch of asynchronous MMAs and their waits): gets
/// the loop and the number of stages in effect for it.
pub type PipelinedLoopHook = fn(for_op: Op, num_stages: i64);

/// A backend's step of the pipeliner's lowering on one scheduled loop,
/// before its loads are lowered (Triton's lowering of MMAs that complete on
/// barriers, `lowerMMAs`): gets a loop whose schedule is on its ops
/// (`loop.stage` / `loop.cluster`) and returns the loop that replaces it,
/// its schedule written back, when it changed anything (`Ok(None)`: the
/// loop is left as it was); `Err`: a message for a located error.
pub type ScheduledLoopHook = fn(for_op: Op) -> Result<Option<Op>, String>;

/// A backend's asynchronous copies of tensor-descriptor loads into shared
/// memory, completing on barriers: what `tritongpu-pipeline` needs to
/// pipeline a descriptor load into a buffer per stage (Triton's pipelining
/// of TMA loads). The core makes the buffers, the barrier buffer
/// (`ttg.local_alloc` of `N x 1 x i64`), their views and the counters; the
/// backend builds the ops below, **detached** (the core inserts them), at
/// `loc`.
#[derive(Clone, Copy)]
pub struct DescriptorCopyHooks {
    /// The shared encoding of the buffer a pipelined copy of the descriptor
    /// load `load` writes, or `None` when the backend cannot copy it
    /// asynchronously into one buffer per stage (Triton's
    /// `canPipelineTMALoad`; the load then stays as it is).
    pub buffer_encoding: fn(load: Op) -> Option<Attr>,
    /// Initialises the barrier `barrier` (one `1 x i64` view) to expect
    /// `arrivals` arrivals.
    pub init_barrier: fn(loc: MlirLocation, barrier: Val, arrivals: i64) -> Option<Op>,
    /// Invalidates the barrier `barrier` (after its last use).
    pub inval_barrier: fn(loc: MlirLocation, barrier: Val) -> Option<Op>,
    /// Tells `barrier` to expect `bytes` more bytes when the `i1` `pred`
    /// holds.
    pub expect_bytes: fn(loc: MlirLocation, barrier: Val, bytes: i64, pred: Val) -> Option<Op>,
    /// Waits until phase `phase` (`i32`, 0 or 1) of `barrier` completes.
    pub wait_barrier: fn(loc: MlirLocation, barrier: Val, phase: Val) -> Option<Op>,
    /// The asynchronous copy of what `load` reads into `buffer` (a view of
    /// one stage's buffer), completing on `barrier`, when `pred` holds (at
    /// `load`'s location). Ops the copy needs first (operand conversions)
    /// may be inserted just before `load`; they join the copy's stage.
    pub copy: fn(load: Op, buffer: Val, barrier: Val, pred: Val) -> Option<Op>,
    /// Bytes (and alignment) of one descriptor in global scratch memory.
    pub descriptor_bytes: i64,
    /// The ops, built unowned and in order, that write the descriptor
    /// `make` (a `tt.make_tensor_descriptor`) creates into the global
    /// scratch slot `slot` (`!tt.ptr<i8>`, `descriptor_bytes` long) and read
    /// it back: the last op's result replaces `make`'s. `None` when `make`
    /// cannot be created that way.
    pub fill_descriptor: fn(make: Op, slot: Val) -> Option<Vec<Op>>,
}

/// What LLVM generates code for, as a backend resolves one of its targets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MachineTarget {
    /// The LLVM target triple.
    pub triple: String,
    /// The target CPU.
    pub cpu: String,
    /// The target features.
    pub features: String,
    /// The assembly language version (times ten) the backend's assembly
    /// must carry, if it has one (handed to its [`AssemblyHook`]).
    pub asm_version: Option<u32>,
}

/// A backend's resolution of a target it serves and an assembly version
/// (0: its default) to an LLVM target; an error names what is wrong.
pub type CodegenTargetHook = fn(target: &str, asm_version: u32) -> Result<MachineTarget, String>;

/// A backend's post-processing of the assembly LLVM generated, given the
/// resolved [`MachineTarget::asm_version`].
pub type AssemblyHook = fn(assembly: &str, asm_version: u32) -> String;

/// How the C API generates code for a backend's device targets, besides
/// the [`MachineTarget`] its [`CodegenTargetHook`] resolves
/// (`SpecBuilder::set_device_codegen`; without one: the LLVM module is
/// optimized with the target machine, no flags or library are added and the
/// target has no driver assembly).
#[derive(Clone, Copy)]
pub struct DeviceCodegen {
    /// The stage pipelines' option that carries [`MachineTarget::asm_version`]
    /// (the lowering chooses instructions by it, so it must be the output's).
    pub asm_version_option: &'static str,
    /// Whether the assembly LLVM generates is what the driver loads
    /// (the C API's driver-assembly emission kind; others are refused it).
    pub driver_assembly: bool,
    /// Whether LLVM's optimization pipeline runs with the target machine
    /// (`false` as Triton does for its GPU modules).
    pub optimize_with_target: bool,
    /// Integer module flags added before linking and optimizing.
    pub module_flags: &'static [(&'static str, u64)],
    /// Run on the optimized LLVM module (an `LLVMModuleRef`) just before
    /// code generation, given the CPU LLVM generates code for
    /// ([`MachineTarget`]'s); `None`: nothing runs.
    pub post_optimization: Option<PostOptimizationHook>,
    /// The bitcode library a kernel gets linked when the caller names none:
    /// given the LLVM-dialect module, `Ok(None)` when it needs none, an error
    /// when it calls a function nobody defines.
    pub default_library: Option<fn(module: Op) -> Result<Option<String>, String>>,
    /// Why LLVM emits no object code for the backend's targets: the C API
    /// refuses the object emission kind with this message (`None`: it
    /// emits object code).
    pub no_object_code: Option<&'static str>,
    /// Registers LLVM's code generator for the backend's triples (its
    /// `LLVMInitialize<Target>*` functions; called before every target
    /// machine is created, so it must be cheap to repeat).
    pub initialize_llvm_target: Option<fn()>,
}

/// See [`DeviceCodegen::post_optimization`].
///
/// # Safety
/// `module` must be a live `LLVMModuleRef` the caller owns.
pub type PostOptimizationHook = unsafe fn(module: *mut std::ffi::c_void, cpu: &str) -> Result<(), String>;

/// How a backend's target names are written after its prefix (the
/// manifest's `target`), checked by every pass and pipeline that takes a
/// `target` option (`SpecBuilder::set_target_form`). A backend without one
/// accepts its prefix alone and `<prefix>:<anything>`.
#[derive(Clone, Copy)]
pub struct TargetForm {
    /// The form for messages, e.g. `<prefix>:<arch>, e.g. <prefix>:1`.
    pub form: &'static str,
    /// One valid target name, for messages.
    pub example: &'static str,
    /// Whether `arch`, the text after `<prefix>:`, names one of its targets.
    pub accepts: fn(arch: &str) -> bool,
}

/// What a backend op is to the core passes (Triton's op interfaces and
/// traits the core asks about), so that the core needs no backend op names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpRole {
    /// Implements Triton's `DotOpInterface` (an MMA of the backend).
    Dot,
    /// Its result `i` has the encoding of its operand `i` (a wait on
    /// asynchronous results, ...).
    ForwardsEncoding,
    /// Its result layout is anchored (Triton's `isLayoutAnchor`).
    LayoutAnchor,
    /// An MMA whose shared-memory operands are still read after it returns
    /// (it is waited for later): a load pipelined into one of its operand
    /// buffers needs one buffer more.
    AsyncOperandDot,
    /// A wait on a barrier whose memdesc operands (its dependencies) stay
    /// in use until the wait completes: a load pipelined into such a buffer
    /// keeps it until the furthest such wait.
    BufferWait,
    /// Triton's `PredicatedOpInterface`: its last operand is an `i1` that
    /// turns the op off when false; the pipeliner ands its stage predicate
    /// into it.
    Predicated,
    /// Triton's `MBarrierOpInterface`: it waits on, signals or sets up the
    /// mbarriers among its operands (its 64-bit shared-memory descriptors).
    MBarrier,
}

/// The options of a core stage pipeline (`tritium-make-ttir`,
/// `tritium-make-ttgir`, `tritium-make-llir`) as the user gave them.
#[derive(Clone, Debug)]
pub struct StageOptions<'a> {
    /// The `target` option, checked by the core (`<prefix>:<arch>`).
    pub target: &'a str,
    pub num_warps: i32,
    /// `None` when not given: the backend picks its default.
    pub threads_per_warp: Option<i32>,
    pub num_ctas: i32,
    pub num_stages: i32,
    /// The version of the backend's assembly language asked for (the
    /// option its [`DeviceCodegen::asm_version_option`] names; 0: the
    /// backend's default).
    pub asm_version: i32,
}

/// Why a backend does not build a stage pipeline for a target.
#[derive(Clone, Debug, PartialEq)]
pub enum StageRefusal {
    /// The options are wrong: the pipeline is not built (message as is).
    Invalid(String),
    /// The stage is not implemented for this target: the pipeline refuses
    /// the module with this diagnostic when it runs.
    NotImplemented(String),
}

/// A backend's builder of a core stage pipeline for the targets it serves:
/// the textual pass list (no anchor), e.g. `"tritongpu-coalesce,cse"`.
pub type StagePipelineHook = fn(options: &StageOptions) -> Result<String, StageRefusal>;

impl SpecBuilder {
    /// Implements the rewrite-pattern slot `slot` (its manifest entry must
    /// say `replace`). The replacement keeps the slot's place in its set.
    pub fn replace_rewrite_pattern(&mut self, slot: &'static str, pattern: &'static dyn RewritePattern) {
        self.rewrite_replacements.insert(slot, pattern);
    }
    /// Implements the conversion-pattern slot `slot` (manifest: `replace`).
    pub fn replace_conversion_pattern(&mut self, slot: &'static str, pattern: &'static dyn ConversionPattern) {
        self.conversion_replacements.insert(slot, pattern);
    }
    /// Adds a new pattern to the rewrite pattern set `set` (a pass argument,
    /// e.g. `triton-combine`); the manifest must list it under `[[add]]`.
    pub fn add_rewrite_pattern(&mut self, set: &'static str, pattern: &'static dyn RewritePattern) {
        self.rewrite_additions.push((set, pattern));
    }
    /// Adds a new pattern to conversion `conversion` (e.g.
    /// `convert-triton-to-tritongpu`); the manifest must list it.
    pub fn add_conversion_pattern(&mut self, conversion: &'static str, pattern: &'static dyn ConversionPattern) {
        self.conversion_additions.push((conversion, pattern));
    }
    /// Implements the hook `tt-to-ttg.default-encoding` (manifest: `replace`).
    pub fn replace_default_encoding(&mut self, hook: DefaultEncodingHook) {
        self.default_encoding = Some(hook);
    }
    /// Adds a pass (its C++ declaration gives the flag and options; the
    /// core runs this Rust body under that flag).
    pub fn add_pass(&mut self, pass: &'static dyn Pass) {
        self.passes.push(pass);
    }
    /// Builds the core stage pipeline `stage` (`tritium-make-ttgir`, ...) for
    /// the targets this backend serves.
    pub fn add_stage_pipeline(&mut self, stage: &'static str, hook: StagePipelineHook) {
        self.stage_pipelines.push((stage, hook));
    }
    /// Resolves the backend's targets for code generation.
    pub fn set_codegen_target(&mut self, hook: CodegenTargetHook) {
        self.codegen_target = Some(hook);
    }
    /// Post-processes the assembly generated for the backend's targets.
    pub fn set_assembly_postprocess(&mut self, hook: AssemblyHook) {
        self.assembly_postprocess = Some(hook);
    }
    /// How the C API optimizes, links and emits the backend's targets.
    pub fn set_device_codegen(&mut self, codegen: DeviceCodegen) {
        self.device_codegen = Some(codegen);
    }
    /// Declares how the backend's target names are written (see
    /// [`TargetForm`]).
    pub fn set_target_form(&mut self, form: TargetForm) {
        self.target_form = Some(form);
    }
    /// Names the attribute that marks the kernel `llvm.func` of the
    /// backend's LLVM-dialect modules (given to the C API as they are).
    pub fn set_kernel_attribute(&mut self, attribute: &'static str) {
        self.kernel_attribute = Some(attribute);
    }
    /// Declares a dialect of the backend that translates to LLVM IR as it
    /// is (a module of only such ops and `llvm` ops needs no lowering).
    pub fn add_llvm_dialect(&mut self, dialect: &'static str) {
        self.llvm_dialects.push(dialect);
    }
    /// Builds the MMA `versions` the core leaves to the backend (see
    /// [`MmaRewriteHook`]).
    pub fn set_mma_rewrite(&mut self, versions: &'static [u32], hook: MmaRewriteHook) {
        self.mma_rewrite = Some((versions, hook));
    }
    /// Answers what the core passes ask about the backend's device targets
    /// (see [`DeviceTraits`]); `form` is how those targets are written, for
    /// the message of a module that names none of them (e.g.
    /// `<prefix>:<arch>`).
    pub fn set_device_traits(&mut self, form: &'static str, hook: DeviceTraitsHook) {
        self.device_traits = Some((form, hook));
    }
    /// Finishes each loop `tritongpu-pipeline` pipelined (see
    /// [`PipelinedLoopHook`]).
    pub fn set_pipelined_loop(&mut self, hook: PipelinedLoopHook) {
        self.pipelined_loop = Some(hook);
    }
    /// Copies tensor-descriptor loads asynchronously for `tritongpu-pipeline`
    /// (see [`DescriptorCopyHooks`]).
    pub fn set_descriptor_copies(&mut self, hooks: DescriptorCopyHooks) {
        self.descriptor_copies = Some(hooks);
    }
    /// Adds the backend's fields to the kernel metadata of its targets (see
    /// [`KernelMetadataHook`]).
    pub fn set_kernel_metadata(&mut self, hook: KernelMetadataHook) {
        self.kernel_metadata = Some(hook);
    }
    /// Lowers the backend's asynchronous ops of each scheduled loop before
    /// `tritongpu-pipeline` lowers its loads (see [`ScheduledLoopHook`]).
    pub fn set_scheduled_loop(&mut self, hook: ScheduledLoopHook) {
        self.scheduled_loop = Some(hook);
    }
    /// Declares what the backend op `op` (full name) is to the core passes.
    /// Lowers the modules of the backend's targets itself (see
    /// [`DirectLowering`]).
    pub fn set_direct_lowering(&mut self, lowering: DirectLowering) {
        self.direct_lowering = Some(lowering);
    }

    /// The backend's targets compile for the host (see [`HostCodegen`]).
    pub fn set_host_codegen(&mut self, codegen: HostCodegen) {
        self.host_codegen = Some(codegen);
    }

    /// The trailing arguments (name, type) the backend's lowering appends to
    /// a kernel given as a `tt.func`, as the kernel metadata lists them
    /// (default: Triton's global and profile scratch pointers).
    pub fn set_kernel_abi_arguments(&mut self, arguments: &'static [(&'static str, &'static str)]) {
        self.kernel_abi_arguments = Some(arguments);
    }

    /// Verifies the ops of the backend's dialect `dialect` (the namespace,
    /// e.g. `<ns>` for `<ns>.op`): their C++ `verify()` reaches `hook`.
    pub fn add_op_verifier(&mut self, dialect: &'static str, hook: OpVerifierHook) {
        self.op_verifiers.push((dialect, hook));
    }

    /// Declares a lowering pattern of the backend's own lowering as a slot
    /// (`name`, owned by `owner`, covering `roots`), for the slot listing.
    pub fn add_lowering_slot(&mut self, owner: &'static str, name: &'static str, roots: String) {
        self.lowering_slots.push((owner, name, roots));
    }

    /// Runs `setup` once when the library installs the backend (a built-in
    /// backend's before any manifest is checked, a vendor's after its
    /// manifest passed the drift guard): what must be in place process-wide,
    /// e.g. the backend's ttg→LLVM
    /// `TargetInfo` (`tritium_conversions::ttg_to_llvm::register_target`)
    /// and its target canonicalization patterns
    /// (`tritium_dialects::target_patterns::register`).
    pub fn set_setup(&mut self, setup: fn()) {
        self.setup = Some(setup);
    }

    /// The backend's setup, if it has one (see [`SpecBuilder::set_setup`]).
    pub fn setup(&self) -> Option<fn()> {
        self.setup
    }

    /// The lowering slots the backend declares: (owner, name, roots).
    pub fn lowering_slots(&self) -> &[(&'static str, &'static str, String)] {
        &self.lowering_slots
    }

    pub fn declare_op_role(&mut self, op: &'static str, role: OpRole) {
        self.op_roles.push((op, role));
    }
    /// The passes this builder adds.
    pub fn added_passes(&self) -> &[&'static dyn Pass] {
        &self.passes
    }
    /// The stages (`tritium-make-ttgir`, ...) the backend builds pipelines for.
    pub fn stage_names(&self) -> Vec<&'static str> {
        self.stage_pipelines.iter().map(|(name, _)| *name).collect()
    }
    /// The slots this builder implements (replacements and hooks).
    pub fn implemented_slots(&self) -> Vec<&'static str> {
        let mut slots: Vec<&'static str> =
            self.rewrite_replacements.keys().chain(self.conversion_replacements.keys()).copied().collect();
        if self.default_encoding.is_some() {
            slots.push(DEFAULT_ENCODING_HOOK);
        }
        slots.sort();
        slots
    }
    /// The names of the added patterns, with their set.
    pub fn added_patterns(&self) -> Vec<(&'static str, &'static str)> {
        let rewrite = self.rewrite_additions.iter().map(|(s, p)| (*s, p.name()));
        let conversion = self.conversion_additions.iter().map(|(s, p)| (*s, p.name()));
        rewrite.chain(conversion).collect()
    }
}

/// Legality changes of one conversion, from the manifest (op names live as
/// long as the installed spec: for the whole process).
#[derive(Clone, Debug, Default)]
pub struct LegalityChanges {
    pub legal_ops: Vec<&'static str>,
    pub dynamic_ops: Vec<&'static str>,
    pub illegal_ops: Vec<&'static str>,
}

/// An installed backend spec.
pub struct Spec {
    /// The backend's name (`fixture`, `musa`, ...).
    pub name: String,
    /// The `ttg.target` prefix the backend serves (`musa` for `musa:…`).
    pub target: String,
    /// The registrations of its Rust code.
    pub builder: SpecBuilder,
    /// Slots the manifest disables.
    pub disabled: Vec<String>,
    /// Legality changes per conversion name.
    pub legality: HashMap<String, LegalityChanges>,
    /// The backend's own stage pipelines: (name, textual pipeline).
    pub pipelines: Vec<(String, String)>,
}

// SAFETY: every `&'static dyn` pattern is `Sync`, hooks are plain fns, and
// the spec is never mutated after installation.
unsafe impl Send for Spec {}
unsafe impl Sync for Spec {}

static SPEC: OnceLock<Spec> = OnceLock::new();

/// Installs the spec (the first call wins; returns whether this one did).
pub fn install(spec: Spec) -> bool {
    let roles = spec.builder.op_roles.clone();
    let installed = SPEC.set(spec).is_ok();
    if installed {
        if let Ok(mut all) = OP_ROLES.write() {
            all.extend(roles);
        }
    }
    installed
}

/// The installed spec, if any.
pub fn installed() -> Option<&'static Spec> {
    SPEC.get()
}

/// The spec, if installed and serving `target` (`None` target: any).
pub fn active_for(target: Option<&str>) -> Option<&'static Spec> {
    let spec = installed()?;
    match target {
        Some(t) if !t.is_empty() && !serves(&spec.target, t) => None,
        _ => Some(spec),
    }
}

/// The backends built into this library (`spec/nvidia`, ...), registered
/// through the same `register(&mut SpecBuilder)` as a vendor spec. Unlike
/// the one installed [`Spec`], several coexist; each serves its target
/// prefix. They contribute passes and stage pipelines.
static BUILTINS: Mutex<Vec<&'static Spec>> = Mutex::new(Vec::new());

/// A backend built into the library, as its crate describes itself: the text
/// of its `spec.toml`, where that file is (for messages), and its
/// registrations.
#[derive(Clone, Copy)]
pub struct BuiltinBackend {
    pub manifest: &'static str,
    pub manifest_path: &'static str,
    pub register: fn(&mut SpecBuilder),
}

/// Registers a built-in backend, read from its `spec.toml` like a vendor's
/// (see `tritium_capi::spec::install_builtin_backend`); a second call for the
/// same name is ignored.
pub fn install_builtin(spec: Spec) {
    let Ok(mut builtins) = BUILTINS.lock() else { return };
    if builtins.iter().any(|s| s.name == spec.name) {
        return;
    }
    if let Ok(mut roles) = OP_ROLES.write() {
        roles.extend(spec.builder.op_roles.iter().copied());
    }
    builtins.push(Box::leak(Box::new(spec)));
}

/// The op roles every backend of this library declares.
static OP_ROLES: std::sync::RwLock<Vec<(&'static str, OpRole)>> = std::sync::RwLock::new(Vec::new());

/// Whether a backend declares `role` for the op named `op`.
pub fn op_has_role(op: &str, role: OpRole) -> bool {
    OP_ROLES.read().is_ok_and(|roles| roles.iter().any(|(o, r)| *o == op && *r == role))
}

/// Every backend of this library: the built-in ones, then the installed spec.
pub fn backends() -> Vec<&'static Spec> {
    let mut all: Vec<&'static Spec> = BUILTINS.lock().map(|b| b.clone()).unwrap_or_default();
    all.extend(installed());
    all
}

/// The pass with flag `argument` that a backend adds.
pub fn backend_pass(argument: &str) -> Option<&'static dyn Pass> {
    backends().into_iter().flat_map(|s| s.builder.passes.iter().copied()).find(|p| p.argument() == argument)
}

/// The stage pipeline `stage` for `options.target` from the backend serving
/// it (`None`: no backend builds this stage for the target).
pub fn stage_pipeline(stage: &str, options: &StageOptions) -> Option<Result<String, StageRefusal>> {
    let spec = backends().into_iter().find(|s| {
        serves(&s.target, options.target) && s.builder.stage_pipelines.iter().any(|(n, _)| *n == stage)
    })?;
    let (_, hook) = spec.builder.stage_pipelines.iter().find(|(n, _)| *n == stage)?;
    Some(hook(options))
}

/// The code-generation target of `target` from the backend serving it
/// (`None`: no backend of this library generates code for it).
pub fn codegen_target(target: &str, asm_version: u32) -> Option<Result<MachineTarget, String>> {
    backends()
        .into_iter()
        .filter(|s| serves(&s.target, target))
        .find_map(|s| s.builder.codegen_target)
        .map(|hook| hook(target, asm_version))
}

/// The builder of MMA `version` of the backend serving `target`, if it
/// has one.
pub fn mma_rewrite(target: &str, version: u32) -> Option<MmaRewriteHook> {
    backends()
        .into_iter()
        .filter(|s| serves(&s.target, target))
        .filter_map(|s| s.builder.mma_rewrite)
        .find(|(versions, _)| versions.contains(&version))
        .map(|(_, hook)| hook)
}

/// The [`DeviceTraits`] of `target` from the backend serving it (`None`:
/// no backend of this library answers for it).
pub fn device_traits(target: &str) -> Option<DeviceTraits> {
    backends()
        .into_iter()
        .filter(|s| serves(&s.target, target))
        .filter_map(|s| s.builder.device_traits)
        .find_map(|(_, hook)| hook(target))
}

/// The [`DeviceTraits`] of the module's `ttg.target` (see [`device_traits`]).
pub fn module_device_traits(module: Op) -> Option<DeviceTraits> {
    let attr = module.attr("ttg.target")?;
    let target = unsafe {
        if !mlir_sys::mlirAttributeIsAString(attr.0) {
            return None;
        }
        crate::ir::str_of(mlir_sys::mlirStringAttrGetValue(attr.0)).to_string()
    };
    device_traits(&target)
}

/// How the targets the backends answer [`DeviceTraits`] for are written
/// (their `form`s, joined by ` or `), for messages.
pub fn device_traits_forms() -> String {
    let mut forms: Vec<&'static str> = Vec::new();
    for (form, _) in backends().into_iter().filter_map(|s| s.builder.device_traits) {
        if !forms.contains(&form) {
            forms.push(form);
        }
    }
    forms.join(" or ")
}

/// The pipelined-loop step of the backend serving `target`, if it has one.
pub fn pipelined_loop(target: &str) -> Option<PipelinedLoopHook> {
    backends().into_iter().filter(|s| serves(&s.target, target)).find_map(|s| s.builder.pipelined_loop)
}

/// The asynchronous descriptor copies of the backend serving `target`, if
/// it has them (`None` target, a module without `ttg.target`: those of any
/// backend that has them, as Triton's own tests expect).
pub fn descriptor_copies(target: Option<&str>) -> Option<DescriptorCopyHooks> {
    backends()
        .into_iter()
        .filter(|s| target.is_none_or(|t| serves(&s.target, t)))
        .find_map(|s| s.builder.descriptor_copies)
}

/// The scheduled-loop lowering step of the backend serving `target`, if it
/// has one (`None` target: that of any backend that has one, as for
/// [`descriptor_copies`]).
pub fn scheduled_loop(target: Option<&str>) -> Option<ScheduledLoopHook> {
    backends()
        .into_iter()
        .filter(|s| target.is_none_or(|t| serves(&s.target, t)))
        .find_map(|s| s.builder.scheduled_loop)
}

/// The metadata fields the backend serving `target` adds for `kernel`
/// (none when it adds none; see [`KernelMetadataHook`]).
pub fn kernel_metadata(target: &str, kernel: Op, lowered: Option<Op>) -> Result<Vec<(String, String)>, String> {
    backends()
        .into_iter()
        .filter(|s| serves(&s.target, target))
        .find_map(|s| s.builder.kernel_metadata)
        .map_or(Ok(Vec::new()), |hook| hook(kernel, lowered))
}

/// The direct lowering of the backend serving `target`, if it has one.
pub fn direct_lowering(target: &str) -> Option<DirectLowering> {
    backends().into_iter().filter(|s| serves(&s.target, target)).find_map(|s| s.builder.direct_lowering)
}

/// The host code generation of the backend whose target is `target` (the
/// name itself: a host target has no `:<arch>`), if it has one.
pub fn host_codegen(target: &str) -> Option<HostCodegen> {
    backends().into_iter().filter(|s| s.target == target).find_map(|s| s.builder.host_codegen)
}

/// The backend whose code runs on the host (a [`HostCodegen`] and a
/// [`DirectLowering`]): its target prefix and both.
pub fn host_backend() -> Option<(String, HostCodegen, DirectLowering)> {
    backends()
        .into_iter()
        .find_map(|s| Some((s.target.clone(), s.builder.host_codegen?, s.builder.direct_lowering?)))
}

/// The kernel ABI arguments of the backend serving `target`, if it declares
/// them.
pub fn kernel_abi_arguments(target: &str) -> Option<&'static [(&'static str, &'static str)]> {
    backends().into_iter().filter(|s| serves(&s.target, target)).find_map(|s| s.builder.kernel_abi_arguments)
}

/// The verifier a backend registers for the dialect of `hook` (the text
/// before its first `.`).
pub fn op_verifier(hook: &str) -> Option<OpVerifierHook> {
    let dialect = hook.split_once('.')?.0;
    backends()
        .into_iter()
        .find_map(|s| s.builder.op_verifiers.iter().find(|(d, _)| *d == dialect).map(|(_, hook)| *hook))
}

/// The targets of the backends that compile for the host.
pub fn host_targets() -> Vec<String> {
    backends().into_iter().filter(|s| s.builder.host_codegen.is_some()).map(|s| s.target.clone()).collect()
}

/// The device code generation of the backend serving `target`, if it
/// registered one.
pub fn device_codegen(target: &str) -> Option<DeviceCodegen> {
    backends().into_iter().filter(|s| serves(&s.target, target)).find_map(|s| s.builder.device_codegen)
}

/// The LLVM code-generator initializers of every backend
/// ([`DeviceCodegen::initialize_llvm_target`]).
pub fn llvm_target_initializers() -> Vec<fn()> {
    backends().into_iter().filter_map(|s| s.builder.device_codegen?.initialize_llvm_target).collect()
}

/// The target prefixes whose backends declare a [`TargetForm`], with it, in
/// prefix order.
pub fn target_forms() -> Vec<(String, TargetForm)> {
    let mut forms: Vec<(String, TargetForm)> =
        backends().into_iter().filter_map(|s| s.builder.target_form.map(|f| (s.target.clone(), f))).collect();
    forms.sort_by(|a, b| a.0.cmp(&b.0));
    forms.dedup_by(|a, b| a.0 == b.0);
    forms
}

/// The attributes the backends name as kernel markers
/// ([`SpecBuilder::set_kernel_attribute`]), in backend order.
pub fn kernel_attributes() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for attribute in backends().into_iter().filter_map(|s| s.builder.kernel_attribute) {
        if !out.contains(&attribute) {
            out.push(attribute);
        }
    }
    out
}

/// The backends' dialects that translate to LLVM IR as they are
/// ([`SpecBuilder::add_llvm_dialect`]).
pub fn llvm_dialects() -> Vec<&'static str> {
    backends().into_iter().flat_map(|s| s.builder.llvm_dialects.iter().copied()).collect()
}

/// The target prefixes of the backends that generate code.
pub fn codegen_prefixes() -> Vec<String> {
    backends().into_iter().filter(|s| s.builder.codegen_target.is_some()).map(|s| s.target.clone()).collect()
}

/// `assembly` after the post-processing of the backend serving `target`
/// (unchanged when it has none).
pub fn postprocess_assembly(target: &str, assembly: &str, asm_version: u32) -> String {
    backends()
        .into_iter()
        .filter(|s| serves(&s.target, target))
        .find_map(|s| s.builder.assembly_postprocess)
        .map_or_else(|| assembly.to_string(), |hook| hook(assembly, asm_version))
}

/// Whether a backend with target prefix `prefix` serves `target`
/// (`musa` serves `musa` and `musa:…`).
pub fn serves(prefix: &str, target: &str) -> bool {
    target == prefix || target.strip_prefix(prefix).is_some_and(|rest| rest.starts_with(':'))
}

/// Composed rewrite pattern sets, leaked once per set so that they can be
/// handed to the greedy driver as `'static` slices.
static REWRITE_SETS: OnceLock<Mutex<HashMap<&'static str, &'static [&'static dyn RewritePattern]>>> = OnceLock::new();

/// The pattern set `set` (a pass argument) with the installed spec applied.
pub fn rewrite_patterns(
    set: &'static str,
    defaults: &'static [&'static dyn RewritePattern],
) -> &'static [&'static dyn RewritePattern] {
    let Some(spec) = installed() else { return defaults };
    let cache = REWRITE_SETS.get_or_init(Default::default);
    let mut cache = cache.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    cache.entry(set).or_insert_with(|| {
        let mut composed: Vec<&'static dyn RewritePattern> =
            spec.builder.rewrite_additions.iter().filter(|(s, _)| *s == set).map(|(_, p)| *p).collect();
        for pattern in defaults {
            if spec.disabled.iter().any(|d| d == pattern.name()) {
                continue;
            }
            composed.push(spec.builder.rewrite_replacements.get(pattern.name()).copied().unwrap_or(*pattern));
        }
        Box::leak(composed.into_boxed_slice())
    })
}

/// Conversion `conversion`'s patterns with the spec serving `target` applied.
pub fn conversion_patterns(
    conversion: &str,
    target: Option<&str>,
    defaults: Vec<&'static dyn ConversionPattern>,
) -> Vec<&'static dyn ConversionPattern> {
    let Some(spec) = active_for(target) else { return defaults };
    let mut composed: Vec<&'static dyn ConversionPattern> = spec
        .builder
        .conversion_additions
        .iter()
        .filter(|(c, _)| *c == conversion)
        .map(|(_, p)| *p)
        .collect();
    for pattern in defaults {
        if spec.disabled.iter().any(|d| d == pattern.name()) {
            continue;
        }
        composed.push(spec.builder.conversion_replacements.get(pattern.name()).copied().unwrap_or(pattern));
    }
    composed
}

/// Conversion `conversion`'s legality with the changes of the spec serving
/// `target`: disabled rules are dropped, and an op the manifest lists moves to
/// that list (out of the others).
pub fn legality(conversion: &str, target: Option<&str>, mut legality: Legality) -> Legality {
    let Some(spec) = active_for(target) else { return legality };
    for slot in &spec.disabled {
        legality.remove_slot(conversion, slot);
    }
    let Some(changes) = spec.legality.get(conversion) else { return legality };
    let why = "changed by the backend spec";
    let mut apply = |ops: &Vec<&'static str>, pick: fn(&mut Legality) -> &mut Vec<OpRule>| {
        for &op in ops {
            for list in [&mut legality.legal_ops, &mut legality.dynamic_ops, &mut legality.illegal_ops] {
                list.retain(|r| r.op != op);
            }
            pick(&mut legality).push(OpRule { op, why });
        }
    };
    apply(&changes.legal_ops, |l| &mut l.legal_ops);
    apply(&changes.dynamic_ops, |l| &mut l.dynamic_ops);
    apply(&changes.illegal_ops, |l| &mut l.illegal_ops);
    legality
}

/// The spec's default-encoding hook for `target`, if it replaces it.
pub fn default_encoding(target: Option<&str>) -> Option<DefaultEncodingHook> {
    active_for(target)?.builder.default_encoding
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_prefixes() {
        assert!(serves("musa", "musa"));
        assert!(serves("musa", "musa:80"));
        assert!(!serves("musa", "musa2:80"));
        assert!(!serves("musa", "cuda:80"));
    }

    fn fake_verify(hook: &str, _op: Op) -> Result<(), String> {
        Err(format!("fake verifier saw {hook}"))
    }

    #[test]
    fn op_verifiers_are_found_by_dialect() {
        let mut builder = SpecBuilder::default();
        builder.add_op_verifier("specfake", fake_verify);
        install_builtin(Spec {
            name: "spec-test-fake".into(),
            target: "spec-test-fake".into(),
            builder,
            disabled: Vec::new(),
            legality: HashMap::new(),
            pipelines: Vec::new(),
        });
        let hook = op_verifier("specfake.op").expect("registered for its dialect");
        assert_eq!(hook("specfake.op", Op(mlir_sys::MlirOperation { ptr: std::ptr::null_mut() })).unwrap_err(), "fake verifier saw specfake.op");
        assert!(op_verifier("specfake2.op").is_none());
        assert!(op_verifier("specfake").is_none());
    }
}
