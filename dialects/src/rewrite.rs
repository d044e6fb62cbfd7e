//! Rust rewrite patterns and the greedy driver that applies them.
//!
//! A pattern set is a slice of `&'static dyn RewritePattern`; the C++ side
//! wraps each element in an `mlir::RewritePattern` (by the address of the
//! slice element, which is what crosses the C boundary) and runs MLIR's greedy
//! driver through [`crate::services`].
use crate::ir::{string_ref, Op, Ty, Val};
use crate::services;
use melior::ir::{Location, Type, Value};
use melior::ContextRef;
use mlir_sys::*;

/// A rewrite pattern written in Rust.
///
/// Every pattern has a **stable name** (`<root>.<what-it-does>`, e.g.
/// `tt.load.drop-true-mask`): backend specs replace or disable patterns by
/// that name, so a name never changes once released.
pub trait RewritePattern: Sync {
    /// The stable name of the pattern.
    fn name(&self) -> &'static str;
    /// The op the pattern matches; `""` matches every op.
    fn root(&self) -> &'static str;
    /// Higher benefits are tried first.
    fn benefit(&self) -> u16 {
        1
    }
    /// Rewrites `op` through `rewriter`; returns whether the IR changed.
    fn match_and_rewrite(&self, op: Op, rewriter: &Rewriter) -> bool;
}

/// A borrowed `PatternRewriter`, with the few edits the patterns need.
pub struct Rewriter(pub MlirRewriterBase);

impl Rewriter {
    /// Creates `name` with these operands, result types and attributes just
    /// before `anchor`; returns the new op.
    pub fn create(&self, anchor: Op, name: &str, operands: &[Val], results: &[Ty], attrs: &[(&str, MlirAttribute)]) -> Op {
        self.create_with_regions(anchor, name, operands, results, attrs, 0)
    }
    /// Inserts `built` (a freshly built, unowned op) just before `anchor`.
    pub fn insert(&self, anchor: Op, built: melior::ir::Operation<'_>) -> Op {
        unsafe {
            mlirRewriterBaseSetInsertionPointBefore(self.0, anchor.0);
            Op(mlirRewriterBaseInsert(self.0, built.into_raw()))
        }
    }
    /// Replaces the single-result `op` by a new unary op of the same result
    /// type, built from `source` by `build` (an ODS-generated constructor of
    /// `ods`, e.g. `ods::splat`).
    pub fn replace_with_unary<'c, T>(
        &self,
        op: Op,
        build: impl FnOnce(&'c melior::Context, Type<'c>, Value<'c, '_>, Location<'c>) -> T,
        source: Val,
    ) where
        T: Into<melior::ir::Operation<'c>>,
    {
        // SAFETY: `op` is live during the rewrite; its context outlives the
        // new op, which the rewriter takes over right away.
        let built = unsafe {
            let context = ContextRef::from_raw(op.context());
            build(
                context.to_ref(),
                Type::from_raw(op.result(0).ty().0),
                Value::from_raw(source.0),
                Location::from_raw(op.location()),
            )
        };
        let new = self.insert(op, built.into());
        self.replace(op, &[new.result(0)]);
    }
    /// Replaces `op`'s results with `values` and erases it.
    pub fn replace(&self, op: Op, values: &[Val]) {
        let values: Vec<MlirValue> = values.iter().map(|v| v.0).collect();
        unsafe { mlirRewriterBaseReplaceOpWithValues(self.0, op.0, values.len() as isize, values.as_ptr()) }
    }
    /// Erases `op`, which must have no uses.
    pub fn erase(&self, op: Op) {
        unsafe { mlirRewriterBaseEraseOp(self.0, op.0) }
    }
}


