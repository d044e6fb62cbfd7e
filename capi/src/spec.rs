//! Backend specs from the library's side: the inventory of **slots** (every
//! replaceable pattern, legality rule and hook, by stable name), reading a
//! backend's manifest (`spec.toml`), checking it against the inventory and
//! the backend's Rust registrations (the drift guard), installing it, and the
//! C API that lists slots and reports who provides each.
use crate::guard;
use mlir_sys::MlirStringRef;
use std::collections::{BTreeMap, HashMap};
use std::ffi::c_void;
use std::fmt::Write as _;
use std::sync::{Mutex, OnceLock};
use tritium_dialects::conversion::ConversionPattern;
use tritium_dialects::ir::string_ref;
use tritium_dialects::rewrite::RewritePattern;
use tritium_dialects::spec::{self, LegalityChanges, Spec, SpecBuilder};

/// What a slot is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotKind {
    RewritePattern,
    ConversionPattern,
    Legality,
    Hook,
    /// A ttg→LLVM lowering pattern; a backend replaces it through its
    /// `TargetInfo::patterns()` (same slot name), not in `spec.toml`.
    LoweringPattern,
    /// A `TargetInfo` hook of the ttg→LLVM lowering, provided by the backend
    /// registered for the target prefix.
    TargetHook,
}

impl SlotKind {
    fn label(self) -> &'static str {
        match self {
            SlotKind::RewritePattern => "pattern",
            SlotKind::ConversionPattern => "conversion-pattern",
            SlotKind::Legality => "legality",
            SlotKind::Hook => "hook",
            SlotKind::LoweringPattern => "lowering-pattern",
            SlotKind::TargetHook => "target-hook",
        }
    }
}

/// One slot of the core.
#[derive(Clone, Debug)]
pub struct Slot {
    pub name: String,
    pub kind: SlotKind,
    /// The pattern sets, conversion or pass it belongs to (a pattern shared
    /// by several sets is one slot: replacing it replaces it in all).
    pub owner: String,
    pub doc: String,
}

