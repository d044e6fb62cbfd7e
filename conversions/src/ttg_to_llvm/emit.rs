//! `Emitter`: builds LLVM-dialect ops at the end of a block, the vocabulary
//! the ttg→LLVM patterns and the backends' `TargetInfo` hooks are written in.
//!
//! Ops are created generically (`mlirOperationCreate`) with the inherent
//! attributes MLIR 22's LLVM dialect expects; enum-valued attributes are
//! parsed once from their textual form and cached.
use mlir_sys::*;
use std::collections::HashMap;
use tritium_dialects::ir::{string_ref, Attr, Op, Ty, Val};
use tritium_dialects::rewrite::Rewriter;

/// The `rawConstantIndices` entry LLVM's GEP uses for a dynamic index.
const GEP_DYNAMIC_INDEX: i32 = i32::MIN;

/// Builds ops at the end of one block at a time.
pub struct Emitter {
    /// The context every op and type lives in.
    pub ctx: MlirContext,
    /// The location given to new ops (the op being lowered).
    pub loc: MlirLocation,
    block: MlirBlock,
    attrs: HashMap<String, Attr>,
    /// The body of the enclosing module (for declarations and constants).
    module_body: Option<MlirBlock>,
}

/// Integer comparison predicates (LLVM's `ICmpPredicate` numbering, which is
/// also `arith.cmpi`'s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ICmp {
    Eq = 0,
    Ne = 1,
    Slt = 2,
    Sle = 3,
    Sgt = 4,
    Sge = 5,
    Ult = 6,
    Ule = 7,
    Ugt = 8,
    Uge = 9,
}

impl Emitter {
    /// An emitter with no insertion block yet.
    pub fn new(ctx: MlirContext, loc: MlirLocation) -> Self {
        Emitter { ctx, loc, block: MlirBlock { ptr: std::ptr::null_mut() }, attrs: HashMap::new(), module_body: None }
    }

    /// Appends new ops to the end of `block` from now on.
    pub fn set_block(&mut self, block: MlirBlock) {
        self.block = block;
    }

    /// The block ops are appended to.
    pub fn block(&self) -> MlirBlock {
        self.block
    }

    /// Lets the emitter add symbols (declarations, constants) to `body`.
    pub fn set_module_body(&mut self, body: MlirBlock) {
        self.module_body = Some(body);
    }

    /// Whether the module already has a symbol `name`.
    fn has_symbol(&self, name: &str) -> bool {
        let Some(body) = self.module_body else { return false };
        tritium_dialects::ir::block_ops(body).iter().any(|o| {
            o.attr("sym_name").is_some_and(|a| unsafe { tritium_dialects::ir::str_of(mlirStringAttrGetValue(a.0)) } == name)
        })
    }

    /// Inserts a detached symbol op at the start of the module.
    fn add_symbol(&self, op: Op) -> Result<(), String> {
        let body = self.module_body.ok_or("no module to add a symbol to")?;
        unsafe {
            let first = mlirBlockGetFirstOperation(body);
            if first.ptr.is_null() {
                mlirBlockAppendOwnedOperation(body, op.0);
            } else {
                mlirBlockInsertOwnedOperationBefore(body, first, op.0);
            }
        }
        Ok(())
    }

    /// Declares the external function `name` of type `fty` (once).
    pub fn declare_func(&mut self, name: &str, fty: Ty) -> Result<(), String> {
        if self.has_symbol(name) {
            return Ok(());
        }
        let attrs = [
            ("sym_name", self.str_attr(name).0),
            ("function_type", self.type_attr(fty).0),
            ("linkage", self.attr("#llvm.linkage<external>").0),
        ];
        let op = Rewriter::build(self.loc, "llvm.func", &[], &[], &attrs, 1);
        self.add_symbol(op)
    }

    /// A pointer (address space 0) to a NUL-terminated constant string.
    pub fn string_constant(&mut self, text: &str) -> Result<Val, String> {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
        let name = format!("__tritium_str_{hash:016x}");
        self.string_global(&name, text)
    }

