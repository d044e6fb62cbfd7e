//! Code generation in process: an LLVM-dialect module → LLVM IR (MLIR's
//! `mlirTranslateModuleToLLVMIR`) → the new pass manager's `default<On>`
//! pipeline → assembly or object code from an LLVM target machine.
//!
//! Everything goes through Debian's one shared `libLLVM.so` (inkwell with a
//! force-dynamic `llvm-sys`), the same LLVM that `libMLIR.so` uses, so the
//! `llvm::Module` that MLIR's translation builds is handed to the code
//! generator as is. Nothing here knows about Triton or a backend: the
//! target is a [`CodegenTarget`] (triple, CPU, features); what a device
//! backend adds (its LLVM target's initialization, the assembly's
//! post-processing, ...) is its `DeviceCodegen` (`compile.rs` asks for it).
use inkwell::context::Context;
use inkwell::llvm_sys;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::{FlagBehavior, Linkage, Module};
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, FileType, RelocMode, Target, TargetMachine, TargetTriple};
use inkwell::OptimizationLevel;
use mlir_sys::{mlirOperationGetContext, mlirRegisterAllLLVMTranslations, mlirTranslateModuleToLLVMIR, MlirOperation};
use std::path::Path;
use std::sync::Once;

/// What LLVM generates code for: a target triple, a CPU (`x86-64`) and a
/// feature string (`+avx2,-sse4a`), exactly as `LLVMCreateTargetMachine`
/// takes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodegenTarget {
    /// The LLVM target triple, e.g. `x86_64-unknown-linux-gnu`.
    pub triple: String,
    /// The target CPU, e.g. `x86-64`.
    pub cpu: String,
    /// The subtarget features, comma separated, e.g. `+avx2`.
    pub features: String,
}

/// What [`generate`] produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// Textual LLVM IR, after the optimization pipeline.
    LlvmIr,
    /// Textual assembly.
    Assembly,
    /// An object file (ELF on x86); refused for a backend whose
    /// `DeviceCodegen` says LLVM emits none.
    Object,
}

/// How [`generate`] compiles: optimization level, floating-point
/// contraction, module flags, and the bitcode libraries linked into the
/// module before optimizing.
#[derive(Clone, Debug, Default)]
pub struct CodegenOptions {
    /// 0 to 3: the `default<On>` pipeline and the code generator's level.
    pub opt_level: u32,
    /// Whether the code generator may fuse floating-point operations (a
    /// multiply and an add into an FMA). Triton's `enable_fp_fusion`, which
    /// sets `AllowFPOpFusion = Fast` on its target machine; the LLVM C API
    /// cannot, so every floating-point instruction gets the `contract`
    /// fast-math flag after optimization instead (what clang's
    /// `-ffp-contract=fast` does), which the instruction selector honours.
    pub fp_fusion: bool,
    /// Whether the optimization pipeline sees the target machine (its cost
    /// model and its own passes). Triton optimizes GPU modules without one
    /// (`optimize_module` with no arch) and CPU modules with one; the target
    /// machine still generates the code either way.
    pub optimize_with_target: bool,
    /// Integer module flags added with `Override` behaviour before linking and
    /// optimizing (a backend's `DeviceCodegen::module_flags`).
    pub module_flags: Vec<(String, u64)>,
    /// Bitcode files (e.g. a device library) whose definitions are linked in, with
    /// internal linkage, before optimization (Triton's `link_extern_libs`).
    pub extern_libs: Vec<String>,
    /// Run on the optimized module before code generation (a backend's
    /// `DeviceCodegen::post_optimization`).
    pub post_optimization: Option<tritium_dialects::spec::PostOptimizationHook>,
}

/// Initializes the LLVM targets Tritium generates code for: the host's, X86
/// (once per process), and each device backend's
/// (`DeviceCodegen::initialize_llvm_target`).
fn initialize_targets() {
    for initialize in tritium_dialects::spec::llvm_target_initializers() {
        initialize();
    }
    static ONCE: Once = Once::new();
    ONCE.call_once(|| unsafe {
        use llvm_sys::target::*;
        LLVMInitializeX86TargetInfo();
        LLVMInitializeX86Target();
        LLVMInitializeX86TargetMC();
        LLVMInitializeX86AsmPrinter();
        LLVMInitializeX86AsmParser();
    });
}

/// The LLVM optimization level for `0..=3` (larger values clamp to 3).
fn llvm_level(opt_level: u32) -> OptimizationLevel {
    match opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    }
}

