//! The compile C API (`include/tritium-c/Compile.h`), Rust half: Triton's
//! back end as library calls. A TTGIR module is lowered to the LLVM dialect by
//! the registered pipeline `tritium-make-llir`, then [`crate::codegen`] makes
//! LLVM IR, assembly or object code; [`kernel_metadata_json`] describes the kernel
//! the way Triton's compile metadata does.
//!
//! The public `tritium*` functions are the C++ shims of `capi/Compile.cpp`
//! (they register the passes and LLVM options first); they call the
//! `tritium_*` entry points here, which run under [`guard`] and report every
//! failure as an MLIR diagnostic on the module's location.
use crate::codegen::{self, CodegenOptions, CodegenTarget, Emit};
use crate::guard;
use mlir_sys::*;
use std::ffi::c_void;
use std::fmt::Write as _;
use tritium_dialects::ir::{block_arguments, block_ops, str_of, string_ref, Attr, Op};
use tritium_dialects::pass::emit_error;
use tritium_dialects::spec;

/// The registered pipeline that lowers a TTGIR module to the LLVM dialect
/// (Triton's `make_llir` before translation); it takes a `target` option.
pub const MAKE_LLIR_PIPELINE: &str = "tritium-make-llir";

/// Mirror of `TritiumCompileOptions` in `Compile.h`.
#[repr(C)]
pub struct CompileOptions {
    /// A target a backend serves (`<prefix>:<arch>`, or a host target);
    /// empty: the module's `ttg.target`.
    pub target: MlirStringRef,
    /// PTX ISA version times ten (88 = 8.8); 0: the backend's default.
    pub ptx_version: i32,
    /// 0 to 3.
    pub opt_level: i32,
    /// Bitcode libraries linked before optimization (e.g. a device library).
    pub extern_libs: *const MlirStringRef,
    /// The number of `extern_libs`.
    pub num_extern_libs: isize,
    /// Whether floating-point operations may be fused (Triton's
    /// `enable_fp_fusion`).
    pub enable_fp_fusion: bool,
    /// make_ttgir's `num_warps` for TTIR input; 0: 4.
    pub num_warps: i32,
    /// make_ttgir's `num_stages` for TTIR input; 0: 3.
    pub num_stages: i32,
}

/// Mirror of `TritiumCompileEmit` in `Compile.h`.
pub const EMIT_LLVM_IR: i32 = 0;
pub const EMIT_ASSEMBLY: i32 = 1;
pub const EMIT_PTX: i32 = 2;
pub const EMIT_OBJECT: i32 = 3;

/// A resolved compilation target: Triton's name for it, LLVM's description,
/// and the version of the backend's assembly language, if it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolvedTarget {
    /// The name as Triton spells it (`<prefix>:<arch>`, or a host target).
    pub name: String,
    /// What LLVM generates code for.
    pub codegen: CodegenTarget,
    /// The assembly language version (times ten) the backend's assembly
    /// must carry ([`spec::MachineTarget::asm_version`]); `None` for targets
    /// without one.
    pub asm_version: Option<u32>,
}