/// The rewrite pattern sets a spec can change, by name (the pass argument;
/// `canonicalize` for the `tt` canonicalization patterns).
fn rewrite_sets() -> [(&'static str, &'static [&'static dyn RewritePattern]); 3] {
    [
        ("canonicalize", crate::canonicalize_defaults()),
        ("triton-combine", tritium_passes::combine::PATTERNS),
        ("triton-reorder-broadcast", tritium_passes::reorder_broadcast::PATTERNS),
    ]
}

/// The conversions a spec can change.
fn conversions() -> [(&'static str, &'static [&'static dyn ConversionPattern]); 1] {
    use tritium_conversions::triton_to_tritongpu as t2g;
    [(t2g::CONVERSION, t2g::PATTERNS)]
}

/// Every slot of the core, in a fixed order.
pub fn slots() -> &'static [Slot] {
    static SLOTS: OnceLock<Vec<Slot>> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let mut slots = Vec::new();
        for (set, patterns) in rewrite_sets() {
            for p in patterns {
                if let Some(shared) = slots.iter_mut().find(|s: &&mut Slot| s.name == p.name()) {
                    shared.owner = format!("{},{set}", shared.owner);
                    continue;
                }
                let mut doc = format!("root {}", if p.root().is_empty() { "any op" } else { p.root() });
                if let Some(prefix) = tritium_dialects::target_patterns::prefix_of(p.name()) {
                    let _ = write!(doc, ", in `{prefix}:*` modules only");
                }
                slots.push(Slot { name: p.name().into(), kind: SlotKind::RewritePattern, owner: set.into(), doc });
            }
        }
        for (conversion, patterns) in conversions() {
            for p in patterns {
                let doc = format!("root {}", if p.root().is_empty() { "any op" } else { p.root() });
                slots.push(Slot { name: p.name().into(), kind: SlotKind::ConversionPattern, owner: conversion.into(), doc });
            }
        }
        let t2g = tritium_conversions::triton_to_tritongpu::CONVERSION;
        for (name, doc) in tritium_conversions::triton_to_tritongpu::default_legality().slots(t2g) {
            slots.push(Slot { name, kind: SlotKind::Legality, owner: t2g.into(), doc });
        }
        for (name, doc) in spec::HOOKS {
            slots.push(Slot { name: (*name).into(), kind: SlotKind::Hook, owner: t2g.into(), doc: (*doc).into() });
        }
        let g2l = "convert-triton-gpu-to-llvm";
        for (name, roots) in tritium_conversions::ttg_to_llvm::slots() {
            slots.push(Slot { name: name.into(), kind: SlotKind::LoweringPattern, owner: g2l.into(), doc: format!("roots {roots}") });
        }
        // The lowering patterns the built-in backends declare as slots
        // (SpecBuilder::add_lowering_slot), e.g. those of a backend that
        // lowers TTIR itself.
        for (owner, name, roots) in crate::passes::builtin_lowering_slots() {
            slots.push(Slot { name: name.into(), kind: SlotKind::LoweringPattern, owner: owner.into(), doc: format!("roots {roots}") });
        }
        for (name, doc) in tritium_conversions::ttg_to_llvm::TARGET_HOOKS {
            slots.push(Slot { name: format!("ttg-to-llvm.target.{name}"), kind: SlotKind::TargetHook, owner: g2l.into(), doc: (*doc).into() });
        }
        slots
    })
}

/// The manifest of a backend, as read from `spec.toml`.
#[derive(Debug, Default)]
pub struct Manifest {
    pub name: String,
    pub target: String,
    /// `[backend] builtin = true`: built into libtritium.so itself
    /// (the in-tree backends), not into a library of its own.
    pub builtin: bool,
    /// Slot -> "replace" | "disable".
    pub slots: BTreeMap<String, String>,
    /// (set, pattern name) of every `[[add]]`.
    pub adds: Vec<(String, String)>,
    pub legality: BTreeMap<String, (Vec<String>, Vec<String>, Vec<String>)>,
    pub pipelines: Vec<(String, String)>,
}

/// Reads `spec.toml`; errors name the offending key.
pub fn parse_manifest(text: &str) -> Result<Manifest, String> {
    let root: toml::Table = text.parse().map_err(|e: toml::de::Error| format!("spec.toml is not valid TOML: {e}"))?;
    let mut m = Manifest::default();
    let string = |table: &toml::Table, key: &str, what: &str| -> Result<String, String> {
        match table.get(key) {
            Some(toml::Value::String(s)) if !s.is_empty() => Ok(s.clone()),
            Some(_) => Err(format!("{what}.{key} must be a non-empty string")),
            None => Err(format!("{what}.{key} is missing")),
        }
    };
    let table = |value: &toml::Value, what: &str| -> Result<toml::Table, String> {
        value.as_table().cloned().ok_or_else(|| format!("{what} must be a table"))
    };
    for (key, value) in &root {
        match key.as_str() {
            "backend" => {
                let backend = table(value, "[backend]")?;
                m.name = string(&backend, "name", "[backend]")?;
                m.target = string(&backend, "target", "[backend]")?;
                m.builtin = match backend.get("builtin") {
                    None => false,
                    Some(toml::Value::Boolean(b)) => *b,
                    Some(_) => return Err("[backend].builtin must be true or false".into()),
                };
                // `python`: the spec directory's Python module of spec functions
                // (python/tritium/spec.py reads it; the library only checks its form).
                match backend.get("python") {
                    None => {}
                    Some(toml::Value::String(s)) if !s.is_empty() && !s.starts_with('/') && !s.split('/').any(|c| c == "..") => {}
                    Some(_) => return Err("[backend].python must be a non-empty path relative to the spec directory".into()),
                }
                if let Some(other) = backend.keys().find(|k| !matches!(k.as_str(), "name" | "target" | "builtin" | "python")) {
                    return Err(format!("[backend] has no key '{other}' (name, target, builtin, python)"));
                }
            }
            "slots" => {
                for (slot, action) in table(value, "[slots]")? {
                    match action.as_str() {
                        Some(a @ ("replace" | "disable")) => {
                            m.slots.insert(slot, a.to_string());
                        }
                        _ => return Err(format!("[slots] \"{slot}\" must be \"replace\" or \"disable\"")),
                    }
                }
            }
            "add" => {
                let entries = value.as_array().ok_or("[[add]] must be an array of tables")?;
                for entry in entries {
                    let entry = table(entry, "[[add]]")?;
                    m.adds.push((string(&entry, "set", "[[add]]")?, string(&entry, "pattern", "[[add]]")?));
                }
            }
            "legality" => {
                for (conversion, changes) in table(value, "[legality]")? {
                    let changes = table(&changes, &format!("[legality.{conversion}]"))?;
                    let mut lists = (Vec::new(), Vec::new(), Vec::new());
                    for (list, ops) in changes {
                        let ops: Vec<String> = ops
                            .as_array()
                            .and_then(|a| a.iter().map(|o| o.as_str().map(String::from)).collect())
                            .ok_or_else(|| format!("[legality.{conversion}] {list} must be a list of op names"))?;
                        match list.as_str() {
                            "legal_ops" => lists.0 = ops,
                            "dynamic_ops" => lists.1 = ops,
                            "illegal_ops" => lists.2 = ops,
                            other => return Err(format!("[legality.{conversion}] has no list '{other}' (legal_ops, dynamic_ops, illegal_ops)")),
                        }
                    }
                    m.legality.insert(conversion, lists);
                }
            }
            "pipelines" => {
                for (name, pipeline) in table(value, "[pipelines]")? {
                    let text = pipeline.as_str().ok_or_else(|| format!("[pipelines] {name} must be a string"))?;
                    m.pipelines.push((name, text.to_string()));
                }
            }
            other => return Err(format!("spec.toml has an unknown section [{other}]")),
        }
    }
    if m.name.is_empty() {
        return Err("spec.toml has no [backend] section".into());
    }
    Ok(m)
}

/// The drift guard: every problem of `manifest` + `builder` against the
/// core's slots, each naming the slot (empty: consistent).
pub fn check(manifest: &Manifest, builder: &SpecBuilder) -> Vec<String> {
    let slots: HashMap<&str, &Slot> = slots().iter().map(|s| (s.name.as_str(), s)).collect();
    let mut problems = Vec::new();
    let implemented = builder.implemented_slots();
    for (name, action) in &manifest.slots {
        let Some(slot) = slots.get(name.as_str()) else {
            problems.push(format!("slot '{name}' named in spec.toml does not exist in this Tritium (renamed or removed?)"));
            continue;
        };
        match (action.as_str(), slot.kind) {
            ("replace", SlotKind::Legality) => {
                problems.push(format!("slot '{name}' is a legality rule: it can be disabled, or changed under [legality]"))
            }
            ("disable", SlotKind::Hook) => problems.push(format!("slot '{name}' is a hook: it can only be replaced")),
            (_, SlotKind::LoweringPattern | SlotKind::TargetHook) => problems.push(format!(
                "slot '{name}' belongs to the ttg->LLVM lowering: a backend provides it through its TargetInfo \
                 (tritium_conversions::ttg_to_llvm::register_target), not in spec.toml"
            )),
            ("replace", _) if !implemented.contains(&name.as_str()) => problems
                .push(format!("spec.toml replaces slot '{name}' but the backend's Rust code registers no implementation")),
            _ => {}
        }
    }
    for name in implemented {
        if manifest.slots.get(name).map(String::as_str) != Some("replace") {
            problems.push(format!("the backend's Rust code implements slot '{name}' but spec.toml does not mark it \"replace\""));
        }
    }
    let sets: Vec<&str> = rewrite_sets().iter().map(|(s, _)| *s).chain(conversions().iter().map(|(c, _)| *c)).collect();
    let registered = builder.added_patterns();
    for (set, pattern) in &manifest.adds {
        if !sets.contains(&set.as_str()) {
            problems.push(format!("[[add]] '{pattern}': there is no pattern set '{set}'"));
        } else if slots.contains_key(pattern.as_str()) {
            problems.push(format!("[[add]] '{pattern}' has the name of an existing slot: replace it instead"));
        } else if !registered.iter().any(|(s, p)| s == set && p == pattern) {
            problems.push(format!("[[add]] '{pattern}' (set '{set}') is not registered by the backend's Rust code"));
        }
    }
    for (set, pattern) in registered {
        if !manifest.adds.iter().any(|(s, p)| s == set && p == pattern) {
            problems.push(format!("the backend's Rust code adds pattern '{pattern}' to '{set}' but spec.toml has no [[add]] for it"));
        }
    }
    for conversion in manifest.legality.keys() {
        if !conversions().iter().any(|(c, _)| c == conversion) {
            problems.push(format!("[legality.{conversion}]: there is no conversion '{conversion}'"));
        }
    }
    problems
}

/// Where the installed manifest came from, and its check result.
struct Installed {
    /// The backend's name (its manifest path when the manifest is unreadable).
    name: String,
    manifest_path: String,
    problems: Vec<String>,
    /// What only a context can check (`tritiumSpecCheckNames`): (where in
    /// spec.toml, op name) of every `[legality]` list entry, and (where,
    /// pipeline text) of every `[pipelines]` entry.
    legality_ops: Vec<(String, String)>,
    pipelines: Vec<(String, String)>,
}

static INSTALLED: OnceLock<Installed> = OnceLock::new();

/// What installing a backend starts with, vendor or built-in: its
/// registrations (`register` run on a fresh builder), its manifest when
/// `manifest_text` parses, and the drift guard's problems (or the parse
/// error).
fn read_backend(manifest_text: &str, register: fn(&mut SpecBuilder)) -> (SpecBuilder, Option<Manifest>, Vec<String>) {
    let mut builder = SpecBuilder::default();
    register(&mut builder);
    match parse_manifest(manifest_text) {
        Ok(m) => {
            let problems = check(&m, &builder);
            (builder, Some(m), problems)
        }
        Err(e) => (builder, None, vec![e]),
    }
}

/// Installs a backend: reads `manifest_text`, runs `register`, checks both
/// against the slots and installs the spec if they agree. Problems are kept
/// for `tritiumSpecCheck` (the build runs it: a drifted backend does not
/// build) and the spec is then not installed. Called once, by the backend
/// library's `tritium_backend_install`.
pub fn install_backend(manifest_text: &str, manifest_path: &str, register: fn(&mut SpecBuilder)) -> bool {
    guard(None, std::ptr::null_mut(), false, || {
        let (builder, manifest, mut problems) = read_backend(manifest_text, register);
        if manifest.as_ref().is_some_and(|m| m.builtin) {
            problems.push(
                "[backend] builtin = true is for the backends built into libtritium.so itself \
                 (spec/ of this repository); tritium_add_backend builds a library of its own"
                    .into(),
            );
        }
        let ok = problems.is_empty();
        let name = manifest.as_ref().map(|m| m.name.clone()).unwrap_or_else(|| manifest_path.into());
        let mut legality_ops = Vec::new();
        let mut pipelines = Vec::new();
        if let Some(m) = &manifest {
            for (conversion, (legal, dynamic, illegal)) in &m.legality {
                for (list, ops) in [("legal_ops", legal), ("dynamic_ops", dynamic), ("illegal_ops", illegal)] {
                    legality_ops.extend(ops.iter().map(|op| (format!("[legality.{conversion}] {list}"), op.clone())));
                }
            }
            pipelines = m.pipelines.iter().map(|(key, text)| (format!("[pipelines] {key}"), text.clone())).collect();
        }
        let _ = INSTALLED.set(Installed { name, manifest_path: manifest_path.into(), problems, legality_ops, pipelines });
        let (Some(m), true) = (manifest, ok) else { return false };
        let leak = |ops: Vec<String>| -> Vec<&'static str> {
            ops.into_iter().map(|o| &*Box::leak(o.into_boxed_str())).collect()
        };
        let legality = m
            .legality
            .into_iter()
            .map(|(c, (legal, dynamic, illegal))| {
                (c, LegalityChanges { legal_ops: leak(legal), dynamic_ops: leak(dynamic), illegal_ops: leak(illegal) })
            })
            .collect();
        let disabled = m.slots.iter().filter(|(_, a)| *a == "disable").map(|(s, _)| s.clone()).collect();
        // A vendor backend's setup (SpecBuilder::set_setup) runs once it has
        // passed the drift guard.
        if let Some(setup) = builder.setup() {
            setup();
        }
        spec::install(Spec { name: m.name, target: m.target, builder, disabled, legality, pipelines: m.pipelines })
    })
}