/// Creates the target machine for `target` (position-independent code, as
/// Triton does for both its GPU and CPU targets).
pub fn target_machine(target: &CodegenTarget, opt_level: u32) -> Result<TargetMachine, String> {
    initialize_targets();
    let triple = TargetTriple::create(&target.triple);
    let llvm_target = Target::from_triple(&triple)
        .map_err(|e| format!("LLVM has no code generator for triple '{}': {}", target.triple, e.to_string_lossy()))?;
    llvm_target
        .create_target_machine(
            &triple,
            &target.cpu,
            &target.features,
            llvm_level(opt_level),
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| format!("LLVM cannot create a target machine for '{}' (cpu '{}')", target.triple, target.cpu))
}

/// Links the definitions of the bitcode file at `path` into `module`, then
/// gives every function it defined internal linkage: backends read external
/// linkage as "kernel", and the optimizer drops what nothing calls.
fn link_extern_lib<'c>(context: &'c Context, module: &Module<'c>, path: &str, machine: &TargetMachine) -> Result<(), String> {
    let buffer = MemoryBuffer::create_from_file(Path::new(path))
        .map_err(|e| format!("cannot read library '{path}': {}", e.to_string_lossy()))?;
    let library = context
        .create_module_from_ir(buffer)
        .map_err(|e| format!("cannot parse library '{path}': {}", e.to_string_lossy()))?;
    library.set_triple(&machine.get_triple());
    library.set_data_layout(&machine.get_target_data().get_data_layout());
    let defined: Vec<String> = library
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .collect();
    module
        .link_in_module(library)
        .map_err(|e| format!("cannot link library '{path}': {}", e.to_string_lossy()))?;
    for name in defined {
        if let Some(function) = module.get_function(&name) {
            function.set_linkage(Linkage::Internal);
        }
    }
    Ok(())
}

/// Adds the `contract` fast-math flag to every instruction of `module` that
/// takes fast-math flags (see [`CodegenOptions::fp_fusion`]).
fn allow_contraction(module: &Module<'_>) {
    use llvm_sys::core::*;
    for function in module.get_functions() {
        for block in function.get_basic_blocks() {
            let mut instruction = block.get_first_instruction();
            while let Some(inst) = instruction {
                let raw = inkwell::values::AsValueRef::as_value_ref(&inst);
                unsafe {
                    if LLVMCanValueUseFastMathFlags(raw) != 0 {
                        LLVMSetFastMathFlags(raw, LLVMGetFastMathFlags(raw) | llvm_sys::LLVMFastMathAllowContract);
                    }
                }
                instruction = inst.get_next_instruction();
            }
        }
    }
}

