//! Helpers for the build scripts of Tritium's crates (and a vendor
//! backend's): [`write_pass_list`] finds the crate's Rust passes in its
//! sources, so that no hand-kept list of passes exists.
//!
//! A pass is declared where it is written: a top-level item
//! `impl Pass for Name {` (or `impl <path>::Pass for Name {`) in a file under
//! `src/` registers the unit struct `Name` (its flag and options are the
//! `.td` record of the same flag, from which CMake generates the C++ side).
//! The build script writes `$OUT_DIR/passes.rs`, which defines
//!
//! ```ignore
//! pub static PASSES: &[&dyn tritium_dialects::pass::Pass] = &[&crate::combine::Combine, ...];
//! ```
//!
//! and the crate `include!`s it where it hands its passes to the core
//! (`passes/src/lib.rs`) or to `SpecBuilder::add_pass` (a backend's
//! `register`). Why a build script and not link-time registration
//! (`inventory`, `linkme`): the Rust code reaches libtritium.so as a static
//! archive linked without `--whole-archive`, and with `--gc-sections`, so a
//! registration that nothing references can be dropped by the linker; a
//! generated list references every pass, and is checked by rustc.
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One pass found in the sources: its module path, type name and flag (the
/// first string literal after its `fn argument`).
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct FoundPass {
    pub module: String,
    pub name: String,
    pub flag: Option<String>,
}

/// The passes under `src` (a crate's `src/` folder), in file-path and line
/// order (see [`order_by_records`]).
pub fn find_passes(src: &Path) -> Vec<FoundPass> {
    let mut files = Vec::new();
    collect_rs(src, &mut files);
    files.sort();
    let mut passes = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let module = module_path(src, &file);
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if let Some(name) = pass_impl(line) {
                let flag = argument_literal(&lines[i + 1..], &text);
                passes.push(FoundPass { module: module.clone(), name: name.to_string(), flag });
            }
        }
    }
    passes
}

/// The flag `fn argument` returns, in the lines of an impl block (`text`:
/// the whole file): a string literal, or a `const NAME: &str = "..."` of
/// the file.
fn argument_literal(lines: &[&str], text: &str) -> Option<String> {
    let start = lines.iter().take_while(|l| !l.starts_with('}')).position(|l| l.contains("fn argument("))?;
    let joined = lines[start..].iter().take(4).copied().collect::<Vec<_>>().join("\n");
    let (_, body) = joined.split_once('{')?;
    let (body, _) = body.split_once('}')?;
    let body = body.trim();
    if let Some(rest) = body.strip_prefix('"') {
        return rest.split_once('"').map(|(flag, _)| flag.to_string());
    }
    if !body.is_empty() && body.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        for line in text.lines() {
            let Some(rest) = line.trim_start().strip_prefix("const ").or(line.trim_start().strip_prefix("pub const ")) else {
                continue;
            };
            if let Some((name, value)) = rest.split_once(':') {
                if name.trim() == body {
                    let (_, literal) = value.split_once('"')?;
                    return literal.split_once('"').map(|(flag, _)| flag.to_string());
                }
            }
        }
    }
    None
}

/// The flags of the `Pass<"flag"` records of a `.td` file, in order.
pub fn record_flags(td: &str) -> Vec<String> {
    td.split("Pass<\"").skip(1).filter_map(|rest| rest.split_once('"').map(|(flag, _)| flag.to_string())).collect()
}

/// Orders `passes` as the records of `flags` (the crate's `.td`): the order
/// in which a backend lists them (`--spec-report`); a pass without a record
/// comes last.
pub fn order_by_records(passes: &mut [FoundPass], flags: &[String]) {
    passes.sort_by_key(|p| p.flag.as_ref().and_then(|f| flags.iter().position(|r| r == f)).unwrap_or(usize::MAX));
}