/// The problems of each built-in backend's manifest: (name or path, problems).
static BUILTIN_CHECKS: Mutex<Vec<(String, Vec<String>)>> = Mutex::new(Vec::new());

/// Installs a backend built into this library (an in-tree backend)
/// through the mechanism a vendor's uses: its `spec.toml`, read by the same
/// parser, and its `register()`, checked against the core's slots the same
/// way. A built-in manifest says `builtin = true`, and names nothing that
/// acts on the one installed vendor spec only (`[slots]`, `[[add]]`,
/// `[legality]`, `[pipelines]`; a built-in backend registers passes, stage
/// pipelines and op roles through `SpecBuilder`). A manifest with problems
/// is not installed; `tritiumSpecCheck` reports them, and the build runs it
/// on `tritium-opt`. Idempotent per manifest path; returns whether the
/// backend is installed.
pub fn install_builtin_backend(manifest_text: &str, manifest_path: &str, register: fn(&mut SpecBuilder)) -> bool {
    guard(None, std::ptr::null_mut(), false, || {
        let Ok(mut checks) = BUILTIN_CHECKS.lock() else { return false };
        if let Some((_, problems)) = checks.iter().find(|(path, _)| path == manifest_path) {
            return problems.is_empty();
        }
        let (builder, manifest, mut problems) = read_backend(manifest_text, register);
        if let Some(m) = &manifest {
            if !m.builtin {
                problems.push("a backend built into libtritium.so says [backend] builtin = true".into());
            }
            for (section, used) in [
                ("[slots]", !m.slots.is_empty()),
                ("[[add]]", !m.adds.is_empty()),
                ("[legality]", !m.legality.is_empty()),
                ("[pipelines]", !m.pipelines.is_empty()),
            ] {
                if used {
                    problems.push(format!(
                        "{section} acts on the installed vendor backend only, not yet on a built-in one; \
                         register through SpecBuilder (add_pass, add_stage_pipeline, ...)"
                    ));
                }
            }
        }
        let ok = problems.is_empty();
        checks.push((manifest_path.to_string(), problems));
        let Some(m) = manifest.filter(|_| ok) else { return false };
        spec::install_builtin(Spec {
            name: m.name,
            target: m.target,
            builder,
            disabled: Vec::new(),
            legality: HashMap::new(),
            pipelines: Vec::new(),
        });
        true
    })
}

