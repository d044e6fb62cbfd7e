//! The dialect-conversion framework: Rust conversion patterns, a Rust type
//! converter and legality sets as plain data, run by MLIR's dialect conversion
//! through a small C++ shim (`conversions/ConversionDriver.cpp`).
//!
//! A conversion is a value implementing [`Conversion`] (it owns the pass
//! options, e.g. `num-warps`); [`apply_partial_conversion`] hands it to MLIR,
//! which calls back into Rust for the legality of each op, for type
//! conversion and materialization, and for each pattern.
use crate::ir::{Op, Ty, Val};
use crate::rewrite::Rewriter;
use crate::services;
use bitflags::bitflags;
use mlir_sys::*;
use std::any::Any;
use std::ffi::c_void;
use std::ops::Deref;

bitflags! {
    /// A set of dialects, by namespace.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Dialects: u32 {
        const BUILTIN = 1 << 0;
        const ARITH = 1 << 1;
        const MATH = 1 << 2;
        const SCF = 1 << 3;
        const CF = 1 << 4;
        const UB = 1 << 5;
        const FUNC = 1 << 6;
        const TT = 1 << 7;
        const TTG = 1 << 8;
        const LLVM = 1 << 9;
        const GPU = 1 << 12;
    }
}

impl Dialects {
    const NAMES: [(Dialects, &'static str); 11] = [
        (Dialects::BUILTIN, "builtin"),
        (Dialects::ARITH, "arith"),
        (Dialects::MATH, "math"),
        (Dialects::SCF, "scf"),
        (Dialects::CF, "cf"),
        (Dialects::UB, "ub"),
        (Dialects::FUNC, "func"),
        (Dialects::TT, "tt"),
        (Dialects::TTG, "ttg"),
        (Dialects::LLVM, "llvm"),
        (Dialects::GPU, "gpu"),
    ];

    /// The dialect of op `name` (e.g. `tt.dot` -> `TT`); empty when it is
    /// not one of these dialects.
    pub fn of_op(name: &str) -> Dialects {
        let namespace = name.split('.').next().unwrap_or("");
        Self::NAMES.iter().find(|(_, n)| *n == namespace).map(|(d, _)| *d).unwrap_or(Dialects::empty())
    }

    /// The namespaces in the set, in a fixed order.
    pub fn namespaces(self) -> Vec<&'static str> {
        Self::NAMES.iter().filter(|(d, _)| self.contains(*d)).map(|(_, n)| *n).collect()
    }
}

/// One op named in a legality set, with the reason it is an exception.
#[derive(Clone, Copy, Debug)]
pub struct OpRule {
    pub op: &'static str,
    pub why: &'static str,
}

/// What a conversion leaves legal. Dialect sets are coarse; the op lists are
/// the exceptions, each with its reason (printed by `--spec-report`). Ops of
/// dialects no list names are legal: conversions are partial, and such ops
/// are neither converted nor folded (`conversions/ConversionDriver.cpp`).
#[derive(Clone, Debug)]
pub struct Legality {
    /// Every op of these dialects is legal.
    pub legal: Dialects,
    /// Ops of these dialects are legal when [`Conversion::is_legal`] says so.
    pub dynamic: Dialects,
    /// Every op of these dialects must be converted.
    pub illegal: Dialects,
    pub legal_ops: Vec<OpRule>,
    pub dynamic_ops: Vec<OpRule>,
    pub illegal_ops: Vec<OpRule>,
}

/// The lists of a [`Legality`], by the names its slots use.
const LEGALITY_LISTS: [&str; 6] =
    ["legal-dialect", "dynamic-dialect", "illegal-dialect", "legal-op", "dynamic-op", "illegal-op"];

impl Legality {
    /// Every rule as a named slot, `<conversion>/<list>/<dialect or op>`
    /// (e.g. `convert-triton-to-tritongpu/illegal-op/scf.execute_region`),
    /// with its reason.
    pub fn slots(&self, conversion: &str) -> Vec<(String, String)> {
        let mut slots = Vec::new();
        for (list, dialects) in LEGALITY_LISTS.iter().zip([self.legal, self.dynamic, self.illegal]) {
            for ns in dialects.namespaces() {
                slots.push((format!("{conversion}/{list}/{ns}"), format!("every {ns} op is {}", &list[..list.len() - 8])));
            }
        }
        for (list, rules) in LEGALITY_LISTS[3..].iter().zip([&self.legal_ops, &self.dynamic_ops, &self.illegal_ops]) {
            for rule in rules {
                slots.push((format!("{conversion}/{list}/{}", rule.op), rule.why.to_string()));
            }
        }
        slots
    }

