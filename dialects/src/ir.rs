//! Small, copyable views over MLIR handles (`mlir-sys`), the vocabulary the
//! verifiers, folders and patterns are written in.
//!
//! Every view borrows an object owned by an `MLIRContext` (types, attributes)
//! or by the IR (operations, values). They are only valid during the callback
//! that received them; none of them frees anything.
use mlir_sys::*;
use std::ffi::c_void;
use std::fmt;

/// Converts an `MlirStringRef` to a `&str` (empty on invalid UTF-8).
///
/// # Safety
/// `s` must point to `s.length` readable bytes that outlive the result.
pub unsafe fn str_of<'a>(s: MlirStringRef) -> &'a str {
    if s.data.is_null() {
        return "";
    }
    let bytes = std::slice::from_raw_parts(s.data as *const u8, s.length);
    std::str::from_utf8(bytes).unwrap_or("")
}

/// Borrows a Rust string as an `MlirStringRef` (valid while `s` lives).
pub fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr() as *const _, length: s.len() }
}

unsafe extern "C" fn append_to_string(s: MlirStringRef, user_data: *mut c_void) {
    let out = &mut *(user_data as *mut String);
    out.push_str(&String::from_utf8_lossy(std::slice::from_raw_parts(
        s.data as *const u8,
        s.length,
    )));
}

/// A type (`MlirType`).
#[derive(Clone, Copy)]
pub struct Ty(pub MlirType);

impl Ty {
    /// Whether this is the null type.
    pub fn is_null(self) -> bool {
        self.0.ptr.is_null()
    }
    /// Whether this is a builtin ranked tensor.
    pub fn is_tensor(self) -> bool {
        unsafe { mlirTypeIsARankedTensor(self.0) }
    }
    /// The shape of a ranked tensor; `None` for any other type.
    pub fn shape(self) -> Option<Vec<i64>> {
        if !self.is_tensor() {
            return None;
        }
        unsafe {
            let rank = mlirShapedTypeGetRank(self.0);
            Some((0..rank).map(|i| mlirShapedTypeGetDimSize(self.0, i as isize)).collect())
        }
    }
    /// The shape, with `[]` for a scalar.
    pub fn shape_or_scalar(self) -> Vec<i64> {
        self.shape().unwrap_or_default()
    }
    /// The element type of a tensor, or the type itself.
    pub fn element(self) -> Ty {
        if self.is_tensor() {
            Ty(unsafe { mlirShapedTypeGetElementType(self.0) })
        } else {
            self
        }
    }
    /// The encoding attribute of a ranked tensor, if it has one.
    pub fn encoding(self) -> Option<Attr> {
        if !self.is_tensor() {
            return None;
        }
        let attr = Attr(unsafe { mlirRankedTensorTypeGetEncoding(self.0) });
        (!attr.is_null()).then_some(attr)
    }
    /// The number of elements of a tensor (1 for scalars), saturating.
    pub fn num_elements(self) -> i64 {
        self.shape_or_scalar().iter().fold(1i64, |acc, d| acc.saturating_mul(*d))
    }
    /// Whether this is an integer type.
    pub fn is_integer(self) -> bool {
        unsafe { mlirTypeIsAInteger(self.0) }
    }
    /// Whether this is a float type.
    pub fn is_float(self) -> bool {
        unsafe { mlirTypeIsAFloat(self.0) }
    }
    /// Whether this is a `!tt.ptr`.
    pub fn is_ptr(self) -> bool {
        crate::tt::types::is_ptr(self)
    }
    /// Whether this is a `!tt.tensordesc`.
    pub fn is_tensordesc(self) -> bool {
        crate::tt::types::is_tensordesc(self)
    }
    /// The namespace of the dialect that owns this type.
    pub fn dialect_namespace(self) -> &'static str {
        unsafe { str_of(mlirDialectGetNamespace(mlirTypeGetDialect(self.0))) }
    }
    /// The bit width of an integer or float type (0 otherwise; 64 for pointers).
    pub fn bit_width(self) -> u32 {
        unsafe {
            if self.is_integer() {
                mlirIntegerTypeGetWidth(self.0)
            } else if self.is_float() {
                mlirFloatTypeGetWidth(self.0)
            } else if self.is_ptr() {
                64
            } else {
                0
            }
        }
    }
    /// The context the type lives in.
    pub fn context(self) -> MlirContext {
        unsafe { mlirTypeGetContext(self.0) }
    }
    /// A ranked tensor type with this element type.
    pub fn tensor(shape: &[i64], element: Ty, encoding: Option<Attr>) -> Ty {
        let enc = encoding.map(|a| a.0).unwrap_or(MlirAttribute { ptr: std::ptr::null() });
        Ty(unsafe { mlirRankedTensorTypeGet(shape.len() as isize, shape.as_ptr(), element.0, enc) })
    }
    /// `i1` in `context`.
    pub fn i1(context: MlirContext) -> Ty {
        Ty(unsafe { mlirIntegerTypeGet(context, 1) })
    }
    /// The signless integer type of `width` bits.
    pub fn int(context: MlirContext, width: u32) -> Ty {
        Ty(unsafe { mlirIntegerTypeGet(context, width) })
    }
    /// This tensor type with another encoding (itself when not a tensor).
    pub fn with_encoding(self, encoding: Option<Attr>) -> Ty {
        match self.shape() {
            Some(shape) => Ty::tensor(&shape, self.element(), encoding),
            None => self,
        }
    }
}