    /// [`Self::string_constant`] in a new global named `<key><n>` with the
    /// first free `n`, as Triton names its strings (`printfFormat_0`,
    /// `assertMessage_0`, ...).
    pub fn string_constant_named(&mut self, key: &str, text: &str) -> Result<Val, String> {
        let name = self.free_symbol(key);
        self.string_global(&name, text)
    }

    /// `<key><n>` with the first `n` no symbol of the module has.
    fn free_symbol(&self, key: &str) -> String {
        let mut n = 0usize;
        while self.has_symbol(&format!("{key}{n}")) {
            n += 1;
        }
        format!("{key}{n}")
    }

    /// The address (generic address space) of a new constant global
    /// `<key><n>` (the first free `n`) of `len` elements of type `elem`,
    /// `items` its value as an array attribute (`[0 : i32, 1 : i32]`).
    pub fn array_constant_named(&mut self, key: &str, elem: Ty, items: &str, len: u32) -> Result<Val, String> {
        let name = self.free_symbol(key);
        let value = self.attr(items);
        if value.0.ptr.is_null() {
            return Err(format!("bad constant array {items}"));
        }
        let ty = self.array_ty(elem, len);
        self.constant_global(&name, ty, value)?;
        Ok(self.address_of(&name))
    }

    /// The address of the string global `name` holding `text`, created
    /// unless the module has it.
    fn string_global(&mut self, name: &str, text: &str) -> Result<Val, String> {
        let name = name.to_string();
        if !self.has_symbol(&name) {
            let mut bytes = text.replace('\0', " ");
            bytes.push('\0');
            let i8t = self.int_ty(8);
            let ty = self.array_ty(i8t, bytes.len() as u32);
            let value = self.str_attr(&bytes);
            self.constant_global(&name, ty, value)?;
        }
        Ok(self.address_of(&name))
    }

    /// Adds the internal constant global `name` of type `ty` holding `value`
    /// (address space 0).
    fn constant_global(&mut self, name: &str, ty: Ty, value: Attr) -> Result<(), String> {
        let attrs = [
            ("sym_name", self.str_attr(name).0),
            ("global_type", self.type_attr(ty).0),
            ("linkage", self.attr("#llvm.linkage<internal>").0),
            ("constant", self.unit_attr().0),
            ("value", value.0),
            ("addr_space", self.int_attr(self.i32(), 0).0),
        ];
        let op = Rewriter::build(self.loc, "llvm.mlir.global", &[], &[], &attrs, 1);
        self.add_symbol(op)
    }

    /// The address (a generic pointer) of the global `name`.
    fn address_of(&mut self, name: &str) -> Val {
        let sym = self.symbol_attr(name);
        let ptr = self.ptr_ty(0);
        self.val("llvm.mlir.addressof", &[], ptr, &[("global_name", sym)])
    }

    /// Ends the current block with `cond_br cond, ^then, ^rest` and
    /// continues in `^then`; [`end_if`](Self::end_if) with the returned
    /// `^rest` closes it.
    pub fn begin_if(&mut self, cond: Val) -> MlirBlock {
        unsafe {
            let region = mlirBlockGetParentRegion(self.block);
            let then_block = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
            let rest = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
            mlirRegionInsertOwnedBlockAfter(region, self.block, then_block);
            mlirRegionInsertOwnedBlockAfter(region, then_block, rest);
            self.cond_br(cond, then_block, &[], rest, &[]);
            self.block = then_block;
            rest
        }
    }
    /// Branches to `rest` (from [`begin_if`](Self::begin_if)) and continues there.
    pub fn end_if(&mut self, rest: MlirBlock) {
        self.br(rest, &[]);
        self.block = rest;
    }

    // ----------------------------------------------------------------------
    // Types and attributes
    // ----------------------------------------------------------------------