impl Rewriter {
    /// Creates a detached op (the caller inserts it, or hands it to MLIR).
    pub fn build(location: MlirLocation, name: &str, operands: &[Val], results: &[Ty], attrs: &[(&str, MlirAttribute)], regions: usize) -> Op {
        unsafe {
            let context = mlirLocationGetContext(location);
            let mut state = mlirOperationStateGet(string_ref(name), location);
            let operands: Vec<MlirValue> = operands.iter().map(|v| v.0).collect();
            mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
            let results: Vec<MlirType> = results.iter().map(|t| t.0).collect();
            mlirOperationStateAddResults(&mut state, results.len() as isize, results.as_ptr());
            let named: Vec<MlirNamedAttribute> = attrs
                .iter()
                .map(|(n, a)| mlirNamedAttributeGet(mlirIdentifierGet(context, string_ref(n)), *a))
                .collect();
            mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
            if regions > 0 {
                let regions: Vec<MlirRegion> = (0..regions).map(|_| mlirRegionCreate()).collect();
                mlirOperationStateAddOwnedRegions(&mut state, regions.len() as isize, regions.as_ptr());
            }
            Op(mlirOperationCreate(&mut state))
        }
    }
    /// Creates `name` just before `anchor` with `regions` empty regions.
    pub fn create_with_regions(&self, anchor: Op, name: &str, operands: &[Val], results: &[Ty], attrs: &[(&str, MlirAttribute)], regions: usize) -> Op {
        let op = Self::build(anchor.location(), name, operands, results, attrs, regions);
        unsafe {
            mlirRewriterBaseSetInsertionPointBefore(self.0, anchor.0);
            Op(mlirRewriterBaseInsert(self.0, op.0))
        }
    }
    /// Inserts a detached op at the rewriter's current insertion point.
    pub fn insert_here(&self, op: Op) -> Op {
        Op(unsafe { mlirRewriterBaseInsert(self.0, op.0) })
    }
    /// Moves the insertion point just before `op`.
    pub fn set_insertion_point_before(&self, op: Op) {
        unsafe { mlirRewriterBaseSetInsertionPointBefore(self.0, op.0) }
    }
    /// Moves the insertion point just after `op`.
    pub fn set_insertion_point_after(&self, op: Op) {
        unsafe { mlirRewriterBaseSetInsertionPointAfter(self.0, op.0) }
    }
    /// Moves the insertion point to the end of `block`.
    pub fn set_insertion_point_to_end(&self, block: MlirBlock) {
        unsafe { mlirRewriterBaseSetInsertionPointToEnd(self.0, block) }
    }
    /// Moves the insertion point to the start of `block`.
    pub fn set_insertion_point_to_start(&self, block: MlirBlock) {
        unsafe { mlirRewriterBaseSetInsertionPointToStart(self.0, block) }
    }
    /// Moves the blocks of `region` to the end of `dest` (through the
    /// rewriter, so a dialect conversion can track and undo it).
    pub fn inline_region_at_end(&self, region: MlirRegion, dest: MlirRegion) {
        services::inline_region_at_end(self.0, region, dest)
    }
    /// Copies the blocks of `region` to the end of `dest`.
    pub fn clone_region_at_end(&self, region: MlirRegion, dest: MlirRegion) {
        services::clone_region_at_end(self.0, region, dest)
    }
    /// Moves `op` just before `anchor`.
    pub fn move_before(&self, op: Op, anchor: Op) {
        unsafe { mlirRewriterBaseMoveOpBefore(self.0, op.0, anchor.0) }
    }
    /// Replaces every use of `from` by `to`.
    pub fn replace_all_uses(&self, from: Val, to: Val) {
        unsafe { mlirRewriterBaseReplaceAllUsesWith(self.0, from.0, to.0) }
    }
    /// Changes `op` in place through `edit` (notifying the driver).
    pub fn modify_in_place(&self, op: Op, edit: impl FnOnce()) {
        unsafe { mlirRewriterBaseStartOpModification(self.0, op.0) };
        edit();
        unsafe { mlirRewriterBaseFinalizeOpModification(self.0, op.0) };
    }
}

/// Applies `patterns` to everything nested under `op` with MLIR's greedy
/// driver (default configuration: folding and constant CSE on, as Triton's
/// passes use it). Returns false when the driver did not converge.
pub fn apply_patterns_greedily(op: Op, patterns: &'static [&'static dyn RewritePattern]) -> bool {
    services::apply_patterns_greedily(op, patterns)
}