/// Who provides `slot` under the installed spec.
fn provider(slot: &Slot) -> String {
    let Some(spec) = spec::installed() else { return "core".into() };
    if spec.disabled.iter().any(|d| *d == slot.name) {
        return format!("disabled by {}", spec.name);
    }
    if spec.builder.implemented_slots().contains(&slot.name.as_str()) {
        return format!("{} (replaces the core's)", spec.name);
    }
    if slot.kind == SlotKind::Legality {
        let changed = spec.legality.get(&slot.owner).is_some_and(|c| {
            let op = slot.name.rsplit('/').next().unwrap_or("");
            c.legal_ops.contains(&op) || c.dynamic_ops.contains(&op) || c.illegal_ops.contains(&op)
        });
        if changed {
            return format!("changed by {}", spec.name);
        }
    }
    "core".into()
}

/// The C callback that receives text.
pub type TextFn = Option<unsafe extern "C" fn(MlirStringRef, *mut c_void)>;

fn emit(callback: TextFn, user_data: *mut c_void, text: &str) {
    if let Some(f) = callback {
        unsafe { f(string_ref(text), user_data) };
    }
}

/// See `tritium-c/Spec.h`.
#[no_mangle]
pub extern "C" fn tritiumSpecListSlots(callback: TextFn, user_data: *mut c_void) {
    guard(None, std::ptr::null_mut(), (), || {
        let mut out = String::new();
        for s in slots() {
            let _ = writeln!(out, "{:<20} {:<48} {:<28} {}", s.kind.label(), s.name, s.owner, s.doc);
        }
        emit(callback, user_data, &out);
    })
}