/// Splits each vector comparison whose every user takes one constant lane
/// of it (`extractelement (icmp <N x T> %a, %b), k`) into one scalar
/// comparison per such user, of the lanes `k` of `%a` and `%b`.
///
/// Without a target machine (how GPU modules are optimized, as Triton does),
/// LLVM 22's SLP vectorizer has no cost model to refuse bundling independent
/// comparisons, e.g. a tile's row masks `row < M` into one
/// `icmp <32 x i64>` whose lanes are then extracted one by one. The GPU
/// code generator keeps such an i1 vector in bit-packed registers, and
/// since the vector compare cannot be sunk to the blocks that use its lanes,
/// every mask becomes a predicate live across the main loop (x_desc_matmul:
/// 16 more per thread). Scalar comparisons are what Triton's LLVM emits,
/// and code generation sinks them next to their uses. Returns how many
/// comparisons were split.
///
/// # Safety
/// `module` must be a live module.
unsafe fn scalarize_lane_compares(module: llvm_sys::prelude::LLVMModuleRef) -> usize {
    use llvm_sys::core::*;
    use llvm_sys::LLVMOpcode;
    let mut candidates = Vec::new();
    let mut function = LLVMGetFirstFunction(module);
    while !function.is_null() {
        let mut block = LLVMGetFirstBasicBlock(function);
        while !block.is_null() {
            let mut inst = LLVMGetFirstInstruction(block);
            while !inst.is_null() {
                let opcode = LLVMGetInstructionOpcode(inst);
                let is_cmp = matches!(opcode, LLVMOpcode::LLVMICmp | LLVMOpcode::LLVMFCmp);
                if is_cmp && LLVMGetTypeKind(LLVMTypeOf(inst)) == llvm_sys::LLVMTypeKind::LLVMVectorTypeKind {
                    let mut users = Vec::new();
                    let mut all_lanes = true;
                    let mut u = LLVMGetFirstUse(inst);
                    while !u.is_null() {
                        let user = LLVMGetUser(u);
                        if LLVMIsAExtractElementInst(user).is_null() || LLVMIsAConstantInt(LLVMGetOperand(user, 1)).is_null() {
                            all_lanes = false;
                            break;
                        }
                        users.push(user);
                        u = LLVMGetNextUse(u);
                    }
                    if all_lanes && !users.is_empty() {
                        candidates.push((inst, opcode, users));
                    }
                }
                inst = LLVMGetNextInstruction(inst);
            }
            block = LLVMGetNextBasicBlock(block);
        }
        function = LLVMGetNextFunction(function);
    }
    let count = candidates.len();
    if count == 0 {
        return 0;
    }
    let context = LLVMGetModuleContext(module);
    let builder = LLVMCreateBuilderInContext(context);
    let empty = c"".as_ptr();
    for (cmp, opcode, users) in candidates {
        let (a, b) = (LLVMGetOperand(cmp, 0), LLVMGetOperand(cmp, 1));
        for user in users {
            LLVMPositionBuilderBefore(builder, user);
            let lane = LLVMGetOperand(user, 1);
            let x = LLVMBuildExtractElement(builder, a, lane, empty);
            let y = LLVMBuildExtractElement(builder, b, lane, empty);
            let scalar = if opcode == LLVMOpcode::LLVMICmp {
                LLVMBuildICmp(builder, LLVMGetICmpPredicate(cmp), x, y, empty)
            } else {
                let s = LLVMBuildFCmp(builder, LLVMGetFCmpPredicate(cmp), x, y, empty);
                if LLVMCanValueUseFastMathFlags(s) != 0 {
                    LLVMSetFastMathFlags(s, LLVMGetFastMathFlags(cmp));
                }
                s
            };
            LLVMReplaceAllUsesWith(user, scalar);
            LLVMInstructionEraseFromParent(user);
        }
        LLVMInstructionEraseFromParent(cmp);
    }
    LLVMDisposeBuilder(builder);
    count
}

/// Runs the new pass manager's `default<On>` pipeline on `module`, with
/// Triton's tuning (loop unrolling and interleaving on; loop and SLP
/// vectorization when `vectorize`); `machine` may be null. A non-null
/// `slp_machine` moves SLP vectorization out of the pipeline and runs it
/// afterwards (`slp-vectorizer` alone) with that target machine's cost
/// model. No instcombine follows it: one more round of instcombine on the
/// optimized module regroups scalar index arithmetic (the `sdiv`/`srem`
/// pairs and offset sums of an unrolled stencil) far ahead of its uses,
/// which cost x_dwconv2d 212 registers where Triton needs 149 (148
/// without it); the code generator folds the few extract/insert pairs
/// SLP leaves.
///
/// This is how GPU modules are optimized: without a target machine, as
/// Triton does, except for SLP. LLVM 22's SLP vectorizer, unlike the one
/// of Triton's pinned LLVM, bundles whatever it can when no cost model
/// refuses, e.g. a row's independent `max`/`select` chains into `<4 x
/// float>` vectors that the GPU keeps in more registers (x_argmax: 91
/// registers against Triton's 80). With the target's cost model it keeps
/// only what pays off there.
///
/// LLVM 22's `default<On>` runs SLP whatever the tuning options say (its
/// `SLPVectorization` flag no longer removes the pass), so the pipeline
/// runs with `noimplicitfloat` on every defined function, which the SLP
/// (and loop) vectorizer respect and code generation for these targets
/// ignores; the attribute is taken off again before SLP runs on its own.
///
/// # Safety
/// `module` must be a live module, `machine` and `slp_machine` null or live
/// target machines.
pub unsafe fn run_default_pipeline(
    module: llvm_sys::prelude::LLVMModuleRef,
    opt_level: u32,
    machine: llvm_sys::target_machine::LLVMTargetMachineRef,
    vectorize: bool,
    slp_machine: llvm_sys::target_machine::LLVMTargetMachineRef,
) -> Result<(), String> {
    let level = opt_level.min(3);
    let separate_slp = vectorize && level > 0 && !slp_machine.is_null();
    let options = PassBuilderOptions::create();
    options.set_loop_unrolling(true);
    options.set_loop_interleaving(true);
    options.set_loop_vectorization(vectorize);
    options.set_loop_slp_vectorization(vectorize && !separate_slp);
    let marked = if separate_slp { mark_no_implicit_float(module) } else { Vec::new() };
    let outcome = run_passes(module, &format!("default<O{level}>"), machine, &options);
    unmark_no_implicit_float(module, &marked);
    outcome?;
    if separate_slp {
        run_passes(module, "slp-vectorizer", slp_machine, &PassBuilderOptions::create())?;
    }
    Ok(())
}

