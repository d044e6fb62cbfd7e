//! PTX code generation for `cuda:<cc>` targets: the architecture and PTX
//! ISA version a target and an optional requested version resolve to (as
//! Triton picks them), and Triton's post-processing of the PTX LLVM emits.
//! How the C API optimizes and links a `cuda:` kernel (Triton's way:
//! without the target machine, libdevice linked when called, flushing
//! denormals). Registered as the backend's codegen hooks ([`register`]).
use mlir_sys::mlirStringAttrGetValue;
use tritium_dialects::ir::{str_of, Op};
use tritium_dialects::spec::{DeviceCodegen, MachineTarget, SpecBuilder};

/// Registers the codegen hooks.
pub fn register(spec: &mut SpecBuilder) {
    spec.set_codegen_target(codegen_target);
    spec.set_assembly_postprocess(postprocess_ptx);
    spec.set_device_codegen(DeviceCodegen {
        // make_llir's option (spec/nvidia/src/passes: the lowering picks
        // instructions by the PTX ISA, as Triton's make_llir does).
        asm_version_option: "ptx-version",
        // tritiumCompileToPTX.
        driver_assembly: true,
        // As Triton: NVPTX modules are optimized without the target machine.
        optimize_with_target: false,
        // libdevice flushes denormals to zero, as in Triton.
        module_flags: &[("nvvm-reflect-ftz", 1)],
        // libdevice's __nvvm_reflect queries are answered right after
        // optimization ([`resolve_reflect`]), not by LLVM's NVVMReflect.
        post_optimization: Some(resolve_reflect),
        // As Triton: a kernel that calls libdevice gets libdevice linked.
        default_library: Some(default_library),
        // PTX is assembled by ptxas (or the driver), not by LLVM.
        no_object_code: Some(
            "the NVPTX backend emits no object code for 'nvptx64-nvidia-cuda'; emit PTX and assemble it with ptxas",
        ),
        initialize_llvm_target: Some(initialize_nvptx),
    });
}

/// Registers LLVM's NVPTX code generator (once per process).
fn initialize_nvptx() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| unsafe {
        use inkwell::llvm_sys::target::*;
        LLVMInitializeNVPTXTargetInfo();
        LLVMInitializeNVPTXTarget();
        LLVMInitializeNVPTXTargetMC();
        LLVMInitializeNVPTXAsmPrinter();
    });
}

/// The library a kernel is linked with when the caller names none:
/// libdevice when the kernel calls it (see [`calls_libdevice`]).
fn default_library(module: Op) -> Result<Option<String>, String> {
    if calls_libdevice(module)? {
        default_libdevice().map(Some)
    } else {
        Ok(None)
    }
}

/// Functions the CUDA driver provides to every kernel (PTX system calls).
const DRIVER_FUNCTIONS: &[&str] = &["vprintf", "__assertfail", "malloc", "free"];

/// A GPU kernel cannot call a function nobody defines: refuses an LLVM-dialect
/// module that declares non-intrinsic functions when no library is linked.
/// The driver's system calls are always there, and libdevice's `__nv_*`
/// functions (linked by default): the result says whether any is called.
fn calls_libdevice(module: Op) -> Result<bool, String> {
    let external: Vec<String> = module
        .nested_ops()
        .into_iter()
        .filter(|op| op.name() == "llvm.func" && op.num_regions() > 0 && op.entry_block(0).is_none())
        .filter_map(|op| op.attr("sym_name").map(|a| unsafe { str_of(mlirStringAttrGetValue(a.0)) }.to_string()))
        .filter(|name| !name.starts_with("llvm.") && !DRIVER_FUNCTIONS.contains(&name.as_str()))
        .collect();
    let (nv, other): (Vec<&String>, Vec<&String>) = external.iter().partition(|n| n.starts_with("__nv_"));
    if other.is_empty() {
        Ok(!nv.is_empty())
    } else {
        Err(format!(
            "the kernel calls external function(s) {}; link the library that defines them \
             (TritiumCompileOptions.externLibs, tritium-compile --link)",
            other.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
        ))
    }
}