/// Resolves Triton's target name and an assembly language version (0: the
/// backend's default) to an LLVM target.
pub fn resolve_target(name: &str, asm_version: u32) -> Result<ResolvedTarget, String> {
    let name = name.trim();
    crate::passes::install_builtin_backends();
    if let Some(host) = spec::host_codegen(name) {
        // A backend whose code runs on this machine: the host's triple.
        let triple = inkwell::targets::TargetMachine::get_default_triple();
        let triple = triple.as_str().to_string_lossy().into_owned();
        if !triple.starts_with(host.arch) {
            return Err(format!("target '{name}' is only supported on {} hosts (this host is '{triple}')", host.arch));
        }
        return Ok(ResolvedTarget {
            name: name.into(),
            codegen: CodegenTarget { triple, cpu: host.cpu.into(), features: String::new() },
            asm_version: None,
        });
    }
    match spec::codegen_target(name, asm_version) {
        Some(Ok(machine)) => Ok(ResolvedTarget {
            name: name.into(),
            codegen: CodegenTarget { triple: machine.triple, cpu: machine.cpu, features: machine.features },
            asm_version: machine.asm_version,
        }),
        Some(Err(message)) => Err(message),
        None if spec::backends().iter().any(|b| spec::serves(&b.target, name)) => {
            Err(format!("target '{name}' is not supported: no backend of this library generates code for it"))
        }
        None => {
            let mut known: Vec<String> = spec::codegen_prefixes().iter().map(|p| format!("{p}:<arch>")).collect();
            known.extend(spec::host_targets());
            let last = known.pop().unwrap_or_default();
            let expected = if known.is_empty() { last } else { format!("{} or {last}", known.join(", ")) };
            Err(format!("unknown target '{name}': expected {expected}"))
        }
    }
}

/// The options as Rust values.
struct Options {
    target: String,
    /// The C options' assembly language version (0: the backend's default).
    asm_version: u32,
    codegen: CodegenOptions,
    /// make_ttgir's options for TTIR input.
    num_warps: u32,
    num_stages: u32,
}

/// Reads the C options, checking their ranges.
///
/// # Safety
/// `options` must be null or point to a valid `CompileOptions` whose strings
/// are readable.
unsafe fn read_options(options: *const CompileOptions) -> Result<Options, String> {
    let Some(options) = options.as_ref() else {
        return Err("no compile options given".into());
    };
    if !(0..=3).contains(&options.opt_level) {
        return Err(format!("optimization level must be 0 to 3, got {}", options.opt_level));
    }
    if options.ptx_version < 0 {
        return Err(format!("PTX version must be positive (e.g. 88), got {}", options.ptx_version));
    }
    let num_warps = if options.num_warps == 0 { 4 } else { options.num_warps };
    if !(1..=32).contains(&num_warps) || num_warps.count_ones() != 1 {
        return Err(format!("numWarps must be a power of two from 1 to 32, got {num_warps}"));
    }
    let num_stages = if options.num_stages == 0 { 3 } else { options.num_stages };
    if !(1..=16).contains(&num_stages) {
        return Err(format!("numStages must be 1 to 16, got {num_stages}"));
    }
    let mut extern_libs = Vec::new();
    if options.num_extern_libs < 0 {
        return Err(format!("numExternLibs must not be negative, got {}", options.num_extern_libs));
    }
    if options.extern_libs.is_null() && options.num_extern_libs > 0 {
        return Err(format!("externLibs is NULL but numExternLibs is {}", options.num_extern_libs));
    }
    if !options.extern_libs.is_null() {
        for i in 0..options.num_extern_libs as usize {
            extern_libs.push(utf8_of(*options.extern_libs.add(i), &format!("externLibs[{i}]"))?);
        }
    }
    Ok(Options {
        target: utf8_of(options.target, "the target")?,
        asm_version: options.ptx_version as u32,
        num_warps: num_warps as u32,
        num_stages: num_stages as u32,
        codegen: CodegenOptions {
            opt_level: options.opt_level as u32,
            fp_fusion: options.enable_fp_fusion,
            optimize_with_target: false,
            module_flags: Vec::new(),
            post_optimization: None,
            extern_libs,
        },
    })
}

/// The text of a caller's string: an error (naming it as `what`) when it is
/// not UTF-8 or has a length but no data, instead of taking it as empty.
unsafe fn utf8_of(s: MlirStringRef, what: &str) -> Result<String, String> {
    if s.length == 0 {
        return Ok(String::new());
    }
    if s.data.is_null() {
        return Err(format!("{what} is NULL with length {}", s.length));
    }
    let bytes = std::slice::from_raw_parts(s.data as *const u8, s.length);
    std::str::from_utf8(bytes)
        .map(str::to_string)
        .map_err(|e| format!("{what} is not valid UTF-8 ({e}): \"{}\"", bytes.escape_ascii()))
}

