//! The CPU kernel C API (`include/tritium-c/Cpu.h`): a TTIR kernel compiled
//! in process for this machine (the backend that compiles for the host, LLVM's `-O3`
//! with the host CPU's features, LLVM ORC's LLJIT) and launched over a grid
//! of program ids on real threads.
//!
//! Algorithm of `tritiumCpuKernelLoad`:
//! 1. clone the module; the lowering of the backend that compiles for the
//!    host (`DirectLowering` and `HostCodegen` in its `register()`; the
//!    in-tree CPU backend's lowering) lowers the clone to the LLVM dialect,
//!    tuned for the host's vectors and features;
//! 2. translate it to LLVM IR in a fresh `LLVMContext`, set the host triple
//!    and data layout, run `default<O3>` with the host target machine;
//! 3. generate object code with the host target machine and check that it
//!    calls only what the backend's runtime provides (its
//!    `is_runtime_symbol`: libc and libm functions and its assertion hook;
//!    not compiler-rt builtins such as `__truncsfbf2`, which a host may
//!    lack); hand the object to an
//!    LLJIT with the process's symbols and the assertion hook visible; look
//!    up `<kernel>_packed`. `tritiumCpuKernelEmitObject` returns that object
//!    code instead.
//!
//! `tritiumCpuKernelLaunch` runs every program id of the grid: `numThreads`
//! scoped threads (64 MiB stacks: tensors live on the stack) take chunks of
//! program ids from an atomic counter; each call passes the user's argument
//! pointers followed by pointers to its own pid and grid `i32`s.
//!
//! Every entry point runs under [`guard`]: no panic crosses the C ABI.
use crate::codegen::{self, CodegenTarget};
use crate::guard;
use inkwell::llvm_sys;
use llvm_sys::core::{LLVMContextCreate, LLVMContextDispose, LLVMDisposeMessage, LLVMDisposeModule, LLVMPrintModuleToString, LLVMSetTarget};
use llvm_sys::target::LLVMSetModuleDataLayout;
use llvm_sys::orc2::lljit::*;
use llvm_sys::orc2::*;
use llvm_sys::prelude::LLVMModuleRef;
use llvm_sys::target_machine::*;
use mlir_sys::*;
use std::cell::Cell;
use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Mutex;
use tritium_dialects::ir::{block_arguments, str_of, string_ref, Op};
use tritium_dialects::pass::emit_error;
use tritium_dialects::spec::{self, DirectLowering, HostCodegen, LoweringTuning};

/// The backend that compiles for the host: the first of this library's
/// backends with a [`HostCodegen`] and a [`DirectLowering`].
fn host_backend() -> Result<(HostCodegen, DirectLowering), String> {
    crate::passes::install_builtin_backends();
    spec::host_backend()
        .map(|(_, codegen, lowering)| (codegen, lowering))
        .ok_or_else(|| "this library has no backend that compiles for the host".to_string())
}

/// Mirror of `TritiumCpuKernelOptions` in `Cpu.h`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct KernelOptions {
    /// 0 to 3.
    pub opt_level: i32,
    /// 0: the host's widest vectors; else 128, 256 or 512.
    pub vector_bits: i32,
}

/// Mirror of `TritiumCpuKernel` in `Cpu.h`.
#[repr(C)]
pub struct KernelHandle {
    pub ptr: *mut c_void,
}

type PackedFn = unsafe extern "C" fn(*mut *mut c_void);

/// A loaded kernel: the JIT that owns its code, and its signature.
struct Kernel {
    jit: LLVMOrcLLJITRef,
    packed: PackedFn,
    name: String,
    /// The MLIR type of each user argument (`!tt.ptr<f32>`, `i32`, ...).
    arg_types: Vec<String>,
    /// The message of the last failed launch.
    last_error: Mutex<String>,
}

// The JIT and the code are only read after loading; LLJIT is thread-safe.
unsafe impl Send for Kernel {}
unsafe impl Sync for Kernel {}

impl Drop for Kernel {
    fn drop(&mut self) {
        unsafe {
            let err = LLVMOrcDisposeLLJIT(self.jit);
            if !err.is_null() {
                consume_error(err);
            }
        }
    }
}

/// The text of an `LLVMErrorRef` (consumed).
fn consume_error(err: llvm_sys::error::LLVMErrorRef) -> String {
    unsafe {
        let raw = llvm_sys::error::LLVMGetErrorMessage(err);
        let text = CStr::from_ptr(raw).to_string_lossy().into_owned();
        llvm_sys::error::LLVMDisposeErrorMessage(raw);
        text
    }
}