    /// The signless integer type of `bits` bits.
    pub fn int_ty(&self, bits: u32) -> Ty {
        Ty::int(self.ctx, bits)
    }
    /// `i1`.
    pub fn i1(&self) -> Ty {
        self.int_ty(1)
    }
    /// `i32`.
    pub fn i32(&self) -> Ty {
        self.int_ty(32)
    }
    /// `i64`.
    pub fn i64(&self) -> Ty {
        self.int_ty(64)
    }
    /// `f16`.
    pub fn f16(&self) -> Ty {
        Ty(unsafe { mlirF16TypeGet(self.ctx) })
    }
    /// `f32`.
    pub fn f32(&self) -> Ty {
        Ty(unsafe { mlirF32TypeGet(self.ctx) })
    }
    /// `!llvm.ptr<addrspace>`.
    pub fn ptr_ty(&self, addrspace: u32) -> Ty {
        Ty(unsafe { mlirLLVMPointerTypeGet(self.ctx, addrspace) })
    }
    /// `!llvm.void`.
    pub fn void_ty(&self) -> Ty {
        Ty(unsafe { mlirLLVMVoidTypeGet(self.ctx) })
    }
    /// A literal (unnamed) struct of `fields`.
    pub fn struct_ty(&self, fields: &[Ty]) -> Ty {
        let raw: Vec<MlirType> = fields.iter().map(|t| t.0).collect();
        Ty(unsafe { mlirLLVMStructTypeLiteralGet(self.ctx, raw.len() as isize, raw.as_ptr(), false) })
    }
    /// `!llvm.array<n x elem>`.
    pub fn array_ty(&self, elem: Ty, n: u32) -> Ty {
        Ty(unsafe { mlirLLVMArrayTypeGet(elem.0, n) })
    }
    /// `!llvm.func<result (params)>`.
    pub fn func_ty(&self, result: Ty, params: &[Ty]) -> Ty {
        let raw: Vec<MlirType> = params.iter().map(|t| t.0).collect();
        Ty(unsafe { mlirLLVMFunctionTypeGet(result.0, raw.len() as isize, raw.as_ptr(), false) })
    }
    /// `vector<n x elem>`.
    pub fn vector_ty(&self, elem: Ty, n: u32) -> Ty {
        let shape = [i64::from(n)];
        Ty(unsafe { mlirVectorTypeGet(1, shape.as_ptr(), elem.0) })
    }

    /// The attribute written `text` (parsed once per emitter).
    pub fn attr(&mut self, text: &str) -> Attr {
        if let Some(a) = self.attrs.get(text) {
            return *a;
        }
        let a = Attr(unsafe { mlirAttributeParseGet(self.ctx, string_ref(text)) });
        self.attrs.insert(text.to_string(), a);
        a
    }
    /// A string attribute.
    pub fn str_attr(&self, s: &str) -> Attr {
        Attr::string(self.ctx, s)
    }
    /// A type attribute.
    pub fn type_attr(&self, ty: Ty) -> Attr {
        Attr(unsafe { mlirTypeAttrGet(ty.0) })
    }
    /// A unit attribute.
    pub fn unit_attr(&self) -> Attr {
        Attr(unsafe { mlirUnitAttrGet(self.ctx) })
    }
    /// A flat symbol reference `@name`.
    pub fn symbol_attr(&self, name: &str) -> Attr {
        Attr(unsafe { mlirFlatSymbolRefAttrGet(self.ctx, string_ref(name)) })
    }
    /// A `DenseI32ArrayAttr`.
    pub fn i32_array_attr(&self, values: &[i32]) -> Attr {
        Attr(unsafe { mlirDenseI32ArrayGet(self.ctx, values.len() as isize, values.as_ptr()) })
    }
    /// A `DenseI64ArrayAttr`.
    pub fn i64_array_attr(&self, values: &[i64]) -> Attr {
        Attr(unsafe { mlirDenseI64ArrayGet(self.ctx, values.len() as isize, values.as_ptr()) })
    }
    /// An integer attribute of type `ty`.
    pub fn int_attr(&self, ty: Ty, value: i64) -> Attr {
        Attr::integer(ty, value)
    }