/// The target name: the one given, else the module's `ttg.target`.
fn target_name(module: Op, given: &str) -> Result<String, String> {
    if !given.is_empty() {
        return Ok(given.to_string());
    }
    let attr = module.attr("ttg.target").filter(|a| unsafe { mlirAttributeIsAString(a.0) });
    match attr {
        Some(a) => Ok(unsafe { str_of(mlirStringAttrGetValue(a.0)) }.to_string()),
        None => {
            // An example of a target, from the first backend that declares
            // its targets' form.
            crate::passes::install_builtin_backends();
            let example = spec::target_forms().first().map(|(_, form)| format!(" (e.g. pass {})", form.example));
            Err(format!("no target given and the module has no ttg.target attribute{}", example.unwrap_or_default()))
        }
    }
}

/// Whether `module` holds ops that do not translate to LLVM IR directly
/// (`tt`, `ttg`, `arith`, ...): anything but `builtin`, `llvm` and the
/// backends' own such dialects (`SpecBuilder::add_llvm_dialect`).
pub fn needs_lowering(module: Op) -> bool {
    crate::passes::install_builtin_backends();
    let direct = spec::llvm_dialects();
    module.nested_ops().iter().any(|op| {
        let dialect = op.name().split('.').next().unwrap_or("");
        !matches!(dialect, "builtin" | "llvm") && !direct.contains(&dialect)
    })
}

unsafe extern "C" fn append_text(s: MlirStringRef, user_data: *mut c_void) {
    (*(user_data as *mut String)).push_str(str_of(s));
}

/// Whether `module` is TTIR (make_ttir's output): Triton ops but no
/// `ttg.num-warps`, which make_ttgir's conversion sets.
pub fn is_ttir(module: Op) -> bool {
    module.attr("ttg.num-warps").is_none() && module.nested_ops().iter().any(|op| op.name().starts_with("tt."))
}

/// Runs make_llir on `module` (in place), preceded by make_ttgir
/// (`num_warps`, `num_stages`) when the module is still TTIR. `asm_version`
/// is the pipeline option (named by the backend's [`spec::DeviceCodegen`])
/// and the assembly version the code will be emitted in, when the target
/// has one: the lowering chooses instructions by it (as Triton hands its
/// own to make_llir), so it must be the output's.
fn run_make_llir(
    module: Op,
    target: &str,
    num_warps: u32,
    num_stages: u32,
    asm_version: Option<(&str, u32)>,
) -> Result<(), String> {
    let make_ttgir = if is_ttir(module) {
        format!("tritium-make-ttgir{{target={target} num-warps={num_warps} num-stages={num_stages}}},")
    } else {
        String::new()
    };
    let version = asm_version.map(|(option, v)| format!(" {option}={v}")).unwrap_or_default();
    let pipeline = format!("builtin.module({make_ttgir}{MAKE_LLIR_PIPELINE}{{target={target}{version}}})");
    unsafe {
        let pm = mlirPassManagerCreate(module.context());
        let mut parse_error = String::new();
        let parsed = mlirParsePassPipeline(
            mlirPassManagerGetAsOpPassManager(pm),
            string_ref(&pipeline),
            Some(append_text),
            &mut parse_error as *mut String as *mut c_void,
        );
        let result = if parsed.value == 0 {
            let parse_error = parse_error.trim().replace('\n', " ");
            Err(if parse_error.contains("does not refer to a registered pass") {
                format!(
                    "pipeline '{MAKE_LLIR_PIPELINE}' is not registered, so the module cannot be lowered to the \
                     LLVM dialect (was tritiumRegisterAllPasses called, and does this build have the lowering?)"
                )
            } else {
                format!("cannot build the pipeline '{pipeline}': {parse_error}")
            })
        } else if mlirPassManagerRunOnOp(pm, module.0).value == 0 {
            Err(format!("lowering to the LLVM dialect ('{pipeline}') failed"))
        } else {
            Ok(())
        };
        mlirPassManagerDestroy(pm);
        result
    }
}