    /// Drops the rule a slot name (see [`Legality::slots`]) names; returns
    /// whether there was one.
    pub fn remove_slot(&mut self, conversion: &str, slot: &str) -> bool {
        let Some(rest) = slot.strip_prefix(conversion).and_then(|r| r.strip_prefix('/')) else { return false };
        let Some((list, item)) = rest.split_once('/') else { return false };
        let dialect = Dialects::NAMES.iter().find(|(_, n)| *n == item).map(|(d, _)| *d);
        let remove_dialect = |set: &mut Dialects| match dialect {
            Some(d) if set.contains(d) => {
                set.remove(d);
                true
            }
            _ => false,
        };
        let remove_op = |rules: &mut Vec<OpRule>| {
            let before = rules.len();
            rules.retain(|r| r.op != item);
            before != rules.len()
        };
        match list {
            "legal-dialect" => remove_dialect(&mut self.legal),
            "dynamic-dialect" => remove_dialect(&mut self.dynamic),
            "illegal-dialect" => remove_dialect(&mut self.illegal),
            "legal-op" => remove_op(&mut self.legal_ops),
            "dynamic-op" => remove_op(&mut self.dynamic_ops),
            "illegal-op" => remove_op(&mut self.illegal_ops),
            _ => false,
        }
    }
}

/// Which materialization MLIR asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Materialization {
    /// From an original-typed value to the converted type.
    Target = 0,
    /// From a converted value back to the original type.
    Source = 1,
}

/// A dialect conversion: its legality, its type converter and its patterns.
pub trait Conversion: Any {
    /// The conversion's name (e.g. `convert-triton-to-tritongpu`).
    fn name(&self) -> &'static str;
    /// What is legal after the conversion.
    fn legality(&self) -> &Legality;
    /// The dynamic-legality predicate for `Legality::dynamic` and `dynamic_ops`.
    fn is_legal(&self, op: Op) -> bool;
    /// Converts a type; `None` when it cannot be converted.
    fn convert_type(&self, ty: Ty) -> Option<Ty>;
    /// Builds a detached single-result op turning `inputs` into a `ty` value,
    /// or `None` to let MLIR fall back to `unrealized_conversion_cast`.
    fn materialize(&self, kind: Materialization, ty: Ty, inputs: &[Val], location: MlirLocation) -> Option<Op>;
    /// The patterns, most specific first (backend specs come first).
    fn patterns(&self) -> Vec<&'static dyn ConversionPattern>;
    /// The conversion as `Any`, for patterns that read its options.
    fn as_any(&self) -> &dyn Any;
}

/// A conversion pattern written in Rust. Like [`crate::rewrite::RewritePattern`],
/// every pattern has a stable name that backend specs refer to.
pub trait ConversionPattern: Sync {
    /// The stable name (`<conversion>.<root>` or a more specific suffix).
    fn name(&self) -> &'static str;
    /// The op the pattern matches; `""` matches every op.
    fn root(&self) -> &'static str;
    /// Higher benefits are tried first.
    fn benefit(&self) -> u16 {
        1
    }
    /// Rewrites `op`, whose operands have already been converted to
    /// `operands`; returns whether it did.
    fn match_and_rewrite(&self, op: Op, operands: &[Val], rewriter: &ConversionRewriter) -> bool;
}

/// The `ConversionPatternRewriter` of one pattern application.
pub struct ConversionRewriter<'a> {
    rewriter: Rewriter,
    converter: *mut c_void,
    conversion: &'a dyn Conversion,
}

impl Deref for ConversionRewriter<'_> {
    type Target = Rewriter;
    fn deref(&self) -> &Rewriter {
        &self.rewriter
    }
}