fn check(err: llvm_sys::error::LLVMErrorRef, what: &str) -> Result<(), String> {
    if err.is_null() {
        Ok(())
    } else {
        Err(format!("{what}: {}", consume_error(err)))
    }
}

/// The host's CPU name and feature string.
fn host_cpu() -> (String, String) {
    unsafe {
        let name = LLVMGetHostCPUName();
        let features = LLVMGetHostCPUFeatures();
        let out = (CStr::from_ptr(name).to_string_lossy().into_owned(), CStr::from_ptr(features).to_string_lossy().into_owned());
        LLVMDisposeMessage(name);
        LLVMDisposeMessage(features);
        out
    }
}

/// The widest vector the host's features allow, in bits.
fn host_vector_bits(features: &str) -> u32 {
    let has = |f: &str| features.split(',').any(|x| x == f);
    if has("+avx512f") {
        512
    } else if has("+avx2") || has("+avx") {
        256
    } else {
        128
    }
}

/// The host as a code generation target.
fn host_target() -> CodegenTarget {
    let triple = inkwell::targets::TargetMachine::get_default_triple().as_str().to_string_lossy().into_owned();
    let (cpu, features) = host_cpu();
    CodegenTarget { triple, cpu, features }
}

/// What a failed `tt.assert` reports to, per worker thread.
struct LaunchState {
    failed: AtomicBool,
    message: Mutex<String>,
}

thread_local! {
    static CURRENT_LAUNCH: Cell<*const LaunchState> = const { Cell::new(std::ptr::null()) };
}

/// Called by a kernel's `tt.assert` when an element is false.
unsafe extern "C" fn assert_fail(message: *const c_char, x: i32, y: i32, z: i32) {
    let text = if message.is_null() { "assertion failed".into() } else { CStr::from_ptr(message).to_string_lossy().into_owned() };
    CURRENT_LAUNCH.with(|c| {
        let state = c.get();
        if let Some(state) = state.as_ref() {
            if !state.failed.swap(true, Ordering::SeqCst) {
                if let Ok(mut m) = state.message.lock() {
                    *m = format!("device assertion failed in program ({x}, {y}, {z}): {text}");
                }
            }
        }
    });
}

/// The user arguments of the kernel `func` (a `tt.func`) as type texts.
fn argument_types(func: Op) -> Vec<String> {
    func.entry_block(0).map(block_arguments).unwrap_or_default().iter().map(|a| a.ty().to_string()).collect()
}

/// A kernel lowered and optimized for the host: an LLVM module in its own
/// context (both owned by whoever takes them), and what the C API tells
/// about the kernel.
struct Prepared {
    ctx: llvm_sys::prelude::LLVMContextRef,
    llvm: LLVMModuleRef,
    target: CodegenTarget,
    name: String,
    arg_types: Vec<String>,
}