/// See `tritium-c/Spec.h`.
#[no_mangle]
pub extern "C" fn tritiumSpecReport(callback: TextFn, user_data: *mut c_void) {
    guard(None, std::ptr::null_mut(), (), || {
        let mut out = String::new();
        match (spec::installed(), INSTALLED.get()) {
            (Some(spec), Some(installed)) => {
                let _ = writeln!(out, "backend {} (target prefix '{}'), manifest {}", spec.name, spec.target, installed.manifest_path);
            }
            (None, Some(installed)) => {
                let _ = writeln!(out, "backend NOT installed: {} has problems (see --spec-check)", installed.manifest_path);
            }
            _ => out.push_str("no backend: every slot is the core's\n"),
        }
        if let Ok(checks) = BUILTIN_CHECKS.lock() {
            for (path, problems) in checks.iter() {
                let verdict = if problems.is_empty() { "installed" } else { "NOT installed (see --spec-check)" };
                let _ = writeln!(out, "built-in backend from {path}: {verdict}");
            }
        }
        for builtin in spec::backends().into_iter().filter(|b| !spec::installed().is_some_and(|i| std::ptr::eq(i, *b))) {
            let passes: Vec<&str> = builtin.builder.added_passes().iter().map(|p| p.argument()).collect();
            let stages = builtin.builder.stage_names();
            let _ = writeln!(
                out,
                "  {} (target prefix '{}'): passes [{}], stage pipelines [{}]",
                builtin.name,
                builtin.target,
                passes.join(", "),
                stages.join(", ")
            );
        }
        for s in slots() {
            let _ = writeln!(out, "{:<48} {:<20} {}", s.name, s.kind.label(), provider(s));
        }
        if let Some(spec) = spec::installed() {
            for (set, pattern) in spec.builder.added_patterns() {
                let _ = writeln!(out, "{pattern:<48} {:<20} {} (added to {set})", "pattern", spec.name);
            }
            for (name, pipeline) in &spec.pipelines {
                let _ = writeln!(out, "{:<48} {:<20} {}", format!("{}-{name}", spec.name), "pipeline", pipeline);
            }
        }
        emit(callback, user_data, &out);
    })
}