    // ----------------------------------------------------------------------
    // Generic creation
    // ----------------------------------------------------------------------

    /// Appends `name(operands) {attrs} -> results` to the insertion block.
    pub fn op(&mut self, name: &str, operands: &[Val], results: &[Ty], attrs: &[(&str, Attr)]) -> Op {
        let raw: Vec<(&str, MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
        let op = Rewriter::build(self.loc, name, operands, results, &raw, 0);
        unsafe { mlirBlockAppendOwnedOperation(self.block, op.0) };
        op
    }
    /// Appends a single-result op and returns its result.
    pub fn val(&mut self, name: &str, operands: &[Val], result: Ty, attrs: &[(&str, Attr)]) -> Val {
        self.op(name, operands, &[result], attrs).result(0)
    }
    /// Appends a terminator with successors.
    pub fn branch_op(&mut self, name: &str, operands: &[Val], successors: &[MlirBlock], attrs: &[(&str, Attr)]) -> Op {
        unsafe {
            let mut state = mlirOperationStateGet(string_ref(name), self.loc);
            let raw: Vec<MlirValue> = operands.iter().map(|v| v.0).collect();
            mlirOperationStateAddOperands(&mut state, raw.len() as isize, raw.as_ptr());
            mlirOperationStateAddSuccessors(&mut state, successors.len() as isize, successors.as_ptr());
            let named: Vec<MlirNamedAttribute> = attrs
                .iter()
                .map(|(n, a)| mlirNamedAttributeGet(mlirIdentifierGet(self.ctx, string_ref(n)), a.0))
                .collect();
            mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
            let op = mlirOperationCreate(&mut state);
            mlirBlockAppendOwnedOperation(self.block, op);
            Op(op)
        }
    }

    // ----------------------------------------------------------------------
    // Constants
    // ----------------------------------------------------------------------

    /// An integer constant of type `ty` (i1 takes 0/1).
    pub fn const_int(&mut self, ty: Ty, value: i64) -> Val {
        let a = self.int_attr(ty, value);
        self.val("llvm.mlir.constant", &[], ty, &[("value", a)])
    }
    /// An `i32` constant.
    pub fn i32_const(&mut self, value: i64) -> Val {
        let t = self.i32();
        self.const_int(t, value)
    }
    /// An `i1` constant.
    pub fn bool_const(&mut self, value: bool) -> Val {
        let t = self.i1();
        self.const_int(t, i64::from(value))
    }
    /// A float constant of type `ty`.
    pub fn const_float(&mut self, ty: Ty, value: f64) -> Val {
        let a = Attr(unsafe { mlirFloatAttrDoubleGet(self.ctx, ty.0, value) });
        self.val("llvm.mlir.constant", &[], ty, &[("value", a)])
    }
    /// A constant from a scalar integer or float attribute.
    pub fn const_attr(&mut self, ty: Ty, value: Attr) -> Val {
        self.val("llvm.mlir.constant", &[], ty, &[("value", value)])
    }
    /// The all-zero value of a scalar type (integer, float or pointer).
    pub fn zero(&mut self, ty: Ty) -> Val {
        if ty.is_integer() {
            self.const_int(ty, 0)
        } else if ty.is_float() {
            self.const_float(ty, 0.0)
        } else {
            self.val("llvm.mlir.zero", &[], ty, &[])
        }
    }
    /// `llvm.mlir.undef` of `ty`.
    pub fn undef(&mut self, ty: Ty) -> Val {
        self.val("llvm.mlir.undef", &[], ty, &[])
    }

    // ----------------------------------------------------------------------
    // Arithmetic
    // ----------------------------------------------------------------------

    /// A binary op `name` whose result has its operands' type.
    pub fn binary(&mut self, name: &str, a: Val, b: Val) -> Val {
        self.val(name, &[a, b], a.ty(), &[])
    }
    /// `a + b`.
    pub fn add(&mut self, a: Val, b: Val) -> Val {
        self.binary("llvm.add", a, b)
    }
    /// `a - b`.
    pub fn sub(&mut self, a: Val, b: Val) -> Val {
        self.binary("llvm.sub", a, b)
    }
    /// `a * b`.
    pub fn mul(&mut self, a: Val, b: Val) -> Val {
        self.binary("llvm.mul", a, b)
    }
    /// `a & b`.
    pub fn and(&mut self, a: Val, b: Val) -> Val {
        self.binary("llvm.and", a, b)
    }
    /// `a | b`.
    pub fn or(&mut self, a: Val, b: Val) -> Val {
        self.binary("llvm.or", a, b)
    }
    /// `a ^ b`.
    pub fn xor(&mut self, a: Val, b: Val) -> Val {
        self.binary("llvm.xor", a, b)
    }
    /// `a << b`.
    pub fn shl(&mut self, a: Val, b: Val) -> Val {
        self.binary("llvm.shl", a, b)
    }
    /// `a >> b` (logical).
    pub fn lshr(&mut self, a: Val, b: Val) -> Val {
        self.binary("llvm.lshr", a, b)
    }
    /// `a + k` for an i32 `a` (no op for k = 0).
    pub fn add_i32(&mut self, a: Val, k: i64) -> Val {
        if k == 0 {
            return a;
        }
        let c = self.i32_const(k);
        self.add(a, c)
    }
    /// `a * k` for an i32 `a`.
    pub fn mul_i32(&mut self, a: Val, k: i64) -> Val {
        if k == 1 {
            return a;
        }
        let c = self.i32_const(k);
        self.mul(a, c)
    }
    /// `a & k` for an i32 `a`.
    pub fn and_i32(&mut self, a: Val, k: i64) -> Val {
        let c = self.i32_const(k);
        self.and(a, c)
    }
    /// `a >> k` (logical) for an i32 `a`.
    pub fn lshr_i32(&mut self, a: Val, k: u32) -> Val {
        if k == 0 {
            return a;
        }
        let c = self.i32_const(i64::from(k));
        self.lshr(a, c)
    }
    /// `a << k` for an i32 `a`.
    pub fn shl_i32(&mut self, a: Val, k: u32) -> Val {
        if k == 0 {
            return a;
        }
        let c = self.i32_const(i64::from(k));
        self.shl(a, c)
    }
    /// An integer comparison.
    pub fn icmp(&mut self, pred: ICmp, a: Val, b: Val) -> Val {
        let p = self.int_attr(self.i64(), pred as i64);
        let i1 = self.i1();
        self.val("llvm.icmp", &[a, b], i1, &[("predicate", p)])
    }
    /// `cond ? a : b`.
    pub fn select(&mut self, cond: Val, a: Val, b: Val) -> Val {
        self.val("llvm.select", &[cond, a, b], a.ty(), &[])
    }
    /// `arith.ceildivsi`, `arith.floordivsi` or `arith.ceildivui` (`op`) of
    /// `a` by `b`: the truncating quotient, adjusted by one where the
    /// remainder is non-zero and the operands' signs say so.
    pub fn rounded_div(&mut self, op: &str, a: Val, b: Val) -> Val {
        let unsigned = op == "arith.ceildivui";
        let ty = a.ty();
        let q = self.binary(if unsigned { "llvm.udiv" } else { "llvm.sdiv" }, a, b);
        let r = self.binary(if unsigned { "llvm.urem" } else { "llvm.srem" }, a, b);
        let zero = self.const_int(ty, 0);
        let nonzero = self.icmp(ICmp::Ne, r, zero);
        let adjust = if unsigned {
            nonzero
        } else {
            let x = self.xor(a, b);
            let signs_differ = self.icmp(ICmp::Slt, x, zero);
            let cond = if op == "arith.ceildivsi" {
                let t = self.bool_const(true);
                self.xor(signs_differ, t)
            } else {
                signs_differ
            };
            self.and(nonzero, cond)
        };
        let delta = self.const_int(ty, if op == "arith.floordivsi" { -1 } else { 1 });
        let d = self.select(adjust, delta, zero);
        self.add(q, d)
    }
    /// A cast op `name` (`llvm.zext`, `llvm.bitcast`, …) to `ty`.
    pub fn cast(&mut self, name: &str, v: Val, ty: Ty) -> Val {
        if v.ty() == ty {
            return v;
        }
        self.val(name, &[v], ty, &[])
    }
    /// `a && b` on i1 values, where `None` is "true".
    pub fn and_pred(&mut self, a: Option<Val>, b: Option<Val>) -> Option<Val> {
        match (a, b) {
            (Some(a), Some(b)) => Some(self.and(a, b)),
            (a, None) => a,
            (None, b) => b,
        }
    }

    // ----------------------------------------------------------------------
    // Memory, aggregates, calls
    // ----------------------------------------------------------------------

    /// `getelementptr elem, ptr[index]` (result in `ptr`'s address space).
    pub fn gep(&mut self, ptr: Val, elem: Ty, index: Val) -> Val {
        let raw = self.i32_array_attr(&[GEP_DYNAMIC_INDEX]);
        let elem = self.type_attr(elem);
        self.val("llvm.getelementptr", &[ptr, index], ptr.ty(), &[("elem_type", elem), ("rawConstantIndices", raw)])
    }
    /// A plain `llvm.load`.
    pub fn load(&mut self, ptr: Val, ty: Ty) -> Val {
        self.val("llvm.load", &[ptr], ty, &[])
    }
    /// A plain `llvm.store`.
    pub fn store(&mut self, value: Val, ptr: Val) {
        self.op("llvm.store", &[value, ptr], &[], &[]);
    }
    /// `llvm.store` with an alignment (bytes).
    pub fn store_aligned(&mut self, value: Val, ptr: Val, align: i64) {
        let a = self.int_attr(self.i64(), align);
        self.op("llvm.store", &[value, ptr], &[], &[("alignment", a)]);
    }
    /// `llvm.load` with an alignment (bytes).
    pub fn load_aligned(&mut self, ptr: Val, ty: Ty, align: i64) -> Val {
        let a = self.int_attr(self.i64(), align);
        self.val("llvm.load", &[ptr], ty, &[("alignment", a)])
    }
    /// `extractvalue agg[index]`.
    pub fn extract_value(&mut self, agg: Val, index: i64, ty: Ty) -> Val {
        let pos = self.i64_array_attr(&[index]);
        self.val("llvm.extractvalue", &[agg], ty, &[("position", pos)])
    }
    /// `insertvalue value into agg[index]`.
    pub fn insert_value(&mut self, agg: Val, value: Val, index: i64) -> Val {
        let pos = self.i64_array_attr(&[index]);
        self.val("llvm.insertvalue", &[agg, value], agg.ty(), &[("position", pos)])
    }
    /// `extractelement vec[index]`.
    pub fn extract_element(&mut self, vec: Val, index: i64, ty: Ty) -> Val {
        let i = self.i32_const(index);
        self.val("llvm.extractelement", &[vec, i], ty, &[])
    }
    /// `insertelement value into vec[index]`.
    pub fn insert_element(&mut self, vec: Val, value: Val, index: i64) -> Val {
        let i = self.i32_const(index);
        self.val("llvm.insertelement", &[vec, value, i], vec.ty(), &[])
    }
    /// An inline-assembly statement. `results` empty: no result; one type:
    /// that value; several: a struct whose fields are returned in order.
    pub fn inline_asm(&mut self, asm: &str, constraints: &str, operands: &[Val], results: &[Ty], side_effects: bool) -> Vec<Val> {
        self.inline_asm_op(asm, constraints, operands, results, side_effects, true)
    }
    /// [`Self::inline_asm`] for a user's `tt.elementwise_inline_asm`, which
    /// Triton lowers without the (empty) operand-attribute list its own asm
    /// carries.
    pub fn user_inline_asm(&mut self, asm: &str, constraints: &str, operands: &[Val], results: &[Ty], side_effects: bool) -> Vec<Val> {
        self.inline_asm_op(asm, constraints, operands, results, side_effects, false)
    }
    fn inline_asm_op(&mut self, asm: &str, constraints: &str, operands: &[Val], results: &[Ty], side_effects: bool, with_operand_attrs: bool) -> Vec<Val> {
        let mut attrs = vec![("asm_string", self.str_attr(asm)), ("constraints", self.str_attr(constraints))];
        let dialect = self.int_attr(self.i64(), 0);
        attrs.push(("asm_dialect", dialect));
        // An empty operand-attribute list, as Triton's asm builder sets it.
        if with_operand_attrs {
            let operand_attrs = self.attr("[]");
            attrs.push(("operand_attrs", operand_attrs));
        }
        if side_effects {
            attrs.push(("has_side_effects", self.unit_attr()));
        }
        match results.len() {
            0 => {
                // No outputs: a `!llvm.void` result, as Triton's asm builder
                // creates it.
                let void = self.void_ty();
                self.val("llvm.inline_asm", operands, void, &attrs);
                Vec::new()
            }
            1 => vec![self.val("llvm.inline_asm", operands, results[0], &attrs)],
            _ => {
                let st = self.struct_ty(results);
                let agg = self.val("llvm.inline_asm", operands, st, &attrs);
                results.iter().enumerate().map(|(i, t)| self.extract_value(agg, i as i64, *t)).collect()
            }
        }
    }
    /// `llvm.call @callee(args)`; `result` None for a void call.
    pub fn call(&mut self, callee: &str, args: &[Val], result: Option<Ty>) -> Option<Val> {
        let sym = self.symbol_attr(callee);
        let seg = self.i32_array_attr(&[args.len() as i32, 0]);
        let bundles = self.i32_array_attr(&[]);
        let results: Vec<Ty> = result.into_iter().collect();
        let op = self.op("llvm.call", args, &results, &[("callee", sym), ("operandSegmentSizes", seg), ("op_bundle_sizes", bundles)]);
        result.map(|_| op.result(0))
    }
    /// `llvm.br ^dest(args)`.
    pub fn br(&mut self, dest: MlirBlock, args: &[Val]) {
        self.branch_op("llvm.br", args, &[dest], &[]);
    }
    /// `llvm.cond_br cond, ^t(targs), ^f(fargs)`.
    pub fn cond_br(&mut self, cond: Val, t: MlirBlock, targs: &[Val], f: MlirBlock, fargs: &[Val]) {
        let mut operands = vec![cond];
        operands.extend_from_slice(targs);
        operands.extend_from_slice(fargs);
        let seg = self.i32_array_attr(&[1, targs.len() as i32, fargs.len() as i32]);
        self.branch_op("llvm.cond_br", &operands, &[t, f], &[("operandSegmentSizes", seg)]);
    }
    /// `llvm.return` of zero or one value.
    pub fn ret(&mut self, value: Option<Val>) {
        let operands: Vec<Val> = value.into_iter().collect();
        self.op("llvm.return", &operands, &[], &[]);
    }
    /// Creates a new block with arguments of `types` at the end of `region`.
    pub fn append_block(&self, region: MlirRegion, types: &[Ty]) -> MlirBlock {
        let raw: Vec<MlirType> = types.iter().map(|t| t.0).collect();
        let locs = vec![self.loc; raw.len()];
        unsafe {
            let block = mlirBlockCreate(raw.len() as isize, raw.as_ptr(), locs.as_ptr());
            mlirRegionAppendOwnedBlock(region, block);
            block
        }
    }
}
