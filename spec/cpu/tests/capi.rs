//! The CPU backend through the compile C API (`tritium_capi::compile`),
//! built in as libtritium.so builds it: this test binary defines the list of
//! built-in backends that the generated crate of a library defines
//! (`cmake/TritiumBackend.cmake`), with this backend alone.
use tritium_capi::compile::resolve_target;
use tritium_capi::spec::BuiltinBackend;
use tritium_dialects::spec;

static BUILTIN_BACKENDS: [BuiltinBackend; 1] = [BuiltinBackend {
    manifest: include_str!("../spec.toml"),
    manifest_path: "spec/cpu/spec.toml",
    register: tritium_spec_cpu::register,
}];

/// The built-in backends of this test binary (see `capi/src/passes.rs`).
#[no_mangle]
pub fn tritium_builtin_backends() -> &'static [BuiltinBackend] {
    &BUILTIN_BACKENDS
}

#[test]
fn host_targets_resolve_through_the_registry() {
    // The host backend (register(): HostCodegen and DirectLowering), found
    // by asking the registry, not by its name.
    resolve_target("cpu", 0).ok();
    let hosts = spec::host_targets();
    assert!(!hosts.is_empty());
    for name in &hosts {
        let host = spec::host_codegen(name).unwrap();
        assert!(spec::direct_lowering(name).is_some(), "{name}");
        if host.arch == std::env::consts::ARCH {
            let t = resolve_target(name, 0).unwrap();
            assert_eq!((t.codegen.cpu.as_str(), t.codegen.features.as_str()), (host.cpu, ""));
        }
    }
    let error = resolve_target("tpu", 0).unwrap_err();
    assert!(error.ends_with(hosts.last().unwrap()), "{error}");
}