/// An owned, detached operation (a clone), destroyed on drop.
struct OwnedOp(MlirOperation);

impl Drop for OwnedOp {
    fn drop(&mut self) {
        unsafe { mlirOperationDestroy(self.0) }
    }
}

/// The LLVM-dialect form of `module`: `None` when it already is one, else a
/// lowered clone (the module itself is left untouched, also on failure).
fn lowered_clone(module: Op, target: &str, options: &Options) -> Result<Option<OwnedOp>, String> {
    if !needs_lowering(module) {
        return Ok(None);
    }
    let clone = OwnedOp(unsafe { mlirOperationClone(module.0) });
    if let Some(direct) = spec::direct_lowering(target) {
        // A backend that lowers TTIR itself (no stage pipelines), with its
        // generic defaults.
        (direct.lower)(Op(clone.0), None)?;
        return Ok(Some(clone));
    }
    let resolved = resolve_target(target, options.asm_version)?;
    let asm_version = resolved
        .asm_version
        .and_then(|version| spec::device_codegen(target).map(|device| (device.asm_version_option, version)));
    run_make_llir(Op(clone.0), target, options.num_warps, options.num_stages, asm_version)?;
    Ok(Some(clone))
}

/// Reports a panic caught at the boundary as an error on `op`.
fn report_on(op: MlirOperation) -> (crate::ReportFn, *mut c_void) {
    unsafe extern "C" fn emit(user_data: *mut c_void, message: MlirStringRef) {
        emit_error(Op(MlirOperation { ptr: user_data }), str_of(message));
    }
    (Some(emit), op.ptr)
}

/// Runs `body` on the module's operation under [`guard`]; an `Err` becomes
/// an error diagnostic on the module's location.
fn on_module(module: MlirModule, body: impl FnOnce(Op) -> Result<(), String>) -> bool {
    if module.ptr.is_null() {
        return false;
    }
    let op = unsafe { mlirModuleGetOperation(module) };
    // One Tritium call at a time on a context (crate::context_lock).
    let _lock = crate::context_lock::lock(unsafe { mlirOperationGetContext(op) });
    let (report, user_data) = report_on(op);
    guard(report, user_data, false, || match body(Op(op)) {
        Ok(()) => true,
        Err(message) => {
            emit_error(Op(op), &message);
            false
        }
    })
}

/// Hands `bytes` to the caller's callback in one piece.
fn deliver(callback: MlirStringCallback, user_data: *mut c_void, bytes: &[u8]) {
    if let Some(callback) = callback {
        let s = MlirStringRef { data: bytes.as_ptr() as *const _, length: bytes.len() };
        unsafe { callback(s, user_data) };
    }
}