const NO_IMPLICIT_FLOAT: &str = "noimplicitfloat";

/// Adds `noimplicitfloat` to each function `module` defines that lacks it;
/// returns their names (functions may be deleted or renamed by the
/// pipeline, so they are found again by name).
unsafe fn mark_no_implicit_float(module: llvm_sys::prelude::LLVMModuleRef) -> Vec<std::ffi::CString> {
    use llvm_sys::core::*;
    let context = LLVMGetModuleContext(module);
    let kind = LLVMGetEnumAttributeKindForName(NO_IMPLICIT_FLOAT.as_ptr() as *const _, NO_IMPLICIT_FLOAT.len());
    let attribute = LLVMCreateEnumAttribute(context, kind, 0);
    let mut marked = Vec::new();
    let mut function = LLVMGetFirstFunction(module);
    while !function.is_null() {
        let index = llvm_sys::LLVMAttributeFunctionIndex;
        if LLVMCountBasicBlocks(function) > 0 && LLVMGetEnumAttributeAtIndex(function, index, kind).is_null() {
            LLVMAddAttributeAtIndex(function, index, attribute);
            let mut length = 0;
            let name = LLVMGetValueName2(function, &mut length);
            marked.push(std::ffi::CStr::from_ptr(name).to_owned());
        }
        function = LLVMGetNextFunction(function);
    }
    marked
}

/// Takes `noimplicitfloat` off the functions [`mark_no_implicit_float`] marked.
unsafe fn unmark_no_implicit_float(module: llvm_sys::prelude::LLVMModuleRef, marked: &[std::ffi::CString]) {
    use llvm_sys::core::*;
    let kind = LLVMGetEnumAttributeKindForName(NO_IMPLICIT_FLOAT.as_ptr() as *const _, NO_IMPLICIT_FLOAT.len());
    for name in marked {
        let function = LLVMGetNamedFunction(module, name.as_ptr());
        if !function.is_null() {
            LLVMRemoveEnumAttributeAtIndex(function, llvm_sys::LLVMAttributeFunctionIndex, kind);
        }
    }
}

/// Runs the textual new-pass-manager `pipeline` on `module`.
///
/// # Safety
/// `module` must be a live module and `machine` null or a live target machine.
unsafe fn run_passes(
    module: llvm_sys::prelude::LLVMModuleRef,
    pipeline: &str,
    machine: llvm_sys::target_machine::LLVMTargetMachineRef,
    options: &PassBuilderOptions,
) -> Result<(), String> {
    let text = std::ffi::CString::new(pipeline).map_err(|_| format!("bad pipeline text '{pipeline}'"))?;
    let error = llvm_sys::transforms::pass_builder::LLVMRunPasses(module, text.as_ptr(), machine, options.as_mut_ptr());
    if error.is_null() {
        return Ok(());
    }
    let raw = llvm_sys::error::LLVMGetErrorMessage(error);
    let message = std::ffi::CStr::from_ptr(raw).to_string_lossy().into_owned();
    llvm_sys::error::LLVMDisposeErrorMessage(raw);
    Err(format!("LLVM pipeline '{pipeline}' failed: {message}"))
}

/// Basic blocks with more instructions than this get their GEPs split before
/// the GPU target's code generation (see [`presplit_huge_blocks`]). An elementwise
/// kernel of 32,768 elements has one of ~2,400 instructions; of the corpus and
/// extra kernels only x_scan_tiles_2d (2,943) exceeds it, with the same assembly.
pub const HUGE_BLOCK_INSTRUCTIONS: usize = 2048;

/// The number of instructions of `module`'s largest basic block.
fn largest_block(module: &Module<'_>) -> usize {
    let mut largest = 0;
    for function in module.get_functions() {
        for block in function.get_basic_blocks() {
            let mut count = 0;
            let mut instruction = block.get_first_instruction();
            while let Some(inst) = instruction {
                count += 1;
                instruction = inst.get_next_instruction();
            }
            largest = largest.max(count);
        }
    }
    largest
}

