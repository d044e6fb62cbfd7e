//! The layout interface: how `tt` verifies and propagates tensor encodings
//! without knowing any concrete encoding.
//!
//! A dialect that defines encodings (`ttg`, or a backend's own dialect)
//! registers a [`LayoutInterface`] under its namespace. `tt`'s verifiers and
//! type inference look the interface up by the namespace of the encoding they
//! meet. With none registered, tensors carrying that dialect's encodings are
//! accepted unverified, and inference that would need to derive a new encoding
//! fails with a diagnostic naming the dialect.
use crate::ir::{Attr, Op, Ty};
use std::sync::RwLock;

/// Layout rules a dialect of encodings provides to `tt`.
pub trait LayoutInterface: Send + Sync {
    /// Checks `tensor`'s encoding in the context of `op` (e.g. warp counts).
    fn verify_tensor_layout(&self, tensor: Ty, op: Op) -> Result<(), String>;
    /// The encoding of `expand_dims` of a tensor with `encoding` at `axis`.
    fn infer_expand_dims(&self, encoding: Attr, axis: usize) -> Result<Attr, String>;
    /// The encoding of a reduction of a tensor with `encoding` along `axis`.
    fn infer_reduce(&self, encoding: Attr, axis: usize) -> Result<Attr, String>;
    /// The encoding of a transposition by `order`.
    fn infer_trans(&self, encoding: Attr, shape: &[i64], order: &[i32]) -> Result<Attr, String>;
    /// The encoding of each half of a `split`.
    fn infer_split(&self, encoding: Attr, shape: &[i64]) -> Result<Attr, String>;
    /// Checks how the encodings of a `tt` op relate (dot operands and
    /// accumulator, join and reshape keeping elements in place, ...), once
    /// the op's own verifier has passed.
    fn verify_op_layouts(&self, _op: Op) -> Result<(), String> {
        Ok(())
    }
    /// Whether two encodings of a tensor of `shape` place every element in
    /// the same register, lane, warp and block (Triton's
    /// `verifyLayoutsAreEqual`); by default only identical attributes are.
    fn layouts_equivalent(&self, _shape: &[i64], a: Attr, b: Attr) -> bool {
        a == b
    }
}

/// Triton's `verifyEquivalentTensorType` as the compatibility check of an
/// inferred result type: the same type, or tensors of the same shape and
/// element type whose encodings are the same layout.
pub fn equivalent_types(inferred: Ty, declared: Ty) -> bool {
    if inferred == declared {
        return true;
    }
    if !inferred.is_tensor() || !declared.is_tensor() || inferred.element() != declared.element() {
        return false;
    }
    let (Some(shape), Some(other)) = (inferred.shape(), declared.shape()) else { return false };
    if shape != other {
        return false;
    }
    match (inferred.encoding(), declared.encoding()) {
        (Some(a), Some(b)) if a.dialect_namespace() == b.dialect_namespace() => {
            lookup(a).is_some_and(|i| i.layouts_equivalent(&shape, a, b))
        }
        _ => false,
    }
}

static REGISTRY: RwLock<Vec<(&'static str, &'static dyn LayoutInterface)>> = RwLock::new(Vec::new());

/// Registers `interface` for the encodings of dialect `namespace`; a later
/// registration for the same namespace wins (how a backend replaces rules).
pub fn register(namespace: &'static str, interface: &'static dyn LayoutInterface) {
    let mut registry = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    registry.retain(|(ns, _)| *ns != namespace);
    registry.push((namespace, interface));
}

/// The interface for `encoding`'s dialect, if one is registered.
pub fn lookup(encoding: Attr) -> Option<&'static dyn LayoutInterface> {
    let namespace = encoding.dialect_namespace();
    let registry = REGISTRY.read().unwrap_or_else(|e| e.into_inner());
    registry.iter().find(|(ns, _)| *ns == namespace).map(|(_, i)| *i)
}

/// The interface for `encoding`, or a diagnostic saying none is registered.
pub fn require(encoding: Attr) -> Result<&'static dyn LayoutInterface, String> {
    lookup(encoding).ok_or_else(|| {
        format!(
            "no layout inference is registered for encoding {encoding} (dialect '{}')",
            encoding.dialect_namespace()
        )
    })
}