/// See `tritium-c/Spec.h`.
#[no_mangle]
pub extern "C" fn tritiumSpecCheck(callback: TextFn, user_data: *mut c_void) -> bool {
    guard(None, std::ptr::null_mut(), false, || {
        let mut ok = true;
        if let Ok(checks) = BUILTIN_CHECKS.lock() {
            for (path, problems) in checks.iter() {
                for problem in problems {
                    emit(callback, user_data, &format!("built-in spec '{path}': {problem}\n"));
                }
                ok &= problems.is_empty();
            }
        }
        if let Some(installed) = INSTALLED.get() {
            for problem in &installed.problems {
                emit(callback, user_data, &format!("spec '{}': {problem}\n", installed.name));
            }
            ok &= installed.problems.is_empty();
        }
        ok
    })
}

/// Installs the backends built into this library (idempotent; their
/// lowerings and target patterns first), so that `tritiumSpecCheck` knows
/// their problems before anything else ran and a vendor's manifest is checked
/// against the complete slot inventory: `tritium::installBackend`
/// (`capi/CAPI.cpp`) calls it before the vendor's install hook, and the
/// plugin entry points (`capi/Plugin.cpp`) refuse to load a library whose
/// backends fail the drift guard.
#[no_mangle]
pub extern "C" fn tritium_install_builtin_backends() {
    guard(None, std::ptr::null_mut(), (), crate::passes::install_in_tree_backends)
}

/// Receives one name of the installed vendor manifest for
/// `tritiumSpecCheckNames` (`capi/SpecNames.cpp`): `kind` 0 is an op of a
/// `[legality]` list, 1 a `[pipelines]` text; `backend` the backend's name,
/// `place` where in spec.toml it is written.
pub type ManifestNameFn =
    Option<unsafe extern "C" fn(kind: i32, backend: MlirStringRef, place: MlirStringRef, name: MlirStringRef, user_data: *mut c_void)>;