impl PartialEq for Ty {
    fn eq(&self, other: &Ty) -> bool {
        unsafe { mlirTypeEqual(self.0, other.0) }
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("<<null type>>");
        }
        let mut out = String::new();
        unsafe { mlirTypePrint(self.0, Some(append_to_string), &mut out as *mut String as *mut c_void) };
        f.write_str(&out)
    }
}

/// An attribute (`MlirAttribute`).
#[derive(Clone, Copy)]
pub struct Attr(pub MlirAttribute);

impl Attr {
    /// Whether this is the null attribute.
    pub fn is_null(self) -> bool {
        self.0.ptr.is_null()
    }
    /// The value of an integer attribute.
    pub fn int(self) -> Option<i64> {
        unsafe { (!self.is_null() && mlirAttributeIsAInteger(self.0)).then(|| mlirIntegerAttrGetValueInt(self.0)) }
    }
    /// The value of a bool attribute.
    pub fn bool(self) -> Option<bool> {
        unsafe { (!self.is_null() && mlirAttributeIsABool(self.0)).then(|| mlirBoolAttrGetValue(self.0)) }
    }
    /// The elements of a `DenseI32ArrayAttr`.
    pub fn i32_array(self) -> Option<Vec<i32>> {
        unsafe {
            if self.is_null() || !mlirAttributeIsADenseI32Array(self.0) {
                return None;
            }
            let n = mlirDenseArrayGetNumElements(self.0);
            Some((0..n).map(|i| mlirDenseI32ArrayGetElement(self.0, i)).collect())
        }
    }
    /// The splat value of a splat dense-elements attribute.
    pub fn splat_value(self) -> Option<Attr> {
        unsafe {
            if self.is_null() || !mlirAttributeIsADenseElements(self.0) || !mlirDenseElementsAttrIsSplat(self.0) {
                return None;
            }
            Some(Attr(mlirDenseElementsAttrGetSplatValue(self.0)))
        }
    }
    /// A scalar integer/float attribute, or the splat value of a dense one.
    pub fn scalar_or_splat(self) -> Option<Attr> {
        if self.is_null() {
            return None;
        }
        unsafe {
            if mlirAttributeIsAInteger(self.0) || mlirAttributeIsAFloat(self.0) {
                return Some(self);
            }
        }
        self.splat_value()
    }
    /// Whether this is an integer zero, a float +0.0, or a splat of one.
    pub fn is_zero(self) -> bool {
        match self.scalar_or_splat() {
            Some(v) => unsafe {
                if mlirAttributeIsAInteger(v.0) {
                    mlirIntegerAttrGetValueInt(v.0) == 0
                } else if mlirAttributeIsAFloat(v.0) {
                    let x = mlirFloatAttrGetValueDouble(v.0);
                    x == 0.0 && x.is_sign_positive()
                } else {
                    false
                }
            },
            None => false,
        }
    }
    /// `Some(true)` / `Some(false)` for an i1 constant (or splat) that is all
    /// true / all false.
    pub fn as_bool_splat(self) -> Option<bool> {
        let v = self.scalar_or_splat()?;
        unsafe {
            if mlirAttributeIsAInteger(v.0) && Ty(mlirAttributeGetType(v.0)).bit_width() == 1 {
                return Some(mlirIntegerAttrGetValueInt(v.0) != 0);
            }
            if mlirAttributeIsABool(v.0) {
                return Some(mlirBoolAttrGetValue(v.0));
            }
        }
        None
    }
    /// The namespace of the dialect that owns this attribute ("" for builtin).
    pub fn dialect_namespace(self) -> &'static str {
        unsafe { str_of(mlirDialectGetNamespace(mlirAttributeGetDialect(self.0))) }
    }
    /// A splat dense-elements attribute of `shaped` with the value `scalar`.
    /// A string attribute.
    pub fn string(context: MlirContext, value: &str) -> Attr {
        Attr(unsafe { mlirStringAttrGet(context, string_ref(value)) })
    }
    /// An integer attribute of type `ty`.
    pub fn integer(ty: Ty, value: i64) -> Attr {
        Attr(unsafe { mlirIntegerAttrGet(ty.0, value) })
    }
    pub fn splat(shaped: Ty, scalar: Attr) -> Attr {
        Attr(unsafe { mlirDenseElementsAttrSplatGet(shaped.0, scalar.0) })
    }
}