/// Steps 1 and 2 of loading: lowers a clone of `module` and optimizes it for
/// the host (`module` is not modified).
fn prepare(module: Op, options: KernelOptions) -> Result<Prepared, String> {
    if !(0..=3).contains(&options.opt_level) {
        return Err(format!("optimization level must be 0 to 3, got {}", options.opt_level));
    }
    if ![0, 128, 256, 512].contains(&options.vector_bits) {
        return Err(format!("vectorBits must be 0, 128, 256 or 512, got {}", options.vector_bits));
    }
    crate::compile::check_single_kernel(module)?;
    let func = crate::compile::kernel_function(module)
        .filter(|f| f.name() == "tt.func")
        .ok_or("the module has no kernel (a public tt.func with a body) for the CPU backend")?;
    let name = func.attr("sym_name").map(|a| unsafe { str_of(mlirStringAttrGetValue(a.0)) }.to_string()).unwrap_or_default();
    let arg_types = argument_types(func);
    let (host, lowering) = host_backend()?;
    let target = host_target();
    if !target.triple.starts_with(host.arch) {
        return Err(format!("the CPU backend runs on {} hosts (this host is '{}')", host.arch, target.triple));
    }
    let vector_bits = if options.vector_bits == 0 { host_vector_bits(&target.features) } else { options.vector_bits as u32 };
    // 1. Lower a clone.
    struct Owned(MlirOperation);
    impl Drop for Owned {
        fn drop(&mut self) {
            unsafe { mlirOperationDestroy(self.0) }
        }
    }
    let clone = Owned(unsafe { mlirOperationClone(module.0) });
    (lowering.lower)(Op(clone.0), Some(&LoweringTuning { vector_bits, features: target.features.clone() }))?;
    // 2. LLVM IR, optimized for the host.
    let tm = codegen::target_machine(&target, options.opt_level as u32)?;
    unsafe {
        mlirRegisterAllLLVMTranslations(module.context());
        let ctx = LLVMContextCreate();
        let llvm = mlirTranslateModuleToLLVMIR(clone.0, ctx as _) as LLVMModuleRef;
        if llvm.is_null() {
            LLVMContextDispose(ctx);
            return Err("cannot translate the lowered kernel to LLVM IR".into());
        }
        let triple = CString::new(target.triple.clone()).expect("no NUL");
        LLVMSetTarget(llvm, triple.as_ptr());
        let layout = LLVMCreateTargetDataLayout(tm.as_mut_ptr());
        LLVMSetModuleDataLayout(llvm, layout);
        llvm_sys::target::LLVMDisposeTargetData(layout);
        let mut message = std::ptr::null_mut();
        if llvm_sys::analysis::LLVMVerifyModule(llvm, llvm_sys::analysis::LLVMVerifierFailureAction::LLVMReturnStatusAction, &mut message) != 0 {
            let text = CStr::from_ptr(message).to_string_lossy().into_owned();
            LLVMDisposeMessage(message);
            LLVMDisposeModule(llvm);
            LLVMContextDispose(ctx);
            return Err(format!("the lowered kernel is invalid LLVM IR: {text}"));
        }
        if !message.is_null() {
            LLVMDisposeMessage(message);
        }
        let llvm = match codegen::optimize_verified(llvm, options.opt_level.clamp(0, 3) as u32, tm.as_mut_ptr(), std::ptr::null_mut()) {
            Ok(m) => m,
            Err(e) => {
                LLVMContextDispose(ctx);
                return Err(e);
            }
        };
        if std::env::var_os("TRITIUM_CPU_DUMP_LLVM").is_some() {
            let text = LLVMPrintModuleToString(llvm);
            eprintln!("{}", CStr::from_ptr(text).to_string_lossy());
            LLVMDisposeMessage(text);
        }
        Ok(Prepared { ctx, llvm, target, name, arg_types })
    }
}

/// The object code of the prepared kernel for the host, as the JIT runs it
/// (the module and its context are disposed).
fn emit_object(p: Prepared, opt_level: i32) -> Result<llvm_sys::prelude::LLVMMemoryBufferRef, String> {
    let result = (|| unsafe {
        let tm = codegen::target_machine(&p.target, opt_level as u32)?;
        let mut message = std::ptr::null_mut();
        let mut buffer: llvm_sys::prelude::LLVMMemoryBufferRef = std::ptr::null_mut();
        if LLVMTargetMachineEmitToMemoryBuffer(tm.as_mut_ptr(), p.llvm, LLVMCodeGenFileType::LLVMObjectFile, &mut message, &mut buffer) != 0 {
            let text = if message.is_null() { String::new() } else { CStr::from_ptr(message).to_string_lossy().into_owned() };
            if !message.is_null() {
                LLVMDisposeMessage(message);
            }
            return Err(format!("LLVM code generation for the host failed: {text}"));
        }
        Ok(buffer)
    })();
    unsafe {
        LLVMDisposeModule(p.llvm);
        LLVMContextDispose(p.ctx);
    }
    result
}

/// The symbols the object in `buffer` refers to (through relocations) but
/// does not define: what the JIT must find elsewhere.
fn undefined_references(buffer: llvm_sys::prelude::LLVMMemoryBufferRef) -> Result<std::collections::BTreeSet<String>, String> {
    use llvm_sys::object::*;
    let mut out = std::collections::BTreeSet::new();
    unsafe {
        let mut message = std::ptr::null_mut();
        let binary = LLVMCreateBinary(buffer, std::ptr::null_mut(), &mut message);
        if binary.is_null() {
            let text = if message.is_null() { String::new() } else { CStr::from_ptr(message).to_string_lossy().into_owned() };
            if !message.is_null() {
                LLVMDisposeMessage(message);
            }
            return Err(format!("cannot read the kernel's object code: {text}"));
        }
        let sections = LLVMObjectFileCopySectionIterator(binary);
        while LLVMObjectFileIsSectionIteratorAtEnd(binary, sections) == 0 {
            let relocations = LLVMGetRelocations(sections);
            while LLVMIsRelocationIteratorAtEnd(sections, relocations) == 0 {
                let symbol = LLVMGetRelocationSymbol(relocations);
                if LLVMObjectFileIsSymbolIteratorAtEnd(binary, symbol) == 0 {
                    let home = LLVMObjectFileCopySectionIterator(binary);
                    LLVMMoveToContainingSection(home, symbol);
                    let defined = LLVMObjectFileIsSectionIteratorAtEnd(binary, home) == 0;
                    LLVMDisposeSectionIterator(home);
                    let name = CStr::from_ptr(LLVMGetSymbolName(symbol)).to_string_lossy().into_owned();
                    if !defined && !name.is_empty() {
                        out.insert(name);
                    }
                }
                LLVMDisposeSymbolIterator(symbol);
                LLVMMoveToNextRelocation(relocations);
            }
            LLVMDisposeRelocationIterator(relocations);
            LLVMMoveToNextSection(sections);
        }
        LLVMDisposeSectionIterator(sections);
        LLVMDisposeBinary(binary);
    }
    Ok(out)
}