/// Keeps the GPU target's code generation linear on huge basic blocks. Its IR passes
/// run SeparateConstOffsetFromGEP, which gives every split GEP its own copy
/// of the variable part (`sext %i` and `gep %base, that`), then straight-line
/// strength reduction (SLSR) before any CSE; LLVM 22's SLSR is quadratic in
/// those copies (97% of a 262,144-element elementwise kernel's compile
/// time: 8.9 s of 9.2 s, one block of 18,950 instructions). Running the split
/// and EarlyCSE here first leaves code generation nothing to split and SLSR
/// one copy of each part. The assembly stays the same: checked on elementwise
/// kernels of 65,536 and 262,144 elements and on all 71 corpus and extra
/// kernels with the split forced on every module. Only modules with a block of more than
/// [`HUGE_BLOCK_INSTRUCTIONS`] are touched.
fn presplit_huge_blocks(module: &Module<'_>, machine: &TargetMachine) -> Result<(), String> {
    if largest_block(module) <= HUGE_BLOCK_INSTRUCTIONS {
        return Ok(());
    }
    let pipeline = "separate-const-offset-from-gep,early-cse\0";
    let options = PassBuilderOptions::create();
    // SAFETY: the module and the machine are live for the call.
    let error = unsafe {
        llvm_sys::transforms::pass_builder::LLVMRunPasses(
            module.as_mut_ptr(),
            pipeline.as_ptr() as *const _,
            machine.as_mut_ptr(),
            options.as_mut_ptr(),
        )
    };
    if error.is_null() {
        return Ok(());
    }
    // SAFETY: `error` is a live LLVMErrorRef, consumed here.
    let message = unsafe {
        let raw = llvm_sys::error::LLVMGetErrorMessage(error);
        let text = std::ffi::CStr::from_ptr(raw).to_string_lossy().into_owned();
        llvm_sys::error::LLVMDisposeErrorMessage(raw);
        text
    };
    Err(format!("LLVM pipeline '{}' failed: {message}", pipeline.trim_end_matches('\0')))
}

/// Optimizes the raw `module` like [`generate`] does, verifying the result:
/// where LLVM leaves invalid IR (LLVM 22 did, on a CPU kernel with a
/// two-operand reverse scan), the optimization is redone on a copy taken
/// before, without vectorization, then at -O1, then -O0, and the first valid
/// result is used. Returns the module to use; the others are disposed.
///
/// # Safety
/// As [`run_default_pipeline`]; `module` is consumed.
pub unsafe fn optimize_verified(
    module: llvm_sys::prelude::LLVMModuleRef,
    opt_level: u32,
    machine: llvm_sys::target_machine::LLVMTargetMachineRef,
    slp_machine: llvm_sys::target_machine::LLVMTargetMachineRef,
) -> Result<llvm_sys::prelude::LLVMModuleRef, String> {
    use llvm_sys::core::{LLVMCloneModule, LLVMDisposeModule};
    let original = LLVMCloneModule(module);
    let attempts = [(opt_level, true), (opt_level, false), (opt_level.min(1), false), (0, false)];
    let mut current = module;
    let mut first_error: Option<String> = None;
    for (k, &(level, vectorize)) in attempts.iter().enumerate() {
        if k > 0 {
            current = LLVMCloneModule(original);
        }
        let outcome = run_default_pipeline(current, level, machine, vectorize, slp_machine).and_then(|()| verify_raw(current));
        match outcome {
            Ok(()) => {
                LLVMDisposeModule(original);
                return Ok(current);
            }
            Err(e) => {
                LLVMDisposeModule(current);
                first_error.get_or_insert(e);
            }
        }
    }
    LLVMDisposeModule(original);
    Err(format!("LLVM's optimization produced invalid IR at every level: {}", first_error.unwrap_or_default()))
}

