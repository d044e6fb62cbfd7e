//! The `tt` types as seen from Rust.
//!
//! The types are C++ classes generated from ODS; when the dialect initializes,
//! the C++ side hands Rust their TypeIDs and a few accessors ([`TtTypeHooks`]),
//! so Rust can recognise and take apart `!tt.ptr` / `!tt.tensordesc` without a
//! link-time dependency on the C++ (which keeps `cargo test` self-contained).
use crate::ir::{Attr, Ty};
use mlir_sys::*;
use std::sync::OnceLock;

/// TypeIDs and accessors of the `tt` types, provided by the C++ dialect.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct TtTypeHooks {
    /// TypeID of `!tt.ptr`.
    pub pointer_type_id: MlirTypeID,
    /// TypeID of `!tt.tensordesc`.
    pub tensordesc_type_id: MlirTypeID,
    /// TypeID of `#tt.cache_policy`.
    pub cache_policy_attr_id: MlirTypeID,
    /// Pointee type of a `!tt.ptr`.
    pub pointee: unsafe extern "C" fn(MlirType) -> MlirType,
    /// `!tt.ptr<pointee, addressSpace>` (unchecked: the pointee must be valid).
    pub pointer_get: unsafe extern "C" fn(MlirType, u32) -> MlirType,
    /// Element type of a `!tt.tensordesc`.
    pub desc_element: unsafe extern "C" fn(MlirType) -> MlirType,
    /// Writes up to `capacity` dims of a `!tt.tensordesc` block; returns its rank.
    pub desc_shape: unsafe extern "C" fn(MlirType, *mut i64, isize) -> isize,
}

struct Hooks(TtTypeHooks);
// SAFETY: TypeIDs are immutable process-wide constants and the functions are
// thread-safe accessors of uniqued (immutable) types.
unsafe impl Send for Hooks {}
unsafe impl Sync for Hooks {}

static HOOKS: OnceLock<Hooks> = OnceLock::new();

/// Installs the hooks (first registration wins; later ones are identical).
pub fn install(hooks: TtTypeHooks) {
    let _ = HOOKS.set(Hooks(hooks));
}

fn hooks() -> Option<&'static TtTypeHooks> {
    HOOKS.get().map(|h| &h.0)
}

fn type_id_is(ty: Ty, id: impl Fn(&TtTypeHooks) -> MlirTypeID) -> bool {
    match hooks() {
        Some(h) if !ty.is_null() => unsafe { mlirTypeIDEqual(mlirTypeGetTypeID(ty.0), id(h)) },
        _ => false,
    }
}

/// Whether `ty` is a `!tt.ptr`.
pub fn is_ptr(ty: Ty) -> bool {
    type_id_is(ty, |h| h.pointer_type_id)
}

/// Whether `ty` is a `!tt.tensordesc`.
pub fn is_tensordesc(ty: Ty) -> bool {
    type_id_is(ty, |h| h.tensordesc_type_id)
}

/// Whether `attr` is a `#tt.cache_policy`.
pub fn is_cache_policy(attr: Attr) -> bool {
    match hooks() {
        Some(h) if !attr.is_null() => unsafe {
            mlirTypeIDEqual(mlirAttributeGetTypeID(attr.0), h.cache_policy_attr_id)
        },
        _ => false,
    }
}

/// The pointee of a `!tt.ptr` (`None` for other types).
pub fn pointee(ty: Ty) -> Option<Ty> {
    if !is_ptr(ty) {
        return None;
    }
    hooks().map(|h| Ty(unsafe { (h.pointee)(ty.0) }))
}

/// `!tt.ptr<pointee>` in global memory.
pub fn pointer_to(pointee: Ty) -> Option<Ty> {
    hooks().map(|h| Ty(unsafe { (h.pointer_get)(pointee.0, 1) }))
}

/// The block shape and element type of a `!tt.tensordesc`.
pub fn tensordesc_block(ty: Ty) -> Option<(Vec<i64>, Ty)> {
    if !is_tensordesc(ty) {
        return None;
    }
    let h = hooks()?;
    unsafe {
        let rank = (h.desc_shape)(ty.0, std::ptr::null_mut(), 0);
        let mut shape = vec![0i64; rank.max(0) as usize];
        (h.desc_shape)(ty.0, shape.as_mut_ptr(), rank);
        Some((shape, Ty((h.desc_element)(ty.0))))
    }
}

/// For a pointer or tensor of pointers, the pointee (tensor) type.
pub fn pointee_like(ty: Ty) -> Option<Ty> {
    if ty.is_tensor() {
        let p = pointee(ty.element())?;
        Some(Ty::tensor(&ty.shape_or_scalar(), p, ty.encoding()))
    } else {
        pointee(ty)
    }
}