impl PartialEq for Attr {
    /// Attributes are uniqued by their context: equal means the same handle.
    fn eq(&self, other: &Attr) -> bool {
        unsafe { mlirAttributeEqual(self.0, other.0) }
    }
}

impl fmt::Display for Attr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("<<null attribute>>");
        }
        let mut out = String::new();
        unsafe { mlirAttributePrint(self.0, Some(append_to_string), &mut out as *mut String as *mut c_void) };
        f.write_str(&out)
    }
}

/// An SSA value (`MlirValue`).
#[derive(Clone, Copy)]
pub struct Val(pub MlirValue);

impl Val {
    /// The type of the value.
    pub fn ty(self) -> Ty {
        Ty(unsafe { mlirValueGetType(self.0) })
    }
    /// Changes the type of the value in place.
    pub fn set_type(self, ty: Ty) {
        unsafe { mlirValueSetType(self.0, ty.0) }
    }
    /// Whether two handles name the same value.
    pub fn same(self, other: Val) -> bool {
        unsafe { mlirValueEqual(self.0, other.0) }
    }
    /// The ops using this value (one entry per use).
    pub fn users(self) -> Vec<Op> {
        let mut users = Vec::new();
        unsafe {
            let mut use_ = mlirValueGetFirstUse(self.0);
            while !mlirOpOperandIsNull(use_) {
                users.push(Op(mlirOpOperandGetOwner(use_)));
                use_ = mlirOpOperandGetNextUse(use_);
            }
        }
        users
    }
    /// The uses of this value as (owner, operand index), in use-list order.
    pub fn uses(self) -> Vec<(Op, usize)> {
        let mut uses = Vec::new();
        unsafe {
            let mut use_ = mlirValueGetFirstUse(self.0);
            while !mlirOpOperandIsNull(use_) {
                uses.push((Op(mlirOpOperandGetOwner(use_)), mlirOpOperandGetOperandNumber(use_) as usize));
                use_ = mlirOpOperandGetNextUse(use_);
            }
        }
        uses
    }
    /// The block that owns this value if it is a block argument.
    pub fn owner_block(self) -> Option<MlirBlock> {
        unsafe { mlirValueIsABlockArgument(self.0).then(|| mlirBlockArgumentGetOwner(self.0)) }
    }
    /// The op that defines this value, if it is an op result.
    pub fn defining_op(self) -> Option<Op> {
        unsafe { mlirValueIsAOpResult(self.0).then(|| Op(mlirOpResultGetOwner(self.0))) }
    }
}

/// An operation (`MlirOperation`).
#[derive(Clone, Copy)]
pub struct Op(pub MlirOperation);