/// Hands every op name and pipeline of the vendor manifest this library
/// read (drifted or not) to `callback`.
#[no_mangle]
pub extern "C" fn tritium_spec_manifest_names(callback: ManifestNameFn, user_data: *mut c_void) {
    guard(None, std::ptr::null_mut(), (), || {
        let (Some(f), Some(installed)) = (callback, INSTALLED.get()) else { return };
        for (kind, entries) in [(0, &installed.legality_ops), (1, &installed.pipelines)] {
            for (place, name) in entries {
                unsafe { f(kind, string_ref(&installed.name), string_ref(place), string_ref(name), user_data) };
            }
        }
    })
}

/// Number of the installed backend's pipelines (for the C++ registration).
#[no_mangle]
pub extern "C" fn tritium_spec_pipeline_count() -> isize {
    spec::installed().map(|s| s.pipelines.len() as isize).unwrap_or(0)
}

/// Pipeline `index` of the installed backend: its registered name
/// (`<backend>-<key>`) and its text. False past the end.
#[no_mangle]
pub extern "C" fn tritium_spec_pipeline(index: isize, name: *mut MlirStringRef, pipeline: *mut MlirStringRef) -> bool {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    let Some(spec) = spec::installed() else { return false };
    let names = NAMES.get_or_init(|| spec.pipelines.iter().map(|(k, _)| format!("{}-{k}", spec.name)).collect());
    match (names.get(index as usize), spec.pipelines.get(index as usize)) {
        (Some(n), Some((_, text))) => {
            unsafe {
                *name = string_ref(n);
                *pipeline = string_ref(text);
            }
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tritium_dialects::conversion::ConversionRewriter;
    use tritium_dialects::ir::{Op, Val};

    struct Dot;
    impl ConversionPattern for Dot {
        fn name(&self) -> &'static str {
            "fixture.dot"
        }
        fn root(&self) -> &'static str {
            "tt.dot"
        }
        fn match_and_rewrite(&self, _: Op, _: &[Val], _: &ConversionRewriter) -> bool {
            false
        }
    }

    fn registers_dot(b: &mut SpecBuilder) {
        b.replace_conversion_pattern("tt-to-ttg.tt.dot", &Dot);
    }

    #[test]
    fn slot_names_are_unique_and_cover_every_kind() {
        let mut names: Vec<&str> = slots().iter().map(|s| s.name.as_str()).collect();
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(count, names.len(), "two slots share a name");
        for kind in [SlotKind::RewritePattern, SlotKind::ConversionPattern, SlotKind::Legality, SlotKind::Hook] {
            assert!(slots().iter().any(|s| s.kind == kind), "no {kind:?} slot");
        }
        assert!(names.contains(&"tt-to-ttg.tt.dot"));
        assert!(names.contains(&"convert-triton-to-tritongpu/illegal-op/scf.execute_region"));
    }

    #[test]
    fn manifest_parses_and_rejects_unknown_sections() {
        let m = parse_manifest(
            "[backend]\nname = \"x\"\ntarget = \"x\"\n[slots]\n\"tt-to-ttg.tt.dot\" = \"replace\"\n\
             [[add]]\nset = \"triton-combine\"\npattern = \"x.p\"\n\
             [legality.convert-triton-to-tritongpu]\nillegal_ops = [\"tt.histogram\"]\n\
             [pipelines]\nmake-ttgir = \"builtin.module(cse)\"\n",
        )
        .unwrap();
        assert_eq!(m.name, "x");
        assert_eq!(m.slots.get("tt-to-ttg.tt.dot").map(String::as_str), Some("replace"));
        assert_eq!(m.adds, vec![("triton-combine".to_string(), "x.p".to_string())]);
        assert_eq!(m.legality["convert-triton-to-tritongpu"].2, vec!["tt.histogram".to_string()]);
        assert_eq!(m.pipelines.len(), 1);
        assert!(parse_manifest("[backend]\nname = \"x\"\ntarget = \"x\"\n[extra]\n").unwrap_err().contains("[extra]"));
        assert!(parse_manifest("[slots]\n\"a\" = \"swap\"\n").unwrap_err().contains("\"replace\" or \"disable\""));
        assert!(parse_manifest("not toml [").is_err());
    }

    #[test]
    fn manifest_python_key_is_a_relative_path() {
        let with = |python: &str| parse_manifest(&format!("[backend]\nname = \"x\"\ntarget = \"x\"\npython = {python}\n"));
        assert!(with("\"python/x_spec.py\"").is_ok());
        for bad in ["\"\"", "\"/abs/x.py\"", "\"../x.py\"", "\"a/../../x.py\"", "1"] {
            assert!(with(bad).unwrap_err().contains("[backend].python"), "{bad} accepted");
        }
        assert!(parse_manifest("[backend]\nname = \"x\"\ntarget = \"x\"\npyton = \"a.py\"\n").unwrap_err().contains("'pyton'"));
    }

    #[test]
    fn the_drift_guard_names_the_slot() {
        let manifest = |slots: &str| {
            parse_manifest(&format!("[backend]\nname = \"x\"\ntarget = \"x\"\n[slots]\n{slots}")).unwrap()
        };
        let mut with_dot = SpecBuilder::default();
        registers_dot(&mut with_dot);
        let empty = SpecBuilder::default();

        assert!(check(&manifest("\"tt-to-ttg.tt.dot\" = \"replace\"\n"), &with_dot).is_empty());
        let missing = check(&manifest("\"tt-to-ttg.tt.nope\" = \"disable\"\n"), &empty);
        assert_eq!(missing.len(), 1);
        assert!(missing[0].contains("'tt-to-ttg.tt.nope'") && missing[0].contains("does not exist"));
        let unimplemented = check(&manifest("\"tt-to-ttg.tt.dot\" = \"replace\"\n"), &empty);
        assert!(unimplemented[0].contains("'tt-to-ttg.tt.dot'") && unimplemented[0].contains("no implementation"));
        let undeclared = check(&manifest(""), &with_dot);
        assert!(undeclared[0].contains("'tt-to-ttg.tt.dot'") && undeclared[0].contains("does not mark it"));
        let hook = check(&manifest("\"tt-to-ttg.default-encoding\" = \"disable\"\n"), &empty);
        assert!(hook[0].contains("hook"));
    }

    fn registers_nothing(_: &mut SpecBuilder) {}

    fn builtin_problems(path: &str) -> Vec<String> {
        let checks = BUILTIN_CHECKS.lock().unwrap();
        checks.iter().find(|(p, _)| p == path).map(|(_, problems)| problems.clone()).unwrap()
    }

    #[test]
    fn built_in_manifests_are_read_and_checked_like_a_vendors() {
        // (The repository's own manifests are checked by the build: tritium-opt --spec-check.)
        let consistent = "[backend]\nname = \"c\"\ntarget = \"c\"\nbuiltin = true\n";
        assert!(install_builtin_backend(consistent, "consistent", registers_nothing));
        assert!(builtin_problems("consistent").is_empty());
        assert!(spec::backends().iter().any(|b| b.name == "c"));

        // builtin = true is required, sections that act on the vendor spec only are refused,
        // a slot the code does not implement is the same drift as for a vendor.
        let drifted = "[backend]\nname = \"d\"\ntarget = \"d\"\n[slots]\n\"tt-to-ttg.tt.dot\" = \"replace\"\n\
                       [pipelines]\nmake-ttgir = \"builtin.module(cse)\"\n";
        assert!(!install_builtin_backend(drifted, "drifted", registers_nothing));
        let problems = builtin_problems("drifted").join("\n");
        assert!(problems.contains("builtin = true"), "{problems}");
        assert!(problems.contains("[slots] acts on the installed vendor backend only"), "{problems}");
        assert!(problems.contains("[pipelines] acts on the installed vendor backend only"), "{problems}");
        assert!(problems.contains("no implementation"), "{problems}");
        assert!(spec::backends().iter().all(|b| b.name != "d"));

        // A vendor manifest may not claim to be built in; [backend] keys are checked.
        let vendor = parse_manifest("[backend]\nname = \"v\"\ntarget = \"v\"\nbuiltin = true\n").unwrap();
        assert!(vendor.builtin);
        assert!(parse_manifest("[backend]\nname = \"v\"\ntarget = \"v\"\nbuiltin = 1\n").unwrap_err().contains("true or false"));
        assert!(parse_manifest("[backend]\nname = \"v\"\ntarget = \"v\"\nvendor = \"x\"\n").unwrap_err().contains("'vendor'"));
    }
}