/// The verifier's verdict on a raw module.
unsafe fn verify_raw(module: llvm_sys::prelude::LLVMModuleRef) -> Result<(), String> {
    use llvm_sys::analysis::{LLVMVerifierFailureAction, LLVMVerifyModule};
    let mut message = std::ptr::null_mut();
    let broken = LLVMVerifyModule(module, LLVMVerifierFailureAction::LLVMReturnStatusAction, &mut message) != 0;
    let text = if message.is_null() { String::new() } else { std::ffi::CStr::from_ptr(message).to_string_lossy().into_owned() };
    if !message.is_null() {
        llvm_sys::core::LLVMDisposeMessage(message);
    }
    if broken {
        Err(text.lines().next().unwrap_or("invalid module").to_string())
    } else {
        Ok(())
    }
}

/// Names of the functions `module` declares but does not define, leaving out
/// LLVM intrinsics: what a bitcode library (e.g. a device library) must provide.
pub fn external_functions(module: &Module<'_>) -> Vec<String> {
    module
        .get_functions()
        .filter(|f| f.count_basic_blocks() == 0 && f.get_intrinsic_id() == 0)
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .collect()
}

/// Translates the LLVM-dialect `module` to LLVM IR in `context`. MLIR reports
/// why a translation fails through the module's context diagnostics; the
/// error returned here only says that it did.
pub fn translate<'c>(module: MlirOperation, context: &'c Context) -> Result<Module<'c>, String> {
    unsafe {
        // The translation interfaces of LLVM and every dialect MLIR has
        // one for. Idempotent.
        mlirRegisterAllLLVMTranslations(mlirOperationGetContext(module));
        let raw = mlirTranslateModuleToLLVMIR(module, context.raw() as _);
        if raw.is_null() {
            return Err("cannot translate the module to LLVM IR".into());
        }
        // SAFETY: the module was created in `context`, which outlives it.
        Ok(Module::new(raw as _))
    }
}