/// The type of a top-level `impl [path::]Pass for Name {` line.
fn pass_impl(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("impl ")?;
    let (trait_path, rest) = rest.split_once(" for ")?;
    if trait_path.trim().rsplit("::").next()? != "Pass" {
        return None;
    }
    let name = rest.trim_end().strip_suffix('{')?.trim();
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then_some(name)
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `crate::a::b` for `src/a/b.rs` and `src/a/b/mod.rs`, `crate` for
/// `src/lib.rs`.
fn module_path(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).expect("a file under src/");
    let mut parts: Vec<String> =
        relative.iter().map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod") | Some("lib") | Some("main")) {
        parts.pop();
    }
    std::iter::once("crate".to_string()).chain(parts).collect::<Vec<_>>().join("::")
}

/// The text of `passes.rs` for `passes`.
pub fn pass_list(passes: &[FoundPass]) -> String {
    let mut text = String::from(
        "// Generated by the crate's build script (tritium-build-support): every\n\
         // top-level `impl Pass for` of src/. Do not edit.\n\
         /// Every Rust pass of this crate.\n\
         pub static PASSES: &[&dyn tritium_dialects::pass::Pass] = &[\n",
    );
    for pass in passes {
        writeln!(text, "    &{}::{},", pass.module, pass.name).unwrap();
    }
    text.push_str("];\n");
    text
}

/// For a build script: writes `$OUT_DIR/passes.rs` with the passes of the
/// crate's `src/` and asks cargo to rerun when a file there changes.
///
/// The list follows the order of the records of the crate's pass `.td`
/// (`passes/Passes.td` or `Passes.td` beside its Cargo.toml), if it has one.
pub fn write_pass_list() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("run from a build script");
    let src = Path::new(&manifest).join("src");
    println!("cargo:rerun-if-changed={}", src.display());
    let mut passes = find_passes(&src);
    for td in ["passes/Passes.td", "Passes.td"] {
        let td = Path::new(&manifest).join(td);
        if let Ok(text) = std::fs::read_to_string(&td) {
            println!("cargo:rerun-if-changed={}", td.display());
            order_by_records(&mut passes, &record_flags(&text));
            break;
        }
    }
    let out = Path::new(&std::env::var("OUT_DIR").expect("run from a build script")).join("passes.rs");
    let text = pass_list(&passes);
    if std::fs::read_to_string(&out).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&out, text).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_top_level_impls_only() {
        assert_eq!(pass_impl("impl Pass for Combine {"), Some("Combine"));
        assert_eq!(pass_impl("impl tritium_dialects::pass::Pass for X {"), Some("X"));
        assert_eq!(pass_impl("    impl Pass for Nested {"), None);
        assert_eq!(pass_impl("impl RewritePattern for Combine {"), None);
        assert_eq!(pass_impl("impl Pass for $name {"), None);
    }

    #[test]
    fn flags_and_record_order() {
        let lines = ["    fn argument(&self) -> &'static str {", "        \"b-pass\"", "    }", "}"];
        assert_eq!(argument_literal(&lines, "").as_deref(), Some("b-pass"));
        let lines = ["    fn argument(&self) -> &'static str {", "        FLAG", "    }", "    fn run() { \"x\" }", "}"];
        let text = "const FLAG: &str = \"c-pass\";\n";
        assert_eq!(argument_literal(&lines, text).as_deref(), Some("c-pass"));
        let flags = record_flags("def A : Pass<\"a-pass\", \"m\"> {}\ndef B\n    : Pass<\"b-pass\"> {}");
        assert_eq!(flags, ["a-pass", "b-pass"]);
        let pass = |name: &str, flag: Option<&str>| FoundPass {
            module: "crate".into(),
            name: name.into(),
            flag: flag.map(String::from),
        };
        let mut passes = vec![pass("X", None), pass("B", Some("b-pass")), pass("A", Some("a-pass"))];
        order_by_records(&mut passes, &flags);
        assert_eq!(passes.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["A", "B", "X"]);
    }

    #[test]
    fn module_paths() {
        let src = Path::new("/c/src");
        assert_eq!(module_path(src, Path::new("/c/src/lib.rs")), "crate");
        assert_eq!(module_path(src, Path::new("/c/src/combine.rs")), "crate::combine");
        assert_eq!(module_path(src, Path::new("/c/src/passes/mod.rs")), "crate::passes");
        assert_eq!(module_path(src, Path::new("/c/src/passes/tma.rs")), "crate::passes::tma");
    }
}