impl Op {
    /// The op's full name, e.g. `tt.load`.
    pub fn name(self) -> &'static str {
        unsafe { str_of(mlirIdentifierStr(mlirOperationGetName(self.0))) }
    }
    /// The operands.
    pub fn operands(self) -> Vec<Val> {
        unsafe {
            (0..mlirOperationGetNumOperands(self.0)).map(|i| Val(mlirOperationGetOperand(self.0, i))).collect()
        }
    }
    /// Operand `i`.
    pub fn operand(self, i: usize) -> Val {
        Val(unsafe { mlirOperationGetOperand(self.0, i as isize) })
    }
    /// The results.
    pub fn results(self) -> Vec<Val> {
        unsafe {
            (0..mlirOperationGetNumResults(self.0)).map(|i| Val(mlirOperationGetResult(self.0, i))).collect()
        }
    }
    /// Result `i`.
    pub fn result(self, i: usize) -> Val {
        Val(unsafe { mlirOperationGetResult(self.0, i as isize) })
    }
    /// The attribute `name` (inherent or discardable), if present.
    pub fn attr(self, name: &str) -> Option<Attr> {
        let attr = Attr(unsafe { mlirOperationGetAttributeByName(self.0, string_ref(name)) });
        (!attr.is_null()).then_some(attr)
    }
    /// The size of the operand segment `index` of an op with
    /// `AttrSizedOperandSegments` (1 when the op has no such attribute).
    pub fn segment_size(self, index: usize) -> i32 {
        self.attr("operandSegmentSizes")
            .and_then(|a| a.i32_array())
            .and_then(|sizes| sizes.get(index).copied())
            .unwrap_or(1)
    }
    /// The op that contains this one.
    pub fn parent(self) -> Option<Op> {
        let parent = unsafe { mlirOperationGetParentOperation(self.0) };
        (!parent.ptr.is_null()).then_some(Op(parent))
    }
    /// The nearest `builtin.module` enclosing this op (itself when it is one).
    pub fn enclosing_module(self) -> Option<Op> {
        let mut current = Some(self);
        while let Some(o) = current {
            if o.name() == "builtin.module" {
                return Some(o);
            }
            current = o.parent();
        }
        None
    }
    /// The integer attribute `name` of this op or of its nearest ancestor
    /// that has it.
    pub fn inherited_int(self, name: &str) -> Option<i64> {
        let mut current = Some(self);
        while let Some(o) = current {
            if let Some(v) = o.attr(name).and_then(Attr::int) {
                return Some(v);
            }
            current = o.parent();
        }
        None
    }
    /// The entry block of region `index`, if the region is not empty.
    pub fn entry_block(self, index: usize) -> Option<MlirBlock> {
        unsafe {
            if (index as isize) >= mlirOperationGetNumRegions(self.0) {
                return None;
            }
            let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(self.0, index as isize));
            (!block.ptr.is_null()).then_some(block)
        }
    }
    /// Every op nested in this op's regions (pre-order, excluding this op).
    pub fn nested_ops(self) -> Vec<Op> {
        unsafe extern "C" fn collect(op: MlirOperation, user_data: *mut c_void) -> MlirWalkResult {
            (*(user_data as *mut Vec<Op>)).push(Op(op));
            MlirWalkResult_MlirWalkResultAdvance
        }
        let mut ops: Vec<Op> = Vec::new();
        unsafe {
            mlirOperationWalk(self.0, Some(collect), &mut ops as *mut Vec<Op> as *mut c_void, MlirWalkOrder_MlirWalkPreOrder)
        };
        ops.retain(|op| !unsafe { mlirOperationEqual(op.0, self.0) });
        ops
    }
    /// The context of the op.
    pub fn context(self) -> MlirContext {
        unsafe { mlirOperationGetContext(self.0) }
    }
    /// The location of the op.
    pub fn location(self) -> MlirLocation {
        unsafe { mlirOperationGetLocation(self.0) }
    }
    /// The number of regions.
    pub fn num_regions(self) -> usize {
        unsafe { mlirOperationGetNumRegions(self.0) as usize }
    }
    /// Region `index`.
    pub fn region(self, index: usize) -> MlirRegion {
        unsafe { mlirOperationGetRegion(self.0, index as isize) }
    }
    /// Every attribute (inherent and discardable), in dictionary order.
    pub fn attributes(self) -> Vec<(&'static str, Attr)> {
        unsafe {
            (0..mlirOperationGetNumAttributes(self.0))
                .map(|i| {
                    let named = mlirOperationGetAttribute(self.0, i);
                    (str_of(mlirIdentifierStr(named.name)), Attr(named.attribute))
                })
                .collect()
        }
    }
    /// Sets (adds or replaces) attribute `name`.
    pub fn set_attr(self, name: &str, value: Attr) {
        unsafe { mlirOperationSetAttributeByName(self.0, string_ref(name), value.0) }
    }
    /// Removes attribute `name`; returns whether it was there.
    pub fn remove_attr(self, name: &str) -> bool {
        unsafe { mlirOperationRemoveAttributeByName(self.0, string_ref(name)) }
    }
    /// Replaces all operands.
    pub fn set_operands(self, operands: &[Val]) {
        let raw: Vec<MlirValue> = operands.iter().map(|v| v.0).collect();
        unsafe { mlirOperationSetOperands(self.0, raw.len() as isize, raw.as_ptr()) }
    }
    /// Replaces operand `index`.
    pub fn set_operand(self, index: usize, value: Val) {
        unsafe { mlirOperationSetOperand(self.0, index as isize, value.0) }
    }
    /// The number of operands.
    pub fn num_operands(self) -> usize {
        unsafe { mlirOperationGetNumOperands(self.0) as usize }
    }
    /// The number of results.
    pub fn num_results(self) -> usize {
        unsafe { mlirOperationGetNumResults(self.0) as usize }
    }
    /// The block that contains the op, if any.
    pub fn block(self) -> Option<MlirBlock> {
        let block = unsafe { mlirOperationGetBlock(self.0) };
        (!block.ptr.is_null()).then_some(block)
    }
    /// The op after this one in its block.
    pub fn next(self) -> Option<Op> {
        let op = unsafe { mlirOperationGetNextInBlock(self.0) };
        (!op.ptr.is_null()).then_some(Op(op))
    }
    /// Whether two handles name the same op.
    pub fn same(self, other: Op) -> bool {
        unsafe { mlirOperationEqual(self.0, other.0) }
    }
    /// Whether `self` is `other` or nested in it.
    pub fn is_within(self, other: Op) -> bool {
        let mut current = Some(self);
        while let Some(op) = current {
            if op.same(other) {
                return true;
            }
            current = op.parent();
        }
        false
    }
}