/// Compiles `module` to `emit` (see `tritiumCompileToLLVMIR` and friends in
/// `Compile.h`): lowers a clone when it still holds TTGIR, then generates
/// code for the resolved target.
fn compile(module: Op, options: &Options, emit: i32) -> Result<Vec<u8>, String> {
    check_single_kernel(module)?;
    let target = resolve_target(&target_name(module, &options.target)?, options.asm_version)?;
    // How the backend serving the target optimizes, links and emits it.
    let device = spec::device_codegen(&target.name);
    let kind = match emit {
        EMIT_LLVM_IR => Emit::LlvmIr,
        EMIT_ASSEMBLY => Emit::Assembly,
        EMIT_PTX if device.is_some_and(|d| d.driver_assembly) => Emit::Assembly,
        EMIT_PTX => return Err(format!("target '{}' has no PTX; emit assembly or an object file", target.name)),
        EMIT_OBJECT => Emit::Object,
        other => return Err(format!("unknown emission kind {other}")),
    };
    if kind == Emit::Object {
        // A backend whose LLVM target emits no object code says why.
        if let Some(why) = device.and_then(|d| d.no_object_code) {
            return Err(why.to_string());
        }
    }
    let mut codegen_options = options.codegen.clone();
    codegen_options.optimize_with_target = device.is_none_or(|d| d.optimize_with_target);
    codegen_options.post_optimization = device.and_then(|d| d.post_optimization);
    if let Some(device) = device {
        codegen_options.module_flags.extend(device.module_flags.iter().map(|&(key, value)| (key.to_string(), value)));
    }
    let lowered = lowered_clone(module, &target.name, options)?;
    let llvm_dialect = lowered.as_ref().map_or(module.0, |clone| clone.0);
    if options.codegen.extern_libs.is_empty() {
        // The library the backend links by default, when the kernel needs it.
        if let Some(default_library) = device.and_then(|d| d.default_library) {
            if let Some(library) = default_library(Op(llvm_dialect))? {
                codegen_options.extern_libs.push(library);
            }
        }
    }
    let bytes = {
        let _quiet = QuietTritonAttributes::attach(module.context());
        codegen::generate(llvm_dialect, &target.codegen, &codegen_options, kind)?
    };
    Ok(match (kind, target.asm_version) {
        (Emit::Assembly, Some(version)) => {
            spec::postprocess_assembly(&target.name, &String::from_utf8_lossy(&bytes), version).into_bytes()
        }
        _ => bytes,
    })
}

/// While alive, swallows the translation's warnings about Triton's own
/// argument attributes (`Unhandled parameter attribute 'tt.divisibility'`,
/// `'tt.pointee_type'`, ...): LLVM IR has no place for them, and Triton
/// drops them the same way. Every other diagnostic goes on to the context's
/// other handlers.
struct QuietTritonAttributes {
    context: MlirContext,
    id: MlirDiagnosticHandlerID,
}

impl QuietTritonAttributes {
    fn attach(context: MlirContext) -> Self {
        unsafe extern "C" fn filter(diagnostic: MlirDiagnostic, _: *mut c_void) -> MlirLogicalResult {
            let mut text = String::new();
            if mlirDiagnosticGetSeverity(diagnostic) == MlirDiagnosticSeverity_MlirDiagnosticWarning {
                mlirDiagnosticPrint(diagnostic, Some(append_text), &mut text as *mut String as *mut c_void);
            }
            let handled = text.starts_with("Unhandled parameter attribute 'tt.")
                || text.starts_with("Unhandled parameter attribute 'ttg.");
            MlirLogicalResult { value: handled as i8 }
        }
        let id = unsafe { mlirContextAttachDiagnosticHandler(context, Some(filter), std::ptr::null_mut(), None) };
        QuietTritonAttributes { context, id }
    }
}

impl Drop for QuietTritonAttributes {
    fn drop(&mut self) {
        unsafe { mlirContextDetachDiagnosticHandler(self.context, self.id) }
    }
}

/// See `tritiumLowerToLLVMDialect` in `Compile.h`.
fn lower_in_place(module: Op, options: &Options) -> Result<(), String> {
    check_single_kernel(module)?;
    let target = target_name(module, &options.target)?;
    let Some(lowered) = lowered_clone(module, &target, options)? else {
        return Ok(());
    };
    unsafe {
        // The body moves over; the module attributes the pipeline set follow.
        mlirRegionTakeBody(module.region(0), Op(lowered.0).region(0));
        for (name, _) in module.attributes() {
            module.remove_attr(name);
        }
        for (name, value) in Op(lowered.0).attributes() {
            module.set_attr(name, value);
        }
    }
    Ok(())
}