/// Fails when the object in `buffer` calls anything but the functions the
/// host backend's code may call (its `is_runtime_symbol`): the JIT would
/// find e.g. `__truncsfbf2` in this process only when the host's libgcc_s
/// happens to have it.
fn check_runtime_symbols(buffer: llvm_sys::prelude::LLVMMemoryBufferRef, lowering: &DirectLowering) -> Result<(), String> {
    let foreign: Vec<String> =
        undefined_references(buffer)?.into_iter().filter(|s| !(lowering.is_runtime_symbol)(s)).collect();
    if foreign.is_empty() {
        return Ok(());
    }
    Err(format!(
        "the kernel's code calls {}, which Tritium does not provide (the CPU backend may only call the C and math \
         library functions of its runtime)",
        foreign.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", ")
    ))
}

/// Lowers, optimizes and JIT-compiles the kernel of `module` (a clone is
/// lowered; `module` is not modified).
fn load(module: Op, options: KernelOptions) -> Result<Kernel, String> {
    let prepared = prepare(module, options)?;
    let (target, name, arg_types) = (prepared.target.clone(), prepared.name.clone(), prepared.arg_types.clone());
    // 3. Object code for the host, which may call only Tritium's runtime
    // functions, then the JIT, with the same target machine.
    /// The object code until the JIT takes it.
    struct Object(llvm_sys::prelude::LLVMMemoryBufferRef);
    impl Drop for Object {
        fn drop(&mut self) {
            if !self.0.is_null() {
                unsafe { llvm_sys::core::LLVMDisposeMemoryBuffer(self.0) }
            }
        }
    }
    let mut object = Object(emit_object(prepared, options.opt_level)?);
    let (_, lowering) = host_backend()?;
    check_runtime_symbols(object.0, &lowering)?;
    unsafe {
        let jit_tm = codegen::target_machine(&target, options.opt_level as u32)?;
        let raw_tm = jit_tm.as_mut_ptr();
        std::mem::forget(jit_tm); // owned by the JIT from here on
        let jtmb = LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(raw_tm);
        let builder = LLVMOrcCreateLLJITBuilder();
        LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder, jtmb);
        let mut jit: LLVMOrcLLJITRef = std::ptr::null_mut();
        check(LLVMOrcCreateLLJIT(&mut jit, builder), "cannot create the JIT")?;
        // The kernel owns the JIT from here on (dropped on error).
        let mut kernel = Kernel {
            jit,
            packed: dummy_packed,
            name: name.clone(),
            arg_types,
            last_error: Mutex::new(String::new()),
        };
        let jd = LLVMOrcLLJITGetMainJITDylib(jit);
        let mut generator = std::ptr::null_mut();
        let prefix = LLVMOrcLLJITGetGlobalPrefix(jit);
        check(
            LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&mut generator, prefix, None, std::ptr::null_mut()),
            "cannot expose the process's symbols to the JIT",
        )?;
        LLVMOrcJITDylibAddGenerator(jd, generator);
        let es = LLVMOrcLLJITGetExecutionSession(jit);
        let sym_name = CString::new(lowering.assert_fail_symbol).expect("no NUL");
        let mut pair = LLVMOrcCSymbolMapPair {
            Name: LLVMOrcExecutionSessionIntern(es, sym_name.as_ptr()),
            Sym: LLVMJITEvaluatedSymbol {
                Address: assert_fail as *const () as usize as u64,
                Flags: LLVMJITSymbolFlags {
                    GenericFlags: (LLVMJITSymbolGenericFlags::LLVMJITSymbolGenericFlagsExported as u8)
                        | (LLVMJITSymbolGenericFlags::LLVMJITSymbolGenericFlagsCallable as u8),
                    TargetFlags: 0,
                },
            },
        };
        let mu = LLVMOrcAbsoluteSymbols(&mut pair, 1);
        check(LLVMOrcJITDylibDefine(jd, mu), "cannot define the assertion hook")?;
        let buffer = std::mem::replace(&mut object.0, std::ptr::null_mut()); // the JIT owns it from here on
        check(LLVMOrcLLJITAddObjectFile(jit, jd, buffer), "cannot add the kernel to the JIT")?;
        let packed_name = CString::new(format!("{name}_packed")).expect("no NUL");
        let mut address: LLVMOrcExecutorAddress = 0;
        check(LLVMOrcLLJITLookup(jit, &mut address, packed_name.as_ptr()), "cannot compile the kernel")?;
        if address == 0 {
            return Err(format!("the JIT has no symbol '{name}_packed'"));
        }
        kernel.packed = std::mem::transmute::<usize, PackedFn>(address as usize);
        Ok(kernel)
    }
}