/// The libdevice Triton links by default: `$TRITIUM_LIBDEVICE`, else the one
/// in the Triton wheel that `make deps` installs
/// (`~/.cache/tritium/triton-3.9.0`, or `$TRITIUM_TRITON_VENV`).
fn default_libdevice() -> Result<String, String> {
    if let Some(path) = std::env::var_os("TRITIUM_LIBDEVICE") {
        let path = std::path::PathBuf::from(path);
        return if path.is_file() {
            Ok(path.to_string_lossy().into_owned())
        } else {
            Err(format!("TRITIUM_LIBDEVICE names '{}', which is not a file", path.display()))
        };
    }
    let venv = std::env::var_os("TRITIUM_TRITON_VENV")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".cache/tritium/triton-3.9.0")));
    if let Some(venv) = &venv {
        if let Ok(entries) = std::fs::read_dir(venv.join("lib")) {
            for entry in entries.flatten() {
                let candidate = entry.path().join("site-packages/triton/backends/nvidia/lib/libdevice.10.bc");
                if candidate.is_file() {
                    return Ok(candidate.to_string_lossy().into_owned());
                }
            }
        }
    }
    Err(format!(
        "the kernel calls libdevice, and no libdevice.10.bc was found (set TRITIUM_LIBDEVICE, pass \
         tritium-compile --link, or install Triton 3.9.0 with `make deps`{})",
        venv.map(|v| format!("; looked in {}", v.display())).unwrap_or_default()
    ))
}

/// The PTX ISA version used when the options give none (8.8: what the
/// driver of an H100 accepts; 9.x is refused there).
pub const DEFAULT_PTX_VERSION: u32 = 88;

/// The newest PTX ISA that LLVM 22's NVPTX backend knows (`+ptx90`). A newer
/// version is generated as this one and its `.version` line rewritten, as
/// Triton does for versions newer than its LLVM.
pub const MAX_LLVM_PTX_VERSION: u32 = 90;

/// The CUDA compute capabilities LLVM 22 generates code for, each with the
/// oldest PTX ISA (times ten) that supports the architecture Triton picks
/// for it (`sm_<cap>`, or `sm_<cap>a` from 90 on).
pub const CUDA_CAPABILITIES: &[(u32, u32)] = &[
    (50, 40),
    (52, 40),
    (53, 42),
    (60, 50),
    (61, 50),
    (62, 50),
    (70, 60),
    (72, 61),
    (75, 63),
    (80, 70),
    (86, 71),
    (87, 74),
    (88, 90),
    (89, 78),
    (90, 80),
    (100, 86),
    (101, 86),
    (103, 88),
    (110, 90),
    (120, 87),
    (121, 88),
];

/// Whether `version` (times ten) names a PTX ISA: 6.0-6.5, 7.0-7.8, 8.0-8.8,
/// or 9.x (9.1 and newer are beyond LLVM 22 and generated as 9.0).
pub fn is_ptx_isa(version: u32) -> bool {
    matches!(version, 60..=65 | 70..=78 | 80..=88 | 90..=99)
}

/// Resolves `cuda:<capability>` and a PTX ISA version (0: the default) to
/// the NVPTX target LLVM generates code for.
pub fn codegen_target(name: &str, ptx_version: u32) -> Result<MachineTarget, String> {
    let Some(capability) = name.strip_prefix("cuda:") else {
        return Err(format!("unknown target '{name}': expected cuda:<capability> (e.g. cuda:80)"));
    };
    let capability: u32 =
        capability.parse().map_err(|_| format!("unknown target '{name}': the capability must be a number, as in cuda:80"))?;
    let Some(&(_, min_ptx)) = CUDA_CAPABILITIES.iter().find(|(c, _)| *c == capability) else {
        let known: Vec<String> = CUDA_CAPABILITIES.iter().map(|(c, _)| c.to_string()).collect();
        return Err(format!("unknown target '{name}': LLVM 22 knows the capabilities {}", known.join(", ")));
    };
    let ptx = if ptx_version == 0 { DEFAULT_PTX_VERSION.max(min_ptx) } else { ptx_version };
    if !is_ptx_isa(ptx) {
        return Err(format!("PTX ISA {}.{} does not exist", ptx / 10, ptx % 10));
    }
    let suffix = if capability >= 90 { "a" } else { "" };
    let cpu = format!("sm_{capability}{suffix}");
    if ptx < min_ptx {
        return Err(format!("{cpu} needs PTX ISA {}.{} or newer, got {}.{}", min_ptx / 10, min_ptx % 10, ptx / 10, ptx % 10));
    }
    Ok(MachineTarget {
        triple: "nvptx64-nvidia-cuda".into(),
        cpu,
        features: format!("+ptx{}", ptx.min(MAX_LLVM_PTX_VERSION)),
        asm_version: Some(ptx),
    })
}