impl<'a> ConversionRewriter<'a> {
    /// The running conversion, e.g. to read its options.
    pub fn conversion<C: Conversion>(&self) -> Option<&'a C> {
        self.conversion.as_any().downcast_ref::<C>()
    }
    /// Converts a type with the conversion's type converter.
    pub fn convert_type(&self, ty: Ty) -> Option<Ty> {
        self.conversion.convert_type(ty)
    }
    /// Converts the types of every block argument in `region` (MLIR inserts
    /// the materializations the old uses need).
    pub fn convert_region_types(&self, region: MlirRegion) -> bool {
        services::convert_region_types(self.rewriter.0, self.converter, region)
    }
}

/// One application of a conversion, as the C++ driver sees it.
pub struct Run<'a> {
    pub conversion: &'a dyn Conversion,
    pub patterns: Vec<&'static dyn ConversionPattern>,
    legality: Legality,
}

/// The list [`Run::legality_item`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum LegalityList {
    LegalDialects = 0,
    DynamicDialects = 1,
    IllegalDialects = 2,
    LegalOps = 3,
    DynamicOps = 4,
    IllegalOps = 5,
}

impl Run<'_> {
    /// Item `index` of a legality list (None past its end).
    pub fn legality_item(&self, list: i32, index: usize) -> Option<&'static str> {
        let l = &self.legality;
        let ops = |rules: &Vec<OpRule>| rules.get(index).map(|r| r.op);
        match list {
            0 => l.legal.namespaces().get(index).copied(),
            1 => l.dynamic.namespaces().get(index).copied(),
            2 => l.illegal.namespaces().get(index).copied(),
            3 => ops(&l.legal_ops),
            4 => ops(&l.dynamic_ops),
            5 => ops(&l.illegal_ops),
            _ => None,
        }
    }
    /// Applies pattern `index` (see [`ConversionPattern::match_and_rewrite`]).
    pub fn apply_pattern(&self, index: usize, op: Op, operands: &[Val], rewriter: MlirRewriterBase, converter: *mut c_void) -> bool {
        let Some(pattern) = self.patterns.get(index) else { return false };
        let rw = ConversionRewriter { rewriter: Rewriter(rewriter), converter, conversion: self.conversion };
        pattern.match_and_rewrite(op, operands, &rw)
    }
}

/// Runs `conversion` on `op` as a partial conversion: ops that are illegal
/// and cannot be converted make it fail, with MLIR's diagnostic naming them,
/// and leave the IR as it was. Returns whether it succeeded.
pub fn apply_partial_conversion(op: Op, conversion: &dyn Conversion) -> bool {
    let mut run = Run { conversion, patterns: conversion.patterns(), legality: conversion.legality().clone() };
    services::apply_conversion(op, &mut run as *mut Run as *mut c_void)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legality_rules_are_named_slots() {
        let mut l = Legality {
            legal: Dialects::TTG,
            dynamic: Dialects::ARITH,
            illegal: Dialects::empty(),
            legal_ops: vec![],
            dynamic_ops: vec![OpRule { op: "tt.dot", why: "needs dot operands" }],
            illegal_ops: vec![],
        };
        let names: Vec<String> = l.slots("conv").into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["conv/legal-dialect/ttg", "conv/dynamic-dialect/arith", "conv/dynamic-op/tt.dot"]);
        assert!(l.remove_slot("conv", "conv/dynamic-op/tt.dot"));
        assert!(!l.remove_slot("conv", "conv/dynamic-op/tt.dot"));
        assert!(l.remove_slot("conv", "conv/dynamic-dialect/arith"));
        assert!(!l.remove_slot("other", "conv/legal-dialect/ttg"));
        assert!(l.dynamic.is_empty() && l.dynamic_ops.is_empty());
    }

    #[test]
    fn dialect_sets_name_their_namespaces() {
        let set = Dialects::ARITH | Dialects::TT | Dialects::SCF;
        assert_eq!(set.namespaces(), vec!["arith", "scf", "tt"]);
        assert!(Dialects::empty().namespaces().is_empty());
        assert_eq!(Dialects::of_op("tt.dot"), Dialects::TT);
        assert_eq!(Dialects::of_op("scf.for"), Dialects::SCF);
        assert!(Dialects::of_op("foo.bar").is_empty());
        assert_eq!(Dialects::all().namespaces().len(), Dialects::NAMES.len());
    }
}