unsafe extern "C" fn dummy_packed(_: *mut *mut c_void) {}

/// The stack size of the threads that run programs (tensors live on the
/// stack).
const PROGRAM_STACK_BYTES: usize = 64 << 20;

/// The largest grid size in y and z (CUDA's, which Triton's launcher
/// enforces); x may be any positive `i32` (CUDA: up to 2^31 - 1).
const MAX_GRID_YZ: i32 = 65535;

/// Runs every program id of the grid (see the module documentation).
fn launch(kernel: &Kernel, grid: [i32; 3], args: *mut *mut c_void, num_threads: i32) -> Result<(), String> {
    if grid.iter().any(|g| *g <= 0) {
        return Err(format!("grid sizes must be positive, got ({}, {}, {})", grid[0], grid[1], grid[2]));
    }
    // Triton's launcher (CUDA) limits: x < 2^31 (any positive i32), y and
    // z < 65536. Within them the product of the three fits an i64 (< 2^63).
    for (axis, g) in ["y", "z"].iter().zip(&grid[1..]) {
        if *g > MAX_GRID_YZ {
            return Err(format!(
                "grid size {axis} = {g} exceeds Triton's limit of {MAX_GRID_YZ}, got ({}, {}, {})",
                grid[0], grid[1], grid[2]
            ));
        }
    }
    if num_threads < 0 {
        return Err(format!("numThreads must be 0 (one thread per core) or positive, got {num_threads}"));
    }
    let n = kernel.arg_types.len();
    if n > 0 && args.is_null() {
        return Err(format!("kernel '{}' takes {n} arguments but args is NULL", kernel.name));
    }
    let user: Vec<usize> = (0..n).map(|i| unsafe { *args.add(i) } as usize).collect();
    if let Some(i) = user.iter().position(|p| *p == 0) {
        return Err(format!("argument {i} of kernel '{}' is NULL (args[i] must point to the argument's value)", kernel.name));
    }
    let total = i64::from(grid[0])
        .checked_mul(i64::from(grid[1]))
        .and_then(|t| t.checked_mul(i64::from(grid[2])))
        .filter(|t| *t > 0)
        .ok_or_else(|| format!("grid ({}, {}, {}) has too many programs", grid[0], grid[1], grid[2]))?;
    let threads = if num_threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) as i64 } else { i64::from(num_threads) };
    let threads = threads.clamp(1, total.min(1024));
    let chunk = (total / (threads * 8)).clamp(1, 64);
    let next = AtomicI64::new(0);
    let state = LaunchState { failed: AtomicBool::new(false), message: Mutex::new(String::new()) };
    let packed = kernel.packed;
    let worker = || {
        CURRENT_LAUNCH.with(|c| c.set(&state));
        let mut abi = [0i32; 6];
        abi[3..].copy_from_slice(&grid);
        let mut argv: Vec<*mut c_void> = user.iter().map(|p| *p as *mut c_void).collect();
        argv.extend(std::iter::repeat_n(std::ptr::null_mut(), 6));
        loop {
            let start = next.fetch_add(chunk, Ordering::Relaxed);
            if start >= total || state.failed.load(Ordering::Relaxed) {
                break;
            }
            for id in start..(start + chunk).min(total) {
                abi[0] = (id % i64::from(grid[0])) as i32;
                abi[1] = ((id / i64::from(grid[0])) % i64::from(grid[1])) as i32;
                abi[2] = (id / (i64::from(grid[0]) * i64::from(grid[1]))) as i32;
                for k in 0..6 {
                    argv[n + k] = &mut abi[k] as *mut i32 as *mut c_void;
                }
                unsafe { packed(argv.as_mut_ptr()) };
            }
        }
        // The kernels' streaming (non-temporal) stores are weakly ordered:
        // make them visible before the launch returns.
        #[cfg(target_arch = "x86_64")]
        unsafe {
            std::arch::x86_64::_mm_sfence()
        };
        CURRENT_LAUNCH.with(|c| c.set(std::ptr::null()));
    };
    let spawned = std::thread::scope(|scope| -> Result<(), String> {
        let mut handles = Vec::new();
        for _ in 0..threads {
            let h = std::thread::Builder::new()
                .name("tritium-cpu".into())
                .stack_size(PROGRAM_STACK_BYTES)
                .spawn_scoped(scope, worker)
                .map_err(|e| format!("cannot start a thread: {e}"))?;
            handles.push(h);
        }
        for h in handles {
            h.join().map_err(|_| "a kernel thread panicked".to_string())?;
        }
        Ok(())
    });
    spawned?;
    if state.failed.load(Ordering::SeqCst) {
        return Err(state.message.lock().map(|m| m.clone()).unwrap_or_else(|_| "device assertion failed".into()));
    }
    Ok(())
}