/// The ops of a block, in order.
pub fn block_ops(block: MlirBlock) -> Vec<Op> {
    let mut ops = Vec::new();
    let mut op = unsafe { mlirBlockGetFirstOperation(block) };
    while !op.ptr.is_null() {
        ops.push(Op(op));
        op = unsafe { mlirOperationGetNextInBlock(op) };
    }
    ops
}

/// The blocks of a region, in order.
pub fn region_blocks(region: MlirRegion) -> Vec<MlirBlock> {
    let mut blocks = Vec::new();
    let mut block = unsafe { mlirRegionGetFirstBlock(region) };
    while !block.ptr.is_null() {
        blocks.push(block);
        block = unsafe { mlirBlockGetNextInRegion(block) };
    }
    blocks
}

/// The arguments of a block.
pub fn block_arguments(block: MlirBlock) -> Vec<Val> {
    unsafe { (0..mlirBlockGetNumArguments(block)).map(|i| Val(mlirBlockGetArgument(block, i))).collect() }
}

/// The terminator of a block, if it has one.
pub fn block_terminator(block: MlirBlock) -> Option<Op> {
    let op = unsafe { mlirBlockGetTerminator(block) };
    (!op.ptr.is_null()).then_some(Op(op))
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::Context;

    #[test]
    fn tensor_and_attribute_views() {
        let context = Context::new();
        let raw = context.to_raw();
        let f32 = Ty(unsafe { mlirF32TypeGet(raw) });
        let tensor = Ty::tensor(&[4, 8], f32, None);
        assert!(tensor.is_tensor());
        assert_eq!(tensor.shape(), Some(vec![4, 8]));
        assert_eq!(tensor.num_elements(), 32);
        assert!(tensor.element() == f32);
        assert!(tensor.encoding().is_none());
        assert_eq!(tensor.to_string(), "tensor<4x8xf32>");
        assert_eq!(f32.shape_or_scalar(), Vec::<i64>::new());
        assert_eq!(f32.bit_width(), 32);
        // Without the C++ dialect loaded nothing is a !tt.ptr.
        assert!(!f32.is_ptr());

        let i1 = Ty::i1(raw);
        let mask = Ty::tensor(&[4], i1, None);
        let one = Attr(unsafe { mlirIntegerAttrGet(i1.0, 1) });
        let zero_bit = Attr(unsafe { mlirIntegerAttrGet(i1.0, 0) });
        assert_eq!(Attr::splat(mask, one).as_bool_splat(), Some(true));
        assert_eq!(Attr::splat(mask, zero_bit).as_bool_splat(), Some(false));
        let zero = Attr(unsafe { mlirFloatAttrDoubleGet(raw, f32.0, 0.0) });
        let minus_zero = Attr(unsafe { mlirFloatAttrDoubleGet(raw, f32.0, -0.0) });
        assert!(Attr::splat(tensor, zero).is_zero());
        assert!(!Attr::splat(tensor, minus_zero).is_zero());
        assert_eq!(Attr::splat(tensor, zero).to_string(), "dense<0.000000e+00> : tensor<4x8xf32>");
    }
}