/// Rewrites the `.version` line of `ptx` to `version` when LLVM generated an
/// older ISA (see [`MAX_LLVM_PTX_VERSION`]).
pub fn set_ptx_version(ptx: &str, version: u32) -> String {
    let wanted = format!(".version {}.{}", version / 10, version % 10);
    ptx.lines()
        .map(|line| if line.starts_with(".version ") { wanted.as_str() } else { line })
        .fold(String::with_capacity(ptx.len() + 8), |mut out, line| {
            out.push_str(line);
            out.push('\n');
            out
        })
}

/// Triton's PTX post-processing: the `.version` line says the requested ISA
/// (see [`MAX_LLVM_PTX_VERSION`]), and the `debug` flag that LLVM adds to
/// `.target` when the module has debug locations is dropped (it stops ptxas
/// from optimizing); the `.loc` line info stays.
pub fn postprocess_ptx(ptx: &str, version: u32) -> String {
    let ptx = if version > MAX_LLVM_PTX_VERSION { set_ptx_version(ptx, version) } else { ptx.to_string() };
    ptx.lines()
        .map(|line| match line.strip_prefix(".target ") {
            Some(rest) => {
                let kept: Vec<&str> = rest.split(',').map(str::trim).filter(|f| *f != "debug").collect();
                format!(".target {}", kept.join(", "))
            }
            None => line.to_string(),
        })
        .fold(String::with_capacity(ptx.len()), |mut out, line| {
            out.push_str(&line);
            out.push('\n');
            out
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuda_targets_follow_triton() {
        let t = codegen_target("cuda:80", 0).unwrap();
        assert_eq!((t.triple.as_str(), t.cpu.as_str(), t.features.as_str()), ("nvptx64-nvidia-cuda", "sm_80", "+ptx88"));
        assert_eq!(t.asm_version, Some(88));
        let t = codegen_target("cuda:90", 94).unwrap();
        assert_eq!((t.cpu.as_str(), t.features.as_str(), t.asm_version), ("sm_90a", "+ptx90", Some(94)));
        assert_eq!(codegen_target("cuda:80", 70).unwrap().features, "+ptx70");
    }

    #[test]
    fn bad_targets_are_errors() {
        for (name, ptx, message) in [
            ("cuda:81", 0, "unknown target 'cuda:81'"),
            ("cuda:x", 0, "must be a number"),
            ("cuda:90", 78, "sm_90a needs PTX ISA 8.0"),
            ("cuda:80", 89, "PTX ISA 8.9 does not exist"),
        ] {
            let error = codegen_target(name, ptx).unwrap_err();
            assert!(error.contains(message), "{name}: {error}");
        }
    }

    #[test]
    fn newer_ptx_rewrites_the_version_line() {
        let ptx = "//\n.version 9.0\n.target sm_90a\n";
        assert_eq!(set_ptx_version(ptx, 94), "//\n.version 9.4\n.target sm_90a\n");
    }

    #[test]
    fn ptx_loses_the_debug_flag() {
        let ptx = "//\n.version 8.8\n.target sm_80, debug\n.address_size 64\n";
        assert_eq!(postprocess_ptx(ptx, 88), "//\n.version 8.8\n.target sm_80\n.address_size 64\n");
    }
}

/// libdevice's flush-to-zero answer (`__CUDA_FTZ`): the module flag above.
const REFLECT_FTZ: u64 = 1;

/// Answers libdevice's `__nvvm_reflect("...")` (and `llvm.nvvm.reflect`)
/// queries of the optimized module: `__CUDA_FTZ` is [`REFLECT_FTZ`],
/// `__CUDA_ARCH` the architecture of `cpu` (`sm_90a`: 900); each call
/// becomes that `i32` constant, and `sccp,instsimplify` fold what depends
/// on it. Queries of other names are left to LLVM's NVVMReflect in the code
/// generator, which answers them as it always did.
///
/// LLVM 22's NVVMReflect (both pass managers) crashed on a call whose
/// folded user uses one value twice: it queues the user once per use and
/// erases it twice (libdevice's `sinf` of a constant subnormal, where a
/// select on the FTZ query feeds both operands of `llvm.nvvm.mul.rn.f`;
/// Triton 3.9's make_ptx crashes there too: GPU differential seed 60 #974).
///
/// # Safety
/// `module` must be a live `LLVMModuleRef`.
unsafe fn resolve_reflect(module: *mut std::ffi::c_void, cpu: &str) -> Result<(), String> {
    use inkwell::llvm_sys::core::*;
    use inkwell::llvm_sys::prelude::LLVMValueRef;
    let module = module as inkwell::llvm_sys::prelude::LLVMModuleRef;
    let arch: Option<u64> = cpu
        .strip_prefix("sm_")
        .map(|s| s.trim_end_matches(|c: char| c.is_ascii_alphabetic()))
        .and_then(|s| s.parse::<u64>().ok())
        .map(|sm| sm * 10);
    let mut answers: Vec<(LLVMValueRef, u64)> = Vec::new();
    for name in [c"__nvvm_reflect", c"llvm.nvvm.reflect"] {
        let function = LLVMGetNamedFunction(module, name.as_ptr());
        if function.is_null() {
            continue;
        }
        let mut use_ = LLVMGetFirstUse(function);
        while !use_.is_null() {
            let user = LLVMGetUser(use_);
            use_ = LLVMGetNextUse(use_);
            if LLVMIsACallInst(user).is_null() || LLVMGetCalledValue(user) != function || LLVMGetNumArgOperands(user) != 1 {
                continue;
            }
            let answer = match reflect_query(LLVMGetOperand(user, 0)).as_deref() {
                Some("__CUDA_FTZ") => Some(REFLECT_FTZ),
                Some("__CUDA_ARCH") => arch,
                _ => None,
            };
            if let Some(value) = answer {
                answers.push((user, value));
            }
        }
    }
    let resolved = !answers.is_empty();
    for (call, value) in answers {
        let constant = LLVMConstInt(LLVMTypeOf(call), value, 0);
        LLVMReplaceAllUsesWith(call, constant);
        LLVMInstructionEraseFromParent(call);
    }
    if resolved {
        // Fold what depends on the answers, as NVVMReflect does after
        // answering: the code generator then meets the IR it met before
        // (PTX of the 187 corpus and extra kernels byte-identical).
        use inkwell::llvm_sys::error::*;
        use inkwell::llvm_sys::transforms::pass_builder::*;
        let options = LLVMCreatePassBuilderOptions();
        let error = LLVMRunPasses(module, c"function(sccp,instsimplify)".as_ptr(), std::ptr::null_mut(), options);
        LLVMDisposePassBuilderOptions(options);
        if !error.is_null() {
            let raw = LLVMGetErrorMessage(error);
            let message = std::ffi::CStr::from_ptr(raw).to_string_lossy().into_owned();
            LLVMDisposeErrorMessage(raw);
            return Err(format!("folding libdevice's answered __nvvm_reflect queries failed: {message}"));
        }
    }
    Ok(())
}

/// The name a reflect call asks about: its argument, through constant
/// pointer casts and GEPs, is a global holding a C string.
unsafe fn reflect_query(mut value: inkwell::llvm_sys::prelude::LLVMValueRef) -> Option<String> {
    use inkwell::llvm_sys::core::*;
    for _ in 0..8 {
        if !LLVMIsAGlobalVariable(value).is_null() {
            let init = LLVMGetInitializer(value);
            if init.is_null() || LLVMIsConstantString(init) == 0 {
                return None;
            }
            let mut len = 0usize;
            let bytes = LLVMGetAsString(init, &mut len);
            let text = std::slice::from_raw_parts(bytes as *const u8, len);
            let text = text.split(|&b| b == 0).next().unwrap_or(&[]);
            return std::str::from_utf8(text).ok().map(str::to_string);
        }
        if LLVMIsAConstantExpr(value).is_null() || LLVMGetNumOperands(value) < 1 {
            return None;
        }
        value = LLVMGetOperand(value, 0);
    }
    None
}