fn kernel_ref<'a>(kernel: KernelHandle) -> Option<&'a Kernel> {
    unsafe { (kernel.ptr as *const Kernel).as_ref() }
}

fn failure() -> MlirLogicalResult {
    MlirLogicalResult { value: 0 }
}

fn success() -> MlirLogicalResult {
    MlirLogicalResult { value: 1 }
}

/// See `tritiumCpuKernelOptionsGetDefault` in `Cpu.h`.
#[no_mangle]
pub extern "C" fn tritiumCpuKernelOptionsGetDefault() -> KernelOptions {
    KernelOptions { opt_level: 3, vector_bits: 0 }
}

/// See `tritiumCpuKernelLoad` in `Cpu.h`.
///
/// # Safety
/// `module` is null or live; `kernel` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn tritiumCpuKernelLoad(module: MlirModule, options: KernelOptions, kernel: *mut KernelHandle) -> MlirLogicalResult {
    if kernel.is_null() {
        return failure();
    }
    (*kernel).ptr = std::ptr::null_mut();
    if module.ptr.is_null() {
        return failure();
    }
    let op = mlirModuleGetOperation(module);
    unsafe extern "C" fn emit(user_data: *mut c_void, message: MlirStringRef) {
        emit_error(Op(MlirOperation { ptr: user_data }), str_of(message));
    }
    let _lock = crate::context_lock::lock(mlirOperationGetContext(op));
    let loaded = guard(Some(emit), op.ptr, None, || match load(Op(op), options) {
        Ok(k) => Some(Box::new(k)),
        Err(message) => {
            emit_error(Op(op), &message);
            None
        }
    });
    match loaded {
        Some(k) => {
            (*kernel).ptr = Box::into_raw(k) as *mut c_void;
            success()
        }
        None => failure(),
    }
}

/// See `tritiumCpuKernelEmitObject` in `Cpu.h`.
///
/// # Safety
/// `module` is null or live; `callback` is null or callable with `user_data`.
#[no_mangle]
pub unsafe extern "C" fn tritiumCpuKernelEmitObject(
    module: MlirModule,
    options: KernelOptions,
    callback: MlirStringCallback,
    user_data: *mut c_void,
) -> MlirLogicalResult {
    if module.ptr.is_null() || callback.is_none() {
        return failure();
    }
    let op = mlirModuleGetOperation(module);
    unsafe extern "C" fn emit(user_data: *mut c_void, message: MlirStringRef) {
        emit_error(Op(MlirOperation { ptr: user_data }), str_of(message));
    }
    let _lock = crate::context_lock::lock(mlirOperationGetContext(op));
    let bytes = guard(Some(emit), op.ptr, None, || {
        let object = prepare(Op(op), options).and_then(|p| emit_object(p, options.opt_level));
        match object {
            Ok(buffer) => {
                let bytes = std::slice::from_raw_parts(
                    llvm_sys::core::LLVMGetBufferStart(buffer) as *const u8,
                    llvm_sys::core::LLVMGetBufferSize(buffer),
                )
                .to_vec();
                llvm_sys::core::LLVMDisposeMemoryBuffer(buffer);
                Some(bytes)
            }
            Err(message) => {
                emit_error(Op(op), &message);
                None
            }
        }
    });
    match (bytes, callback) {
        (Some(bytes), Some(f)) => {
            f(MlirStringRef { data: bytes.as_ptr() as *const c_char, length: bytes.len() }, user_data);
            success()
        }
        _ => failure(),
    }
}