/// Rust side of `tritiumCompileTo*` (see `Compile.h`); `emit` is one of the
/// `EMIT_*` values.
///
/// # Safety
/// `module` must be null or a live module; `options` null or valid (with
/// readable strings); `callback` valid with `user_data`.
#[no_mangle]
pub unsafe extern "C" fn tritium_compile(
    module: MlirModule,
    options: *const CompileOptions,
    emit: i32,
    callback: MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    on_module(module, |op| {
        let options = unsafe { read_options(options) }?;
        let bytes = compile(op, &options, emit)?;
        deliver(callback, user_data, &bytes);
        Ok(())
    })
}

/// Rust side of `tritiumModuleNeedsLowering` (see `Compile.h`).
#[no_mangle]
pub extern "C" fn tritium_module_needs_lowering(module: MlirModule) -> bool {
    !module.ptr.is_null()
        && guard(None, std::ptr::null_mut(), false, || needs_lowering(Op(unsafe { mlirModuleGetOperation(module) })))
}

/// Rust side of `tritiumLowerToLLVMDialect` (see `Compile.h`).
///
/// # Safety
/// As [`tritium_compile`].
#[no_mangle]
pub unsafe extern "C" fn tritium_lower_to_llvm_dialect(module: MlirModule, options: *const CompileOptions) -> bool {
    on_module(module, |op| {
        let options = unsafe { read_options(options) }?;
        lower_in_place(op, &options)
    })
}

/// Rust side of `tritiumKernelMetadataJSON` (see `Compile.h`).
///
/// # Safety
/// As [`tritium_compile`]; `lowered` is null or a live module.
#[no_mangle]
pub unsafe extern "C" fn tritium_kernel_metadata_json(
    module: MlirModule,
    lowered: MlirModule,
    options: *const CompileOptions,
    callback: MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    on_module(module, |op| {
        let options = unsafe { read_options(options) }?;
        let lowered = (!lowered.ptr.is_null()).then(|| Op(unsafe { mlirModuleGetOperation(lowered) }));
        let json = kernel_metadata_json(op, lowered, &options.target, options.asm_version)?;
        deliver(callback, user_data, json.as_bytes());
        Ok(())
    })
}

// --- Kernel metadata ---------------------------------------------------------

/// The string value of a string attribute.
fn string_value(attr: Option<Attr>) -> Option<String> {
    attr.filter(|a| unsafe { mlirAttributeIsAString(a.0) })
        .map(|a| unsafe { str_of(mlirStringAttrGetValue(a.0)) }.to_string())
}

/// The kernel of `module`: its public `tt.func` with a body, else its
/// `llvm.func` marked as a kernel (a backend's kernel attribute,
/// `SpecBuilder::set_kernel_attribute`), else its first externally visible
/// `llvm.func` with a body.
pub fn kernel_function(module: Op) -> Option<Op> {
    crate::passes::install_builtin_backends();
    let markers = spec::kernel_attributes();
    let funcs: Vec<Op> = module.entry_block(0).map(block_ops).unwrap_or_default();
    let has_body = |f: &Op| f.entry_block(0).is_some();
    let public = |f: &Op| matches!(string_value(f.attr("sym_visibility")).as_deref(), None | Some("public"));
    let external = |f: &Op| {
        f.attr("linkage").is_none_or(|l| {
            let text = l.to_string();
            !text.contains("internal") && !text.contains("private")
        })
    };
    funcs
        .iter()
        .find(|f| f.name() == "tt.func" && public(f) && has_body(f))
        .or_else(|| {
            funcs.iter().find(|f| f.name() == "llvm.func" && markers.iter().any(|m| f.attr(m).is_some()) && has_body(f))
        })
        .or_else(|| funcs.iter().find(|f| f.name() == "llvm.func" && external(f) && has_body(f)))
        .copied()
}

