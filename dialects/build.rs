//! Points melior's `dialect!` at the `.td` files, and makes `-lMLIR-C` (requested by mlir-sys in shared mode) resolvable for Rust test binaries.
//!
//! Debian ships the MLIR C API only as static `libMLIRCAPI*.a` archives whose C++ references
//! resolve against the one shared `libMLIR.so`. We write an implicit linker script named
//! `libMLIR-C.so` that groups those archives. A `staticlib` never performs this link, so the
//! archives are not bundled into it: the final `libtritium.so` is linked by CMake.
use std::{env, fs, path::PathBuf};

fn main() {
    let prefix = env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let lib_dir = PathBuf::from(&prefix).join("lib");
    let mut archives: Vec<String> = fs::read_dir(&lib_dir)
        .map(|dir| {
            dir.filter_map(|entry| entry.ok())
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .filter(|name| name.starts_with("libMLIRCAPI") && name.ends_with(".a"))
                .map(|name| lib_dir.join(name).display().to_string())
                .collect()
        })
        .unwrap_or_default();
    archives.sort();
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let script = format!("GROUP ( {} )\n", archives.join(" "));
    fs::write(out.join("libMLIR-C.so"), script).expect("write linker script");
    println!("cargo:rustc-link-search=native={}", out.display());
    // melior's `dialect!` reads the ODS of `tt` from here (absolute, for the proc macro).
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    println!("cargo:rustc-env=TRITIUM_TD_DIR={}", manifest.display());
    for td in ["TritonDialect.td", "TritonAttrs.td", "TritonTypes.td", "TritonOps.td"] {
        println!("cargo:rerun-if-changed={}", manifest.join("tt").join(td).display());
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
}