/// See `tritiumCpuKernelLaunch` in `Cpu.h`.
///
/// # Safety
/// `kernel` comes from `tritiumCpuKernelLoad`; `args` holds one valid
/// pointer per argument, to a value of the argument's type.
#[no_mangle]
pub unsafe extern "C" fn tritiumCpuKernelLaunch(
    kernel: KernelHandle,
    grid_x: i32,
    grid_y: i32,
    grid_z: i32,
    args: *mut *mut c_void,
    num_threads: i32,
) -> MlirLogicalResult {
    let Some(k) = kernel_ref(kernel) else { return failure() };
    let result = guard(None, std::ptr::null_mut(), Err("internal error in Tritium (a panic)".to_string()), || {
        launch(k, [grid_x, grid_y, grid_z], args, num_threads)
    });
    let mut last = k.last_error.lock().unwrap_or_else(|p| p.into_inner());
    match result {
        Ok(()) => {
            last.clear();
            success()
        }
        Err(message) => {
            *last = message;
            failure()
        }
    }
}

/// Mirror of `TritiumCpuArray` in `Cpu.h`.
#[repr(C)]
pub struct ArrayHandle {
    pub ptr: *mut c_void,
}

/// Reads `contents` as a `.npy` buffer for argument `index` (see
/// `crate::npy::parse`); the error names the argument.
fn parse_npy(kernel: &Kernel, index: isize, contents: &[u8], expected: i64) -> Result<crate::npy::NpyArray, String> {
    let ty = usize::try_from(index)
        .ok()
        .and_then(|i| kernel.arg_types.get(i))
        .ok_or_else(|| format!("kernel '{}' has no argument {index} (it takes {})", kernel.name, kernel.arg_types.len()))?;
    let elem = crate::npy::pointee(ty)
        .ok_or_else(|| format!("argument {index} ({ty}) is not a pointer: it takes no buffer"))?;
    crate::npy::parse(contents, elem, expected).map_err(|e| format!("argument {index} ({ty}): {e}"))
}

/// See `tritiumCpuKernelParseNpy` in `Cpu.h`.
///
/// # Safety
/// `kernel` comes from `tritiumCpuKernelLoad`; `contents` is readable for
/// its length; `array` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn tritiumCpuKernelParseNpy(
    kernel: KernelHandle,
    index: isize,
    contents: MlirStringRef,
    expected_count: i64,
    array: *mut ArrayHandle,
) -> MlirLogicalResult {
    if array.is_null() {
        return failure();
    }
    (*array).ptr = std::ptr::null_mut();
    let Some(k) = kernel_ref(kernel) else { return failure() };
    let result = guard(None, std::ptr::null_mut(), Err("internal error in Tritium (a panic)".to_string()), || {
        let bytes: &[u8] = if contents.length == 0 {
            &[]
        } else if contents.data.is_null() {
            return Err(format!("contents is NULL with a length of {}", contents.length));
        } else {
            std::slice::from_raw_parts(contents.data as *const u8, contents.length)
        };
        parse_npy(k, index, bytes, expected_count)
    });
    let mut last = k.last_error.lock().unwrap_or_else(|p| p.into_inner());
    match result {
        Ok(a) => {
            last.clear();
            (*array).ptr = Box::into_raw(Box::new(a)) as *mut c_void;
            success()
        }
        Err(message) => {
            *last = message;
            failure()
        }
    }
}

fn array_ref<'a>(array: ArrayHandle) -> Option<&'a crate::npy::NpyArray> {
    unsafe { (array.ptr as *const crate::npy::NpyArray).as_ref() }
}

/// See `tritiumCpuArrayGetData` in `Cpu.h`.
#[no_mangle]
pub extern "C" fn tritiumCpuArrayGetData(array: ArrayHandle) -> *mut c_void {
    array_ref(array).map_or(std::ptr::null_mut(), |a| a.data() as *mut c_void)
}

/// See `tritiumCpuArrayGetNumElements` in `Cpu.h`.
#[no_mangle]
pub extern "C" fn tritiumCpuArrayGetNumElements(array: ArrayHandle) -> i64 {
    array_ref(array).map_or(-1, |a| a.num_elements)
}