/// Refuses a module with more than one kernel (public `tt.func`s with a
/// body, or `llvm.func`s with one backend's kernel attribute), which [`kernel_function`] would
/// otherwise resolve silently to the first. Triton's modules have one kernel
/// (its other functions are private).
pub fn check_single_kernel(module: Op) -> Result<(), String> {
    let funcs: Vec<Op> = module.entry_block(0).map(block_ops).unwrap_or_default();
    let has_body = |f: &Op| f.entry_block(0).is_some();
    let public = |f: &Op| matches!(string_value(f.attr("sym_visibility")).as_deref(), None | Some("public"));
    let name = |f: &Op| string_value(f.attr("sym_name")).unwrap_or_default();
    let tt: Vec<String> = funcs.iter().filter(|f| f.name() == "tt.func" && public(f) && has_body(f)).map(name).collect();
    let mut groups = vec![(tt, "public tt.func".to_string(), "make the others private".to_string())];
    crate::passes::install_builtin_backends();
    for marker in spec::kernel_attributes() {
        let marked: Vec<String> =
            funcs.iter().filter(|f| f.name() == "llvm.func" && f.attr(marker).is_some() && has_body(f)).map(name).collect();
        groups.push((marked, format!("{marker} llvm.func"), format!("drop {marker} from the others")));
    }
    for (kernels, what, hint) in groups {
        if kernels.len() > 1 {
            return Err(format!(
                "the module has {} kernels ({what}s with a body: @{}); a module must have exactly one ({hint})",
                kernels.len(),
                kernels.join(", @")
            ));
        }
    }
    Ok(())
}

/// Quotes `s` as a JSON string.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON number, or `null`.
fn json_int(value: Option<i64>) -> String {
    value.map_or_else(|| "null".into(), |v| v.to_string())
}

/// The name a block argument was given in the source (`loc("x_ptr"(...))`).
fn argument_name(arg: MlirValue) -> Option<String> {
    unsafe {
        let loc = mlirValueGetLocation(arg);
        if loc.ptr.is_null() || !mlirLocationIsAName(loc) {
            return None;
        }
        Some(str_of(mlirIdentifierStr(mlirLocationNameGetName(loc))).to_string())
    }
}

/// The integer attribute `name` of argument `index`'s attribute dictionary.
fn argument_int_attr(func: Op, index: usize, name: &str) -> Option<i64> {
    let arg_attrs = func.attr("arg_attrs")?;
    unsafe {
        if !mlirAttributeIsAArray(arg_attrs.0) || index as isize >= mlirArrayAttrGetNumElements(arg_attrs.0) {
            return None;
        }
        let dict = mlirArrayAttrGetElement(arg_attrs.0, index as isize);
        if !mlirAttributeIsADictionary(dict) {
            return None;
        }
        Attr(mlirDictionaryAttrGetElementByName(dict, string_ref(name))).int()
    }
}

