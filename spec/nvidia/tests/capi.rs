//! The NVIDIA backend through the compile C API (`tritium_capi::compile`),
//! built in as libtritium.so builds it: this test binary defines the list of
//! built-in backends that the generated crate of a library defines
//! (`cmake/TritiumBackend.cmake`), with this backend alone.
use mlir_sys::*;
use std::ffi::c_void;
use tritium_capi::compile::*;
use tritium_capi::spec::BuiltinBackend;
use tritium_dialects::ir::{str_of, string_ref};

static BUILTIN_BACKENDS: [BuiltinBackend; 1] = [BuiltinBackend {
    manifest: include_str!("../spec.toml"),
    manifest_path: "spec/nvidia/spec.toml",
    register: tritium_spec_nvidia::register,
}];

/// The built-in backends of this test binary (see `capi/src/passes.rs`).
#[no_mangle]
pub fn tritium_builtin_backends() -> &'static [BuiltinBackend] {
    &BUILTIN_BACKENDS
}

#[test]
fn cuda_targets_follow_triton() {
    let t = resolve_target("cuda:80", 0).unwrap();
    assert_eq!((t.codegen.triple.as_str(), t.codegen.cpu.as_str(), t.codegen.features.as_str()), ("nvptx64-nvidia-cuda", "sm_80", "+ptx88"));
    assert_eq!(t.asm_version, Some(88));
    let t = resolve_target("cuda:90", 94).unwrap();
    assert_eq!((t.codegen.cpu.as_str(), t.codegen.features.as_str(), t.asm_version), ("sm_90a", "+ptx90", Some(94)));
    assert_eq!(resolve_target("cuda:80", 70).unwrap().codegen.features, "+ptx70");
}

#[test]
fn bad_targets_are_errors() {
    for (name, ptx, message) in [
        ("cuda:81", 0, "unknown target 'cuda:81'"),
        ("cuda:x", 0, "must be a number"),
        ("tpu", 0, "unknown target 'tpu': expected cuda:<arch>"),
        ("cuda:90", 78, "sm_90a needs PTX ISA 8.0"),
        ("cuda:80", 89, "PTX ISA 8.9 does not exist"),
    ] {
        let error = resolve_target(name, ptx).unwrap_err();
        assert!(error.contains(message), "{name}: {error}");
    }
}

const KERNEL: &str = r#"
    module attributes {"ttg.num-warps" = 2 : i32, ttg.target = "cuda:80"} {
      llvm.func @k(%p: !llvm.ptr<1> {tt.divisibility = 16 : i32}) attributes {nvvm.kernel = 1 : ui1} {
        %t = nvvm.read.ptx.sreg.tid.x : i32
        llvm.store %t, %p : i32, !llvm.ptr<1>
        llvm.return
      }
    }"#;

const NEEDS_LOWERING: &str = r#"
    module {
      func.func public @k() {
        return
      }
    }"#;

unsafe extern "C" fn append_text(s: MlirStringRef, user_data: *mut c_void) {
    (*(user_data as *mut String)).push_str(str_of(s));
}

/// Collects the messages of every diagnostic of a context.
unsafe extern "C" fn collect(diagnostic: MlirDiagnostic, user_data: *mut c_void) -> MlirLogicalResult {
    mlirDiagnosticPrint(diagnostic, Some(append_text), user_data);
    (*(user_data as *mut String)).push('\n');
    MlirLogicalResult { value: 1 }
}

/// Parses `text` in a context with the llvm, nvvm and func dialects, and
/// runs `body` on it with the collected diagnostics.
fn with_module(text: &str, body: impl FnOnce(MlirModule, &mut String)) {
    unsafe {
        let context = mlirContextCreate();
        for handle in [mlirGetDialectHandle__llvm__(), mlirGetDialectHandle__nvvm__(), mlirGetDialectHandle__func__()] {
            mlirDialectHandleLoadDialect(handle, context);
        }
        let mut diagnostics = Box::new(String::new());
        let id = mlirContextAttachDiagnosticHandler(context, Some(collect), &mut *diagnostics as *mut String as *mut c_void, None);
        let module = mlirModuleCreateParse(context, string_ref(text));
        assert!(!module.ptr.is_null(), "{diagnostics}");
        body(module, &mut diagnostics);
        mlirModuleDestroy(module);
        mlirContextDetachDiagnosticHandler(context, id);
        mlirContextDestroy(context);
    }
}

fn options(target: &str) -> CompileOptions {
    CompileOptions {
        target: string_ref(target),
        ptx_version: 0,
        opt_level: 3,
        extern_libs: std::ptr::null(),
        num_extern_libs: 0,
        enable_fp_fusion: true,
        num_warps: 0,
        num_stages: 0,
    }
}

fn module_text(module: MlirModule) -> String {
    let mut text = String::new();
    unsafe { mlirOperationPrint(mlirModuleGetOperation(module), Some(append_text), &mut text as *mut String as *mut c_void) };
    text
}

#[test]
fn an_llvm_dialect_kernel_becomes_ptx() {
    with_module(KERNEL, |module, diagnostics| {
        let before = module_text(module);
        let mut ptx = String::new();
        let ok = unsafe { tritium_compile(module, &options(""), EMIT_PTX, Some(append_text), &mut ptx as *mut String as *mut c_void) };
        assert!(ok, "{diagnostics}");
        for expected in [".version 8.8", ".target sm_80", ".visible .entry k(", "mov.u32"] {
            assert!(ptx.contains(expected), "{expected} in\n{ptx}");
        }
        // NVPTX object code is refused with a diagnostic; nothing changed.
        let ok = unsafe { tritium_compile(module, &options("cuda:80"), EMIT_OBJECT, None, std::ptr::null_mut()) };
        assert!(!ok);
        assert!(diagnostics.contains("emits no object code"), "{diagnostics}");
        assert_eq!(module_text(module), before);
    });
}

#[test]
fn metadata_of_an_llvm_dialect_kernel() {
    with_module(KERNEL, |module, diagnostics| {
        let mut json = String::new();
        let null = MlirModule { ptr: std::ptr::null_mut() };
        let ok = unsafe { tritium_kernel_metadata_json(module, null, &options(""), Some(append_text), &mut json as *mut String as *mut c_void) };
        assert!(ok, "{diagnostics}");
        assert!(json.contains("\"name\": \"k\""), "{json}");
        assert!(json.contains("\"num_warps\": 2"), "{json}");
        assert!(json.contains("{\"name\": \"arg0\", \"type\": \"!llvm.ptr<1>\", \"divisibility\": 16}"), "{json}");
        assert!(json.contains("\"name\": \"profile_scratch\""), "{json}");
    });
}

#[test]
fn a_module_that_needs_lowering_fails_cleanly_without_the_pipeline() {
    // The Rust test binary registers no passes: the pipeline is missing.
    with_module(NEEDS_LOWERING, |module, diagnostics| {
        assert!(tritium_module_needs_lowering(module));
        let before = module_text(module);
        let ok = unsafe { tritium_compile(module, &options("cuda:80"), EMIT_PTX, None, std::ptr::null_mut()) };
        assert!(!ok);
        assert!(diagnostics.contains("pipeline 'tritium-make-llir' is not registered"), "{diagnostics}");
        assert!(!unsafe { tritium_lower_to_llvm_dialect(module, &options("cuda:80")) });
        assert_eq!(module_text(module), before);
    });
}