/// See `tritiumCpuArrayGetRank` in `Cpu.h`.
#[no_mangle]
pub extern "C" fn tritiumCpuArrayGetRank(array: ArrayHandle) -> isize {
    array_ref(array).map_or(-1, |a| a.shape.len() as isize)
}

/// See `tritiumCpuArrayGetDimSize` in `Cpu.h`.
#[no_mangle]
pub extern "C" fn tritiumCpuArrayGetDimSize(array: ArrayHandle, dim: isize) -> i64 {
    array_ref(array).and_then(|a| usize::try_from(dim).ok().and_then(|d| a.shape.get(d).copied())).unwrap_or(-1)
}

/// See `tritiumCpuArrayDestroy` in `Cpu.h`.
///
/// # Safety
/// `array` is null or comes from `tritiumCpuKernelParseNpy`.
#[no_mangle]
pub unsafe extern "C" fn tritiumCpuArrayDestroy(array: ArrayHandle) {
    if !array.ptr.is_null() {
        drop(Box::from_raw(array.ptr as *mut crate::npy::NpyArray));
    }
}

/// See `tritiumCpuKernelGetLastError` in `Cpu.h`.
#[no_mangle]
pub extern "C" fn tritiumCpuKernelGetLastError(kernel: KernelHandle) -> MlirStringRef {
    match kernel_ref(kernel) {
        Some(k) => {
            let last = k.last_error.lock().unwrap_or_else(|p| p.into_inner());
            // The string stays allocated until the next launch of this kernel.
            string_ref(last.as_str())
        }
        None => string_ref(""),
    }
}

/// See `tritiumCpuKernelGetName` in `Cpu.h`.
#[no_mangle]
pub extern "C" fn tritiumCpuKernelGetName(kernel: KernelHandle) -> MlirStringRef {
    kernel_ref(kernel).map_or_else(|| string_ref(""), |k| string_ref(&k.name))
}

/// See `tritiumCpuKernelGetNumArguments` in `Cpu.h`.
#[no_mangle]
pub extern "C" fn tritiumCpuKernelGetNumArguments(kernel: KernelHandle) -> isize {
    kernel_ref(kernel).map_or(-1, |k| k.arg_types.len() as isize)
}

/// See `tritiumCpuKernelGetArgumentType` in `Cpu.h`.
#[no_mangle]
pub extern "C" fn tritiumCpuKernelGetArgumentType(kernel: KernelHandle, index: isize) -> MlirStringRef {
    kernel_ref(kernel)
        .and_then(|k| usize::try_from(index).ok().and_then(|i| k.arg_types.get(i)))
        .map_or_else(|| string_ref(""), |t| string_ref(t))
}

/// See `tritiumCpuKernelDestroy` in `Cpu.h`.
///
/// # Safety
/// `kernel` is null or comes from `tritiumCpuKernelLoad`, and no launch of
/// it is running.
#[no_mangle]
pub unsafe extern "C" fn tritiumCpuKernelDestroy(kernel: KernelHandle) {
    if !kernel.ptr.is_null() {
        let _ = guard(None, std::ptr::null_mut(), (), || drop(Box::from_raw(kernel.ptr as *mut Kernel)));
    }
}

/// Keeps the C API's symbols in the link (the Rust half is a static archive
/// whose members are only pulled in when referenced).
pub fn keep_exports() -> usize {
    let fns: [usize; 15] = [
        tritiumCpuKernelOptionsGetDefault as *const () as usize,
        tritiumCpuKernelLoad as *const () as usize,
        tritiumCpuKernelEmitObject as *const () as usize,
        tritiumCpuKernelLaunch as *const () as usize,
        tritiumCpuKernelGetLastError as *const () as usize,
        tritiumCpuKernelGetName as *const () as usize,
        tritiumCpuKernelGetNumArguments as *const () as usize,
        tritiumCpuKernelGetArgumentType as *const () as usize,
        tritiumCpuKernelDestroy as *const () as usize,
        tritiumCpuKernelParseNpy as *const () as usize,
        tritiumCpuArrayGetData as *const () as usize,
        tritiumCpuArrayGetNumElements as *const () as usize,
        tritiumCpuArrayGetRank as *const () as usize,
        tritiumCpuArrayGetDimSize as *const () as usize,
        tritiumCpuArrayDestroy as *const () as usize,
    ];
    std::hint::black_box(fns).iter().sum()
}
