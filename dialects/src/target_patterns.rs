//! Canonicalization patterns that belong to a target, not to the IR: a
//! backend registers them for its `ttg.target` prefix (the NVIDIA backend,
//! for `cuda`), and they apply only inside modules compiled for that target.
//! Their roots may be ops of any dialect (e.g. `arith.divf`); the `tt`
//! dialect's canonicalization hook hands the ones rooted outside `tt`/`ttg`
//! to the canonicalizer.
use crate::ir::{str_of, Op};
use mlir_sys::*;
use crate::rewrite::{RewritePattern, Rewriter};
use std::sync::Mutex;

/// A pattern that applies only in modules whose `ttg.target` starts with
/// `<prefix>:`.
struct ForTarget {
    prefix: &'static str,
    inner: &'static dyn RewritePattern,
}

impl RewritePattern for ForTarget {
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn root(&self) -> &'static str {
        self.inner.root()
    }
    fn benefit(&self) -> u16 {
        self.inner.benefit()
    }
    fn match_and_rewrite(&self, op: Op, rewriter: &Rewriter) -> bool {
        target_of(op).is_some_and(|t| t.strip_prefix(self.prefix).is_some_and(|rest| rest.starts_with(':')))
            && self.inner.match_and_rewrite(op, rewriter)
    }
}

/// The `ttg.target` of the module enclosing `op`.
pub fn target_of(op: Op) -> Option<String> {
    let mut current = Some(op);
    while let Some(o) = current {
        if let Some(target) = o.attr("ttg.target") {
            return unsafe { mlirAttributeIsAString(target.0) }
                .then(|| unsafe { str_of(mlirStringAttrGetValue(target.0)) }.to_string());
        }
        current = o.parent();
    }
    None
}

/// The registered patterns, each guarded by its target, with its prefix.
static REGISTERED: Mutex<Vec<(&'static str, &'static dyn RewritePattern)>> = Mutex::new(Vec::new());

/// Registers `patterns` for the modules of target prefix `prefix`. Call it
/// when the backend is installed, before the first canonicalization.
pub fn register(prefix: &'static str, patterns: &'static [&'static dyn RewritePattern]) {
    let mut registered = REGISTERED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    for &inner in patterns {
        if registered.iter().any(|(_, p)| p.name() == inner.name()) {
            continue; // Installed twice (several plugin entry points).
        }
        registered.push((prefix, Box::leak(Box::new(ForTarget { prefix, inner }))));
    }
}

/// Every registered target pattern, each guarded by its target.
pub fn all() -> Vec<&'static dyn RewritePattern> {
    REGISTERED.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).iter().map(|(_, p)| *p).collect()
}

/// The target prefix the registered pattern `name` applies to.
pub fn prefix_of(name: &str) -> Option<&'static str> {
    let registered = REGISTERED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    registered.iter().find(|(_, p)| p.name() == name).map(|(prefix, _)| *prefix)
}