/// Generates `emit` for `target` from the LLVM-dialect `module`.
///
/// Algorithm:
/// 1. translate to LLVM IR (`mlirTranslateModuleToLLVMIR`) in a fresh
///    `LLVMContext`;
/// 2. set the triple, the target machine's data layout and the module flags,
///    link the bitcode libraries, and verify;
/// 3. run the new pass manager's `default<On>` pipeline, with the target
///    machine (so that the target's cost model and passes are used), verify
///    its result (redoing it without loop vectorization when LLVM left
///    invalid IR), then allow floating-point contraction if asked, and,
///    where the module was optimized without the target machine, split the
///    vector comparisons that are only read lane by lane
///    ([`scalarize_lane_compares`]);
/// 4. print the IR, or emit assembly or an object file (after
///    splitting the GEPs of huge blocks: [`presplit_huge_blocks`]).
///
/// `module` is not modified. Errors come back as text (MLIR diagnostics of a
/// failed translation have already been emitted on the module's context).
pub fn generate(module: MlirOperation, target: &CodegenTarget, options: &CodegenOptions, emit: Emit) -> Result<Vec<u8>, String> {
    let machine = target_machine(target, options.opt_level)?;
    let context = Context::create();
    let llvm_module = translate(module, &context)?;
    llvm_module.set_triple(&machine.get_triple());
    llvm_module.set_data_layout(&machine.get_target_data().get_data_layout());
    for (key, value) in &options.module_flags {
        let value = context.i32_type().const_int(*value, false);
        llvm_module.add_basic_value_flag(key, FlagBehavior::Override, value);
    }
    for path in &options.extern_libs {
        link_extern_lib(&context, &llvm_module, path, &machine)?;
    }
    llvm_module
        .verify()
        .map_err(|e| format!("the translated LLVM IR is invalid: {}", e.to_string_lossy()))?;
    // LLVM 22's loop vectorizer can leave an invalid module behind (a use
    // not dominated by its definition, seen on the CPU on a two-operand
    // reverse scan): optimize_verified checks and redoes it without.
    // Without the target machine, SLP still gets its cost model
    // (see [`run_default_pipeline`]). TRITIUM_SLP_NO_TARGET (set to
    // anything) restores SLP inside the pipeline without it, as Tritium did
    // before: for measuring the two against each other.
    let (machine_ptr, slp_machine) = if options.optimize_with_target {
        (machine.as_mut_ptr(), std::ptr::null_mut())
    } else if std::env::var_os("TRITIUM_SLP_NO_TARGET").is_some() {
        (std::ptr::null_mut(), std::ptr::null_mut())
    } else {
        (std::ptr::null_mut(), machine.as_mut_ptr())
    };
    let raw = llvm_module.as_mut_ptr();
    std::mem::forget(llvm_module);
    // SAFETY: `raw` is the live module just released from `llvm_module`; the
    // one returned belongs to `context` and is owned by the new wrapper.
    let llvm_module = unsafe { Module::new(optimize_verified(raw, options.opt_level, machine_ptr, slp_machine)?) };
    if let Some(hook) = options.post_optimization {
        // SAFETY: the module is live and owned by `llvm_module`.
        unsafe { hook(llvm_module.as_mut_ptr() as *mut std::ffi::c_void, &target.cpu)? };
    }
    if options.fp_fusion {
        allow_contraction(&llvm_module);
    }
    if !options.optimize_with_target && options.opt_level > 0 {
        // SAFETY: the module is live and owned by `llvm_module`.
        unsafe { scalarize_lane_compares(llvm_module.as_mut_ptr()) };
    }
    match emit {
        Emit::LlvmIr => Ok(llvm_module.print_to_string().to_bytes().to_vec()),
        Emit::Assembly | Emit::Object => {
            // Any target: only modules with a huge block are touched, and the
            // split preserves their semantics.
            presplit_huge_blocks(&llvm_module, &machine)?;
            let file_type = if emit == Emit::Assembly { FileType::Assembly } else { FileType::Object };
            let buffer = machine
                .write_to_memory_buffer(&llvm_module, file_type)
                .map_err(|e| format!("LLVM code generation for '{}' failed: {}", target.triple, e.to_string_lossy()))?;
            Ok(buffer.as_slice().to_vec())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_compares_are_split_and_others_kept() {
        let ir = "define i1 @lanes(<2 x i64> %a, <2 x i64> %b) {\n\
                  %c = icmp slt <2 x i64> %a, %b\n\
                  %x = extractelement <2 x i1> %c, i64 0\n\
                  %y = extractelement <2 x i1> %c, i64 1\n\
                  %r = and i1 %x, %y\n\
                  ret i1 %r\n}\n\
                  define <2 x i64> @whole(<2 x i64> %a, <2 x i64> %b) {\n\
                  %c = icmp slt <2 x i64> %a, %b\n\
                  %s = select <2 x i1> %c, <2 x i64> %a, <2 x i64> %b\n\
                  ret <2 x i64> %s\n}\n";
        let context = Context::create();
        let buffer = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "lanes");
        let module = context.create_module_from_ir(buffer).expect("valid IR");
        // SAFETY: the module is live for the call.
        let split = unsafe { scalarize_lane_compares(module.as_mut_ptr()) };
        assert_eq!(split, 1);
        module.verify().expect("still valid");
        let text = module.print_to_string().to_string();
        assert_eq!(text.matches("icmp slt i64").count(), 2, "{text}");
        assert_eq!(text.matches("icmp slt <2 x i64>").count(), 1, "{text}");
    }

    #[test]
    fn no_implicit_float_is_taken_off_only_where_it_was_put() {
        let ir = "define void @plain() {\n  ret void\n}\n\
                  define void @own() #0 {\n  ret void\n}\n\
                  declare void @external()\n\
                  attributes #0 = { noimplicitfloat }\n";
        let context = Context::create();
        let buffer = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "marks");
        let module = context.create_module_from_ir(buffer).expect("valid IR");
        let has = |name: &str| {
            let f = module.get_function(name).expect("declared");
            let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(NO_IMPLICIT_FLOAT);
            f.get_enum_attribute(inkwell::attributes::AttributeLoc::Function, kind).is_some()
        };
        // SAFETY: the module is live for both calls.
        let marked = unsafe { mark_no_implicit_float(module.as_mut_ptr()) };
        assert_eq!(marked.len(), 1, "only @plain lacks it among the defined functions");
        assert!(has("plain") && has("own") && !has("external"));
        unsafe { unmark_no_implicit_float(module.as_mut_ptr(), &marked) };
        assert!(!has("plain") && has("own") && !has("external"));
    }

    #[test]
    fn only_initialized_targets_have_a_target_machine() {
        // The host's target is always initialized; a device target only by
        // the backend that serves it (none is installed here).
        let host = CodegenTarget { triple: "x86_64-unknown-linux-gnu".into(), cpu: "x86-64".into(), features: String::new() };
        assert!(target_machine(&host, 3).is_ok());
        let amd = CodegenTarget { triple: "amdgcn-amd-amdhsa".into(), cpu: "generic".into(), features: String::new() };
        assert!(target_machine(&amd, 3).is_err(), "AMDGPU is not initialized");
    }
}