/// Triton's kernel metadata for `module` as JSON (one object, keys as in
/// `Compile.h`). Module-level numbers come from `lowered` when given (the
/// allocation passes of the lowering set `ttg.shared` and the scratch sizes),
/// else from `module`; the arguments always come from `module`'s kernel.
pub fn kernel_metadata_json(module: Op, lowered: Option<Op>, target: &str, asm_version: u32) -> Result<String, String> {
    check_single_kernel(module)?;
    let marked: String = spec::kernel_attributes().iter().map(|m| format!(" or an {m} llvm.func")).collect();
    let kernel = kernel_function(module).ok_or(format!("the module has no kernel (a public tt.func{marked} with a body)"))?;
    let name = string_value(kernel.attr("sym_name")).unwrap_or_default();
    let target = resolve_target(&target_name(module, target)?, asm_version)?;
    let int = |key: &str| {
        lowered
            .and_then(|l| l.attr(key))
            .and_then(Attr::int)
            .or_else(|| module.attr(key).and_then(Attr::int))
    };
    let mut json = String::from("{\n");
    let mut field = |key: &str, value: String| {
        let _ = writeln!(json, "  {}: {},", json_string(key), value);
    };
    field("name", json_string(&name));
    field("target", json_string(&target.name));
    field("ptx_version", json_int(target.asm_version.map(i64::from)));
    field("num_warps", json_int(int("ttg.num-warps")));
    field("threads_per_warp", json_int(int("ttg.threads-per-warp").or(Some(32))));
    field("num_ctas", json_int(int("ttg.num-ctas").or(Some(1))));
    field("shared", json_int(int("ttg.shared").or(Some(0))));
    field("global_scratch_size", json_int(int("ttg.global_scratch_memory_size").or(Some(0))));
    field("global_scratch_align", json_int(int("ttg.global_scratch_memory_alignment").or(Some(1))));
    field("profile_scratch_size", json_int(int("ttg.profile_scratch_memory_size").or(Some(0))));
    field("profile_scratch_align", json_int(int("ttg.profile_scratch_memory_alignment").or(Some(1))));
    // The backend's own keys (e.g. what its launcher needs to build
    // by-value parameters).
    let lowered_kernel = lowered.filter(|l| l.0.ptr != module.0.ptr).and_then(kernel_function);
    for (key, value) in spec::kernel_metadata(&target.name, kernel, lowered_kernel)? {
        field(&key, value);
    }

    // The kernel's arguments; Triton's lowering appends two pointers (global
    // and profile scratch) to every kernel. An llvm.func from Triton already
    // has them as its last two arguments.
    let args = kernel.entry_block(0).map(block_arguments).unwrap_or_default();
    let is_lowered_triton = kernel.name() == "llvm.func" && module.attr("ttg.profile_scratch_memory_size").is_some();
    let num_user = if is_lowered_triton { args.len().saturating_sub(2) } else { args.len() };
    let mut entries = Vec::new();
    for (i, arg) in args.iter().enumerate().take(num_user) {
        entries.push(format!(
            "    {{\"name\": {}, \"type\": {}, \"divisibility\": {}}}",
            json_string(&argument_name(arg.0).unwrap_or_else(|| format!("arg{i}"))),
            json_string(&arg.ty().to_string()),
            json_int(argument_int_attr(kernel, i, "tt.divisibility")),
        ));
    }
    // A backend's own ABI arguments replace the scratch pointers of a
    // kernel it lowers from a tt.func.
    let backend_abi = spec::kernel_abi_arguments(&target.name).filter(|_| kernel.name() == "tt.func");
    if let Some(abi) = backend_abi {
        for (name, ty) in abi {
            entries.push(format!(
                "    {{\"name\": {}, \"type\": {}, \"divisibility\": null, \"abi\": true}}",
                json_string(name),
                json_string(ty)
            ));
        }
    }
    for (j, kind) in ["global_scratch", "profile_scratch"].iter().enumerate().filter(|_| backend_abi.is_none()) {
        let ty = args.get(num_user + j).filter(|_| is_lowered_triton).map_or("!llvm.ptr<1>".to_string(), |a| a.ty().to_string());
        entries.push(format!(
            "    {{\"name\": {}, \"type\": {}, \"divisibility\": null, \"abi\": true}}",
            json_string(kind),
            json_string(&ty)
        ));
    }
    let _ = write!(json, "  \"arguments\": [\n{}\n  ]\n}}\n", entries.join(",\n"));
    Ok(json)
}

#[cfg(test)]
mod tests {
    use super::*;

    // The targets, kernels and metadata of the built-in backends are tested
    // by each backend through this API (spec/*/tests/capi.rs): this crate's
    // unit tests have no backend built in.

    #[test]
    fn unknown_targets_are_errors() {
        let error = resolve_target("tpu", 0).unwrap_err();
        assert!(error.contains("unknown target 'tpu'"), "{error}");
    }

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(json_string("a\"b\\c\n\u{1}"), "\"a\\\"b\\\\c\\n\\u0001\"");
    }
}
