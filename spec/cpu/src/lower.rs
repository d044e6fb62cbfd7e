//! The lowering of one module: every `tt.func` becomes an `llvm.func`, its
//! control flow (already `cf` after `convert-scf-to-cf`) becomes LLVM blocks,
//! and each op is lowered by the pattern of its slot (`cpu.<op>`).
//!
//! Algorithm (all or nothing, as the ttg->LLVM lowering):
//! 1. For each `tt.func`, create an `llvm.func` beside it (temporary name)
//!    with the kernel ABI: the arguments (scalars as themselves, tensors of a
//!    device function as pointers to buffers), a device function's tensor
//!    results as pointers to buffers it writes, then `i32` program ids x, y,
//!    z and grid sizes x, y, z.
//! 2. Its first block (the *prologue*) receives the parameters and, as the
//!    lowering goes, every stack buffer (`llvm.alloca`); it branches to the
//!    first block of the body once everything is lowered.
//! 3. Each `tt` block gets an LLVM block with its scalar arguments; each
//!    tensor block argument gets a buffer instead, which branches fill.
//! 4. Ops are lowered in block order; a tensor op either builds a lazy tensor
//!    or emits a loop nest (blocks appended to the function) that writes a
//!    buffer.
//! 5. On the first op that cannot be lowered, everything built is erased and
//!    the op's location and message are returned; else the `tt.func`s are
//!    erased, the new functions renamed, and each kernel gets its
//!    `<name>_packed(void **args)` wrapper.
use crate::carried::{self, OffsetArg};
use crate::scalar;
use crate::tensor::{strides, Kind, Tensor, Value};
use crate::{patterns, CpuOptions, CpuPattern};
use mlir_sys::*;
use std::collections::HashMap;
use std::rc::Rc;
use tritium_conversions::ttg_to_llvm::emit::{Emitter, ICmp};
use tritium_dialects::ir::{block_arguments, block_ops, region_blocks, str_of, Attr, Op, Ty, Val};
use tritium_dialects::rewrite::Rewriter;

/// The number of trailing `i32` ABI parameters: program ids x, y, z and grid
/// sizes x, y, z.
pub const NUM_ABI_PARAMS: usize = 6;

/// Where a failure happened and why.
pub type LowerError = (MlirLocation, String);

/// A tensor block argument's buffer.
#[derive(Clone)]
struct ArgSlot {
    /// `None` for a scalar argument (an LLVM block argument).
    buffer: Option<Rc<Tensor>>,
    /// For a pointer tensor held as a base plus a byte offset (an `i64`
    /// LLVM block argument; see `carried.rs`): the argument and its base.
    offset: Option<(Val, OffsetArg)>,
}

/// The lowering state of one function.
pub struct Cx<'a> {
    /// Builds the new ops.
    pub e: Emitter,
    /// The options of this lowering.
    pub options: &'a CpuOptions,
    region: MlirRegion,
    prologue: MlirBlock,
    module_body: MlirBlock,
    values: HashMap<usize, Value>,
    blocks: HashMap<usize, (MlirBlock, Vec<ArgSlot>)>,
    /// The byte offset (`i64` LLVM block argument) of each block argument
    /// held as a base plus an offset.
    offsets: HashMap<usize, Val>,
    /// Program ids x, y, z then grid sizes x, y, z.
    pub abi: Vec<Val>,
    patterns: &'a HashMap<&'static str, &'static dyn CpuPattern>,
    /// Whether this function is a kernel (public).
    kernel: bool,
    result_ty: Ty,
    /// For each result of the function, the buffer (a parameter) a tensor
    /// result is written to; `None` for a scalar result.
    result_bufs: Vec<Option<Val>>,
}

fn key(v: Val) -> usize {
    v.0.ptr as usize
}

/// The string value of a string attribute.
pub fn string_attr(a: Option<Attr>) -> Option<String> {
    a.filter(|a| unsafe { mlirAttributeIsAString(a.0) }).map(|a| unsafe { str_of(mlirStringAttrGetValue(a.0)) }.to_string())
}

/// Whether a `tt.func` is a kernel (not private).
pub fn is_kernel(func: Op) -> bool {
    string_attr(func.attr("sym_visibility")).is_none_or(|v| v != "private")
}

/// The symbol name of `op`.
pub fn symbol_name(op: Op) -> String {
    string_attr(op.attr("sym_name")).unwrap_or_default()
}

/// The input and result types of a `tt.func`.
fn func_signature(func: Op) -> Result<(Vec<Ty>, Vec<Ty>), String> {
    let fty = func.attr("function_type").ok_or("tt.func without a function_type")?;
    unsafe {
        let t = mlirTypeAttrGetValue(fty.0);
        let inputs = (0..mlirFunctionTypeGetNumInputs(t)).map(|i| Ty(mlirFunctionTypeGetInput(t, i))).collect();
        let results = (0..mlirFunctionTypeGetNumResults(t)).map(|i| Ty(mlirFunctionTypeGetResult(t, i))).collect();
        Ok((inputs, results))
    }
}

/// The LLVM type of a scalar `tt`/builtin type (`!tt.ptr` is a plain
/// `!llvm.ptr`: the host has one address space).
pub fn llvm_scalar(e: &Emitter, ty: Ty) -> Result<Ty, String> {
    if ty.is_float() && ty.bit_width() < 16 {
        // fp8 (and narrower) formats have no LLVM type: their bits.
        return Ok(e.int_ty(ty.bit_width()));
    }
    if ty.is_integer() || ty.is_float() {
        return Ok(ty);
    }
    if ty.is_ptr() {
        return Ok(e.ptr_ty(0));
    }
    if unsafe { mlirTypeIsAIndex(ty.0) } {
        return Ok(e.i64());
    }
    Err(format!("type {ty} is not supported by the CPU backend"))
}

/// The LLVM parameter type of a function argument of type `ty`.
fn param_type(e: &Emitter, ty: Ty) -> Result<Ty, String> {
    if ty.is_tensor() {
        Ok(e.ptr_ty(0))
    } else {
        llvm_scalar(e, ty)
    }
}

/// Lowers every `tt.func` of `module` (see the module documentation).
pub fn lower_module(module: Op, options: &CpuOptions) -> Result<(), LowerError> {
    let mloc = module.location();
    let Some(body) = module.entry_block(0) else { return Ok(()) };
    let patterns = patterns::table();
    let funcs: Vec<Op> = block_ops(body).into_iter().filter(|o| o.name() == "tt.func").collect();
    if funcs.is_empty() {
        return Err((mloc, "the module has no tt.func to lower for the CPU".into()));
    }
    let mut created: Vec<(Op, String, bool)> = Vec::new();
    for f in &funcs {
        match lower_func(*f, body, &patterns, options) {
            Ok(new) => created.push(new),
            Err(err) => {
                for (op, _, _) in created {
                    unsafe { mlirOperationDestroy(op.0) };
                }
                return Err(err);
            }
        }
    }
    for f in funcs {
        unsafe { mlirOperationDestroy(f.0) };
    }
    let ctx = module.context();
    for (op, name, kernel) in &created {
        op.set_attr("sym_name", Attr::string(ctx, name));
        if *kernel {
            packed_wrapper(*op, name, body)?;
        }
    }
    Ok(())
}

/// Lowers one `tt.func` into a new `llvm.func` inserted before it.
fn lower_func(
    func: Op,
    body: MlirBlock,
    patterns: &HashMap<&'static str, &'static dyn CpuPattern>,
    options: &CpuOptions,
) -> Result<(Op, String, bool), LowerError> {
    let floc = func.location();
    let ctx = func.context();
    let name = symbol_name(func);
    let kernel = is_kernel(func);
    let mut e = Emitter::new(ctx, floc);
    e.set_module_body(body);
    let (inputs, results) = func_signature(func).map_err(|m| (floc, m))?;
    let mut params = Vec::new();
    for t in &inputs {
        params.push(param_type(&e, *t).map_err(|m| (floc, m))?);
    }
    let num_user = params.len();
    // A device function's tensor results: buffers its caller passes (after
    // the arguments, before the ABI values).
    let mut flat_results = Vec::new();
    for t in &results {
        if t.is_tensor() {
            if kernel {
                return Err((floc, format!("kernel '{name}' returns a tensor, which a kernel cannot")));
            }
            params.push(e.ptr_ty(0));
        } else {
            flat_results.push(llvm_scalar(&e, *t).map_err(|m| (floc, m))?);
        }
    }
    let num_result_bufs = params.len() - num_user;
    params.extend(std::iter::repeat_n(e.i32(), NUM_ABI_PARAMS));
    let result_ty = match flat_results.len() {
        0 => e.void_ty(),
        1 => flat_results[0],
        _ => e.struct_ty(&flat_results),
    };
    let fty = e.func_ty(result_ty, &params);
    let linkage = if kernel { "#llvm.linkage<external>" } else { "#llvm.linkage<internal>" };
    let attrs = [
        ("sym_name", e.str_attr(&format!("__tritium_cpu_lowering.{name}"))),
        ("function_type", e.type_attr(fty)),
        ("linkage", e.attr(linkage)),
    ];
    let raw: Vec<(&str, MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
    let new = Rewriter::build(floc, "llvm.func", &[], &[], &raw, 1);
    unsafe { mlirBlockInsertOwnedOperationBefore(body, func.0, new.0) };
    let fail = |err: LowerError| {
        unsafe { mlirOperationDestroy(new.0) };
        err
    };
    let region = new.region(0);
    let prologue = e.append_block(region, &params);
    let pargs = block_arguments(prologue);
    let mut cx = Cx {
        e,
        options,
        region,
        prologue,
        module_body: body,
        values: HashMap::new(),
        blocks: HashMap::new(),
        offsets: HashMap::new(),
        abi: pargs[num_user + num_result_bufs..].to_vec(),
        patterns,
        kernel,
        result_ty,
        result_bufs: {
            let mut bufs = pargs[num_user..num_user + num_result_bufs].iter();
            results.iter().map(|t| if t.is_tensor() { bufs.next().copied() } else { None }).collect()
        },
    };
    let old_blocks = region_blocks(func.region(0));
    if old_blocks.is_empty() {
        return Err(fail((floc, format!("function '{name}' has no body"))));
    }
    // Blocks, with their scalar arguments; buffers for tensor arguments.
    let offset_args = carried::analyze(&old_blocks);
    let mut new_blocks = Vec::new();
    for (i, b) in old_blocks.iter().enumerate() {
        let args = block_arguments(*b);
        if i == 0 {
            let nb = cx.new_block(&[]);
            for (a, p) in args.iter().zip(&pargs) {
                let v = if a.ty().is_tensor() {
                    let (shape, elem) = cx.tensor_type(a.ty()).map_err(|m| fail((floc, m)))?;
                    Value::Tensor(Tensor::new(shape, elem, Kind::Buf(*p)))
                } else {
                    Value::Scalar(*p)
                };
                cx.set(*a, v);
            }
            cx.blocks.insert(b.ptr as usize, (nb, Vec::new()));
            new_blocks.push(nb);
            continue;
        }
        let mut types = Vec::new();
        let mut slots = Vec::new();
        for a in &args {
            if let Some(o) = offset_args.get(&(a.0.ptr as usize)) {
                types.push(cx.e.i64());
                slots.push(ArgSlot { buffer: None, offset: Some((*a, *o)) });
            } else if a.ty().is_tensor() {
                let (shape, elem) = cx.tensor_type(a.ty()).map_err(|m| fail((floc, m)))?;
                let n = shape.iter().product();
                let buf = cx.alloca(elem, n);
                slots.push(ArgSlot { buffer: Some(Tensor::new(shape, elem, Kind::Buf(buf))), offset: None });
            } else {
                types.push(llvm_scalar(&cx.e, a.ty()).map_err(|m| fail((floc, m)))?);
                slots.push(ArgSlot { buffer: None, offset: None });
            }
        }
        let nb = cx.new_block(&types);
        let nargs = block_arguments(nb);
        let mut next = 0;
        for (a, s) in args.iter().zip(&slots) {
            if s.offset.is_some() {
                // Its value is set when its block is lowered (its base first).
                cx.offsets.insert(key(*a), nargs[next]);
                next += 1;
                continue;
            }
            let v = match &s.buffer {
                Some(t) => Value::Tensor(t.clone()),
                None => {
                    next += 1;
                    Value::Scalar(nargs[next - 1])
                }
            };
            cx.set(*a, v);
        }
        cx.blocks.insert(b.ptr as usize, (nb, slots));
        new_blocks.push(nb);
    }
    for (b, nb) in old_blocks.iter().zip(&new_blocks) {
        cx.e.set_block(*nb);
        let slots = cx.blocks.get(&(b.ptr as usize)).map(|(_, s)| s.clone()).unwrap_or_default();
        for (a, o) in slots.iter().filter_map(|s| s.offset) {
            let loc = cx.e.loc;
            let base = cx.tensor(o.base).map_err(|m| fail((loc, m)))?;
            let off = cx.offsets[&key(a)];
            let (shape, elem) = cx.tensor_type(a.ty()).map_err(|m| fail((loc, m)))?;
            cx.set(a, Value::Tensor(Tensor::new(shape, elem, Kind::Offset(base, off))));
        }
        for op in block_ops(*b) {
            cx.e.loc = op.location();
            cx.lower_op(op).map_err(|m| fail((op.location(), m)))?;
        }
    }
    cx.e.set_block(prologue);
    cx.e.loc = floc;
    cx.e.br(new_blocks[0], &[]);
    Ok((new, name, kernel))
}

/// Adds `<name>_packed(ptr args)`: `args[i]` points to the value of
/// parameter `i` of the kernel (the six ABI `i32`s last).
fn packed_wrapper(kernel: Op, name: &str, body: MlirBlock) -> Result<(), LowerError> {
    let loc = kernel.location();
    let mut e = Emitter::new(kernel.context(), loc);
    let fty = kernel.attr("function_type").ok_or((loc, "llvm.func without a type".to_string()))?;
    let fty = Ty(unsafe { mlirTypeAttrGetValue(fty.0) });
    let n = unsafe { mlirLLVMFunctionTypeGetNumInputs(fty.0) };
    let params: Vec<Ty> = (0..n).map(|i| Ty(unsafe { mlirLLVMFunctionTypeGetInput(fty.0, i) })).collect();
    let result = Ty(unsafe { mlirLLVMFunctionTypeGetReturnType(fty.0) });
    let ptr = e.ptr_ty(0);
    let void = e.void_ty();
    let wty = e.func_ty(void, &[ptr]);
    let attrs = [
        ("sym_name", e.str_attr(&format!("{name}_packed"))),
        ("function_type", e.type_attr(wty)),
        ("linkage", e.attr("#llvm.linkage<external>")),
    ];
    let raw: Vec<(&str, MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
    let w = Rewriter::build(loc, "llvm.func", &[], &[], &raw, 1);
    unsafe { mlirBlockInsertOwnedOperationAfter(body, kernel.0, w.0) };
    let block = e.append_block(w.region(0), &[ptr]);
    e.set_block(block);
    let args = block_arguments(block)[0];
    let mut values = Vec::new();
    for (i, t) in params.iter().enumerate() {
        let idx = e.const_int(e.i64(), i as i64);
        let slot = e.gep(args, ptr, idx);
        let p = e.load(slot, ptr);
        values.push(e.load(p, *t));
    }
    let ret = if result == void { None } else { Some(result) };
    e.call(name, &values, ret);
    e.ret(None);
    Ok(())
}

impl<'a> Cx<'a> {
    /// Records the lowered value of `v`.
    pub fn set(&mut self, v: Val, value: Value) {
        self.values.insert(key(v), value);
    }

    /// The lowered value of `v`.
    pub fn get(&self, v: Val) -> Result<Value, String> {
        self.values.get(&key(v)).cloned().ok_or_else(|| "use of a value the CPU lowering has not seen".to_string())
    }

    /// The scalar value of `v`.
    pub fn scalar(&self, v: Val) -> Result<Val, String> {
        match self.get(v)? {
            Value::Scalar(s) => Ok(s),
            Value::Tensor(_) => Err("expected a scalar, got a tensor".into()),
        }
    }

    /// The tensor value of `v`.
    pub fn tensor(&self, v: Val) -> Result<Rc<Tensor>, String> {
        match self.get(v)? {
            Value::Tensor(t) => Ok(t),
            Value::Scalar(_) => Err("expected a tensor, got a scalar".into()),
        }
    }

    /// The shape and LLVM element type of a tensor type.
    pub fn tensor_type(&self, ty: Ty) -> Result<(Vec<i64>, Ty), String> {
        let shape = ty.shape().ok_or_else(|| format!("{ty} is not a ranked tensor"))?;
        if shape.iter().any(|d| *d <= 0) {
            return Err(format!("tensor type {ty} has a dynamic or empty dimension"));
        }
        Ok((shape, llvm_scalar(&self.e, ty.element())?))
    }

    /// The LLVM type of a scalar value of type `ty`.
    pub fn scalar_type(&self, ty: Ty) -> Result<Ty, String> {
        llvm_scalar(&self.e, ty)
    }

    /// A new block with arguments of `types` at the end of the function.
    pub fn new_block(&mut self, types: &[Ty]) -> MlirBlock {
        self.e.append_block(self.region, types)
    }

    /// A stack buffer of `n` elements of `elem`, allocated in the prologue.
    pub fn alloca(&mut self, elem: Ty, n: i64) -> Val {
        let here = self.e.block();
        self.e.set_block(self.prologue);
        let count = self.e.const_int(self.e.i64(), n.max(1));
        let ptr = self.e.ptr_ty(0);
        let et = self.e.type_attr(elem);
        let align = self.e.int_attr(self.e.i64(), 64);
        let p = self.e.val("llvm.alloca", &[count], ptr, &[("elem_type", et), ("alignment", align)]);
        self.e.set_block(here);
        p
    }

    /// Inserts the detached symbol op `op` (a global) at the start of the module.
    pub fn add_global(&mut self, op: Op) -> Result<(), String> {
        unsafe {
            let first = mlirBlockGetFirstOperation(self.module_body);
            if first.ptr.is_null() {
                mlirBlockAppendOwnedOperation(self.module_body, op.0);
            } else {
                mlirBlockInsertOwnedOperationBefore(self.module_body, first, op.0);
            }
        }
        Ok(())
    }

    /// A loop `for i in lo..hi` with constant bounds carrying `carried`.
    pub fn for_dynamic_from(
        &mut self,
        lo: i64,
        hi: i64,
        carried: &[Val],
        body: &mut dyn FnMut(&mut Cx<'a>, Val, &[Val]) -> Result<Vec<Val>, String>,
    ) -> Result<Vec<Val>, String> {
        let l = self.c64(lo);
        let h = self.c64(hi);
        self.for_dynamic(l, h, carried, body)
    }

    /// An `i64` constant.
    pub fn c64(&mut self, v: i64) -> Val {
        let t = self.e.i64();
        self.e.const_int(t, v)
    }

    /// A loop `for i in 0..n` carrying `carried`; `body` gets the induction
    /// variable (`i64`) and the carried values and returns their next values.
    /// Returns the carried values after the loop.
    pub fn for_range(
        &mut self,
        n: i64,
        carried: &[Val],
        body: &mut dyn FnMut(&mut Cx<'a>, Val, &[Val]) -> Result<Vec<Val>, String>,
    ) -> Result<Vec<Val>, String> {
        let lo = self.c64(0);
        let hi = self.c64(n);
        self.for_dynamic(lo, hi, carried, body)
    }

    /// A loop `for i in lo..hi` (`i64` bounds) carrying `carried`.
    pub fn for_dynamic(
        &mut self,
        lo: Val,
        hi: Val,
        carried: &[Val],
        body: &mut dyn FnMut(&mut Cx<'a>, Val, &[Val]) -> Result<Vec<Val>, String>,
    ) -> Result<Vec<Val>, String> {
        self.for_dynamic_hinted(lo, hi, carried, None, body)
    }

    /// [`for_dynamic_from`](Self::for_dynamic_from) that LLVM must not
    /// vectorize: LLVM 22's loop vectorizer miscompiles a `minnum`/`maxnum`
    /// reduction over such a loop when its inner loop is unrolled away (it
    /// kept the first vector's rows only; found by tests/diff).
    pub fn for_dynamic_from_serial(
        &mut self,
        lo: i64,
        hi: i64,
        carried: &[Val],
        body: &mut dyn FnMut(&mut Cx<'a>, Val, &[Val]) -> Result<Vec<Val>, String>,
    ) -> Result<Vec<Val>, String> {
        let l = self.c64(lo);
        let h = self.c64(hi);
        self.for_dynamic_hinted(l, h, carried, Some("#llvm.loop_annotation<vectorize = <disable = true>>"), body)
    }

    /// [`for_range`](Self::for_range) that LLVM must not unroll before it
    /// vectorizes it: a short loop of masked accesses fully unrolled becomes
    /// a chain of scalar branches that no vectorizer merges back.
    pub fn for_range_vectorized(
        &mut self,
        n: i64,
        body: &mut dyn FnMut(&mut Cx<'a>, Val, &[Val]) -> Result<Vec<Val>, String>,
    ) -> Result<(), String> {
        let lo = self.c64(0);
        let hi = self.c64(n);
        self.for_dynamic_hinted(lo, hi, &[], Some("#llvm.loop_annotation<unroll = <disable = true>>"), body)?;
        Ok(())
    }

    fn for_dynamic_hinted(
        &mut self,
        lo: Val,
        hi: Val,
        carried: &[Val],
        hint: Option<&str>,
        body: &mut dyn FnMut(&mut Cx<'a>, Val, &[Val]) -> Result<Vec<Val>, String>,
    ) -> Result<Vec<Val>, String> {
        let i64t = self.e.i64();
        let mut types = vec![i64t];
        types.extend(carried.iter().map(|v| v.ty()));
        let header = self.new_block(&types);
        let body_block = self.new_block(&[]);
        let exit = self.new_block(&[]);
        let mut args = vec![lo];
        args.extend_from_slice(carried);
        self.e.br(header, &args);
        self.e.set_block(header);
        let hargs = block_arguments(header);
        let more = self.e.icmp(ICmp::Slt, hargs[0], hi);
        self.e.cond_br(more, body_block, &[], exit, &[]);
        self.e.set_block(body_block);
        let next_values = body(self, hargs[0], &hargs[1..])?;
        if next_values.len() != carried.len() {
            return Err("internal error: a loop body returned the wrong number of values".into());
        }
        let one = self.c64(1);
        let next = self.e.add(hargs[0], one);
        let mut nargs = vec![next];
        nargs.extend(next_values);
        self.e.br(header, &nargs);
        if let Some(hint) = hint {
            if let Some(latch) = block_ops(self.e.block()).last() {
                let hint = self.e.attr(hint);
                latch.set_attr("loop_annotation", hint);
            }
        }
        self.e.set_block(exit);
        Ok(hargs[1..].to_vec())
    }

    /// Runs `body` for every index of `shape` (row-major loop nest; `i64`
    /// coordinates; a dimension of size 1 gets the constant 0, no loop).
    pub fn for_each(&mut self, shape: &[i64], body: &mut dyn FnMut(&mut Cx<'a>, &[Val]) -> Result<(), String>) -> Result<(), String> {
        let mut prefix = Vec::new();
        self.for_each_from(shape, &mut prefix, body)
    }

    fn for_each_from(
        &mut self,
        shape: &[i64],
        prefix: &mut Vec<Val>,
        body: &mut dyn FnMut(&mut Cx<'a>, &[Val]) -> Result<(), String>,
    ) -> Result<(), String> {
        if prefix.len() == shape.len() {
            return body(self, prefix);
        }
        let d = shape[prefix.len()];
        if d == 1 {
            let z = self.c64(0);
            prefix.push(z);
            self.for_each_from(shape, prefix, body)?;
            prefix.pop();
            return Ok(());
        }
        self.for_range(d, &[], &mut |cx, iv, _| {
            prefix.push(iv);
            let r = cx.for_each_from(shape, prefix, body);
            prefix.pop();
            r.map(|_| Vec::new())
        })?;
        Ok(())
    }

    /// `if cond { then }`.
    pub fn if_then(&mut self, cond: Val, then: &mut dyn FnMut(&mut Cx<'a>) -> Result<(), String>) -> Result<(), String> {
        let t = self.new_block(&[]);
        let rest = self.new_block(&[]);
        self.e.cond_br(cond, t, &[], rest, &[]);
        self.e.set_block(t);
        then(self)?;
        self.e.br(rest, &[]);
        self.e.set_block(rest);
        Ok(())
    }

    /// `cond ? then() : otherwise` where `then` may touch memory (it only
    /// runs when `cond` holds).
    pub fn if_value(
        &mut self,
        cond: Val,
        ty: Ty,
        then: &mut dyn FnMut(&mut Cx<'a>) -> Result<Val, String>,
        otherwise: Val,
    ) -> Result<Val, String> {
        let t = self.new_block(&[]);
        let join = self.new_block(&[ty]);
        self.e.cond_br(cond, t, &[], join, &[otherwise]);
        self.e.set_block(t);
        let v = then(self)?;
        self.e.br(join, &[v]);
        self.e.set_block(join);
        Ok(block_arguments(join)[0])
    }

    /// The row-major linear index (`i64`) of `coords` in `shape`.
    pub fn linear(&mut self, coords: &[Val], shape: &[i64]) -> Val {
        let st = strides(shape);
        let mut acc: Option<Val> = None;
        for (k, c) in coords.iter().enumerate() {
            if shape[k] == 1 {
                continue;
            }
            let term = if st[k] == 1 {
                *c
            } else {
                let s = self.c64(st[k]);
                self.e.mul(*c, s)
            };
            acc = Some(match acc {
                Some(a) => self.e.add(a, term),
                None => term,
            });
        }
        acc.unwrap_or_else(|| self.c64(0))
    }

    /// The coordinates in `shape` of the linear index `lin`.
    fn delinearize(&mut self, lin: Val, shape: &[i64]) -> Vec<Val> {
        let st = strides(shape);
        let mut out = Vec::new();
        for k in 0..shape.len() {
            if shape[k] == 1 {
                out.push(self.c64(0));
                continue;
            }
            let mut v = lin;
            if st[k] != 1 {
                let s = self.c64(st[k]);
                v = self.e.binary("llvm.udiv", v, s);
            }
            if k != 0 {
                let d = self.c64(shape[k]);
                v = self.e.binary("llvm.urem", v, d);
            }
            out.push(v);
        }
        out
    }

    /// The address of element `coords` of the buffer `buf` of `t`'s shape.
    pub fn element_ptr(&mut self, buf: Val, t: &Tensor, coords: &[Val]) -> Val {
        let lin = self.linear(coords, &t.shape);
        self.e.gep(buf, t.elem, lin)
    }

    /// Element `coords` (`i64` values) of `t`.
    pub fn eval(&mut self, t: &Tensor, coords: &[Val]) -> Result<Val, String> {
        match &t.kind {
            Kind::Buf(p) => {
                let a = self.element_ptr(*p, t, coords);
                Ok(self.e.load(a, t.elem))
            }
            Kind::Range(start) => {
                let i32t = self.e.i32();
                let c = self.e.cast("llvm.trunc", coords[0], i32t);
                Ok(self.e.add_i32(c, *start))
            }
            Kind::Splat(v) => Ok(*v),
            Kind::Broadcast(src) => {
                let mut c = Vec::with_capacity(coords.len());
                for (k, x) in coords.iter().enumerate() {
                    c.push(if src.shape[k] == 1 && t.shape[k] != 1 { self.c64(0) } else { *x });
                }
                self.eval(src, &c)
            }
            Kind::ExpandDims(src, axis) => {
                let mut c = coords.to_vec();
                c.remove(*axis);
                self.eval(src, &c)
            }
            Kind::Reshape(src) => {
                let lin = self.linear(coords, &t.shape);
                if let Kind::Buf(p) = src.kind {
                    let a = self.e.gep(p, src.elem, lin);
                    return Ok(self.e.load(a, src.elem));
                }
                let c = self.delinearize(lin, &src.shape);
                self.eval(src, &c)
            }
            Kind::Trans(src, order) => {
                let mut c = coords.to_vec();
                for (k, o) in order.iter().enumerate() {
                    c[*o] = coords[k];
                }
                self.eval(src, &c)
            }
            Kind::Join(a, b) => {
                let n = coords.len() - 1;
                let va = self.eval(a, &coords[..n])?;
                let vb = self.eval(b, &coords[..n])?;
                let z = self.c64(0);
                let first = self.e.icmp(ICmp::Eq, coords[n], z);
                Ok(self.e.select(first, va, vb))
            }
            Kind::Split(src, which) => {
                let mut c = coords.to_vec();
                c.push(self.c64(*which));
                self.eval(src, &c)
            }
            Kind::Cat(a, b) => {
                let n0 = a.shape[0];
                let mut ca = coords.to_vec();
                let last = self.c64(n0 - 1);
                ca[0] = self.e.val("llvm.intr.umin", &[coords[0], last], coords[0].ty(), &[]);
                let mut cb = coords.to_vec();
                let k = self.c64(n0);
                let zero = self.c64(0);
                let shifted = self.e.sub(coords[0], k);
                cb[0] = self.e.val("llvm.intr.smax", &[shifted, zero], coords[0].ty(), &[]);
                let va = self.eval(a, &ca)?;
                let vb = self.eval(b, &cb)?;
                let in_a = self.e.icmp(ICmp::Slt, coords[0], k);
                Ok(self.e.select(in_a, va, vb))
            }
            Kind::Map(op, args) => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(match a {
                        Value::Scalar(s) => *s,
                        Value::Tensor(x) => self.eval(x, coords)?,
                    });
                }
                scalar::lower(&mut self.e, self.options, *op, &vals, t.elem)
            }
            Kind::Cast(src, name) => {
                let v = self.eval(src, coords)?;
                Ok(self.e.cast(name, v, t.elem))
            }
            Kind::Offset(src, off) => {
                let p = self.eval(src, coords)?;
                let i8t = self.e.int_ty(8);
                Ok(self.e.gep(p, i8t, *off))
            }
        }
    }

    /// Writes every element of `t` into the buffer `buf` (of `t`'s shape).
    pub fn store_into(&mut self, t: &Rc<Tensor>, buf: Val) -> Result<(), String> {
        let shape = t.shape.clone();
        let t = t.clone();
        self.for_each(&shape, &mut |cx, c| {
            let v = cx.eval(&t, c)?;
            let a = cx.element_ptr(buf, &t, c);
            cx.e.store(v, a);
            Ok(())
        })
    }

    /// `t` held in memory: itself if it is, else a new buffer written now.
    pub fn materialize(&mut self, t: &Rc<Tensor>) -> Result<Rc<Tensor>, String> {
        if t.buffer().is_some() {
            return Ok(t.clone());
        }
        let buf = self.alloca(t.elem, t.len());
        self.store_into(t, buf)?;
        Ok(Tensor::new(t.shape.clone(), t.elem, Kind::Buf(buf)))
    }

    /// `t` converted element by element to `elem` and held in memory
    /// (floats extended or truncated, integers sign-extended or truncated).
    pub fn materialize_as(&mut self, t: &Rc<Tensor>, elem: Ty) -> Result<Rc<Tensor>, String> {
        if t.elem == elem {
            return self.materialize(t);
        }
        let cast = convert_op(t.elem, elem)?;
        let c = Tensor::new(t.shape.clone(), elem, Kind::Cast(t.clone(), cast));
        self.materialize(&c)
    }

    /// Lowers the single-block region `region` applied to `args` (scalars):
    /// returns the operands of its terminator.
    pub fn apply_region(&mut self, region: MlirRegion, args: &[Val]) -> Result<Vec<Val>, String> {
        self.apply_region_with(region, args, false)
    }

    /// [`apply_region`](Self::apply_region); with `reassociate`, the
    /// floating-point adds and multiplies it creates may be reassociated
    /// (`tt.reduce` promises no combining order, and LLVM vectorizes a
    /// reduction only when it may reorder it).
    pub fn apply_region_with(&mut self, region: MlirRegion, args: &[Val], reassociate: bool) -> Result<Vec<Val>, String> {
        let block = self.e.block();
        let last = block_ops(block).last().copied();
        let result = self.apply_region_ops(region, args)?;
        if reassociate && self.e.block().ptr == block.ptr {
            let flags = self.e.attr("#llvm.fastmath<reassoc, nsz>");
            let ops = block_ops(block);
            let start = match last {
                Some(l) => ops.iter().position(|o| o.same(l)).map_or(0, |i| i + 1),
                None => 0,
            };
            for o in &ops[start..] {
                if matches!(o.name(), "llvm.fadd" | "llvm.fmul" | "llvm.intr.maxnum" | "llvm.intr.minnum") {
                    o.set_attr("fastmathFlags", flags);
                }
            }
        }
        Ok(result)
    }

    fn apply_region_ops(&mut self, region: MlirRegion, args: &[Val]) -> Result<Vec<Val>, String> {
        let blocks = region_blocks(region);
        let [block] = blocks.as_slice() else {
            return Err("a combine region with several blocks is not supported by the CPU backend".into());
        };
        let bargs = block_arguments(*block);
        if bargs.len() != args.len() {
            return Err("a combine region has the wrong number of arguments".into());
        }
        for (a, v) in bargs.iter().zip(args) {
            self.set(*a, Value::Scalar(*v));
        }
        for op in block_ops(*block) {
            match op.name() {
                "tt.reduce.return" | "tt.scan.return" => {
                    return op.operands().into_iter().map(|v| self.scalar(v)).collect();
                }
                _ => {
                    if op.results().iter().any(|r| r.ty().is_tensor()) {
                        return Err(format!("'{}' on tensors inside a combine region is not supported", op.name()));
                    }
                    self.lower_op(op)?;
                }
            }
        }
        Err("a combine region without a return".into())
    }

    /// Lowers the region `region` of scalar ops applied to `args`, inline,
    /// whatever its blocks (`cf` branches between them, as
    /// `convert-scf-to-cf` or Triton's inliner leave them): each block
    /// becomes a block of this function (the first one entered from here
    /// with `args` as its arguments), and every `terminator` op branches to a
    /// join block of `result_types`, where the lowering continues. Returns
    /// the join block's arguments.
    pub fn apply_region_cfg(&mut self, region: MlirRegion, args: &[Val], terminator: &str, result_types: &[Ty]) -> Result<Vec<Val>, String> {
        let blocks = region_blocks(region);
        let Some(first) = blocks.first() else { return Err("an empty region".into()) };
        let fargs = block_arguments(*first);
        if fargs.len() != args.len() {
            return Err(format!("a region takes {} arguments, given {}", fargs.len(), args.len()));
        }
        let join = self.new_block(result_types);
        let mut new_blocks = Vec::new();
        for (i, b) in blocks.iter().enumerate() {
            let bargs = block_arguments(*b);
            if bargs.iter().any(|a| a.ty().is_tensor()) {
                return Err("a region block with tensor arguments is not supported by the CPU backend".into());
            }
            if i == 0 {
                let nb = self.new_block(&[]);
                for (a, v) in bargs.iter().zip(args) {
                    self.set(*a, Value::Scalar(*v));
                }
                new_blocks.push(nb);
                continue;
            }
            let types = bargs.iter().map(|a| llvm_scalar(&self.e, a.ty())).collect::<Result<Vec<_>, _>>()?;
            let nb = self.new_block(&types);
            for (a, v) in bargs.iter().zip(block_arguments(nb)) {
                self.set(*a, Value::Scalar(v));
            }
            let slots = vec![ArgSlot { buffer: None, offset: None }; bargs.len()];
            self.blocks.insert(b.ptr as usize, (nb, slots));
            new_blocks.push(nb);
        }
        self.e.br(new_blocks[0], &[]);
        let mut result = Ok(());
        for (b, nb) in blocks.iter().zip(&new_blocks) {
            self.e.set_block(*nb);
            for op in block_ops(*b) {
                if op.name() == terminator {
                    let vals: Vec<Val> = op.operands().into_iter().map(|v| self.scalar(v)).collect::<Result<_, _>>()?;
                    if vals.len() != result_types.len() {
                        result = Err(format!("'{terminator}' returns {} values, {} expected", vals.len(), result_types.len()));
                        break;
                    }
                    self.e.br(join, &vals);
                    continue;
                }
                if op.results().iter().any(|r| r.ty().is_tensor()) {
                    result = Err(format!("'{}' on tensors inside a scalar region is not supported", op.name()));
                    break;
                }
                if let Err(m) = self.lower_op(op) {
                    result = Err(m);
                    break;
                }
            }
            if result.is_err() {
                break;
            }
        }
        for b in blocks.iter().skip(1) {
            self.blocks.remove(&(b.ptr as usize));
        }
        result?;
        self.e.set_block(join);
        Ok(block_arguments(join))
    }

    /// Lowers `op`: control flow here, everything else through its slot.
    pub fn lower_op(&mut self, op: Op) -> Result<(), String> {
        match op.name() {
            "tt.return" => self.lower_return(op),
            "cf.br" => {
                let dest = unsafe { mlirOperationGetSuccessor(op.0, 0) };
                let (block, args) = self.branch_args(dest, &op.operands())?;
                self.e.br(block, &args);
                Ok(())
            }
            "cf.cond_br" => self.lower_cond_br(op),
            "tt.call" => self.lower_call(op),
            name => match self.patterns.get(name) {
                Some(p) => p.lower(self, op),
                None => Err(format!("'{name}' is not supported by the CPU backend")),
            },
        }
    }

    fn lower_return(&mut self, op: Op) -> Result<(), String> {
        let operands = op.operands();
        if operands.len() != self.result_bufs.len() {
            return Err("tt.return with the wrong number of values".into());
        }
        let mut vals = Vec::new();
        for (v, buf) in operands.into_iter().zip(self.result_bufs.clone()) {
            match (self.get(v)?, buf) {
                (Value::Scalar(s), None) => vals.push(s),
                (Value::Tensor(t), Some(b)) => self.store_into(&t, b)?,
                _ => return Err("tt.return: a value and the function's result disagree (tensor or scalar)".into()),
            }
        }
        match vals.len() {
            0 => self.e.ret(None),
            1 => self.e.ret(Some(vals[0])),
            _ => {
                let mut agg = self.e.undef(self.result_ty);
                for (i, v) in vals.iter().enumerate() {
                    agg = self.e.insert_value(agg, *v, i as i64);
                }
                self.e.ret(Some(agg));
            }
        }
        let _ = self.kernel;
        Ok(())
    }

    fn lower_cond_br(&mut self, op: Op) -> Result<(), String> {
        let operands = op.operands();
        let n_true = op.segment_size(1) as usize;
        let cond = self.scalar(operands[0])?;
        let t = unsafe { mlirOperationGetSuccessor(op.0, 0) };
        let f = unsafe { mlirOperationGetSuccessor(op.0, 1) };
        let t_ops = &operands[1..1 + n_true];
        let f_ops = &operands[1 + n_true..];
        let needs_edge = |cx: &Self, ops: &[Val]| ops.iter().any(|v| matches!(cx.get(*v), Ok(Value::Tensor(_))));
        let (tb, targs) = if needs_edge(self, t_ops) { (self.new_block(&[]), Vec::new()) } else { self.branch_args(t, t_ops)? };
        let (fb, fargs) = if needs_edge(self, f_ops) { (self.new_block(&[]), Vec::new()) } else { self.branch_args(f, f_ops)? };
        self.e.cond_br(cond, tb, &targs, fb, &fargs);
        // Edges that copy tensors into the successor's buffers.
        for (needs, edge, dest, ops) in [(needs_edge(self, t_ops), tb, t, t_ops), (needs_edge(self, f_ops), fb, f, f_ops)] {
            if needs {
                self.e.set_block(edge);
                let (block, args) = self.branch_args(dest, ops)?;
                self.e.br(block, &args);
            }
        }
        Ok(())
    }

    /// Emits, in the current block, the copies of the tensor operands of a
    /// branch to `dest` into `dest`'s argument buffers, and returns the LLVM
    /// block and its scalar arguments. When a copy's source reads a buffer
    /// that another copy writes, every source goes through a temporary first
    /// (a parallel copy).
    fn branch_args(&mut self, dest: MlirBlock, operands: &[Val]) -> Result<(MlirBlock, Vec<Val>), String> {
        let (block, slots) = self.blocks.get(&(dest.ptr as usize)).cloned().ok_or("branch to a block outside the function")?;
        if slots.len() != operands.len() {
            return Err("branch with the wrong number of operands".into());
        }
        let mut scalars = Vec::new();
        let mut copies: Vec<(Rc<Tensor>, Rc<Tensor>)> = Vec::new();
        for (v, slot) in operands.iter().zip(&slots) {
            if let Some((arg, o)) = slot.offset {
                scalars.push(self.offset_of(*v, arg, o)?);
                continue;
            }
            match (&slot.buffer, self.get(*v)?) {
                (None, Value::Scalar(s)) => scalars.push(s),
                (Some(dst), Value::Tensor(src)) => {
                    if src.buffer().map(|p| p.0.ptr) != dst.buffer().map(|p| p.0.ptr) {
                        copies.push((src, dst.clone()));
                    }
                }
                _ => return Err("branch operand and block argument disagree (tensor or scalar)".into()),
            }
        }
        let dsts: Vec<usize> = copies.iter().filter_map(|(_, d)| d.buffer()).map(|p| p.0.ptr as usize).collect();
        let overlap = copies.iter().any(|(s, _)| {
            let mut r = Vec::new();
            s.reads(&mut r);
            r.iter().any(|p| dsts.contains(&(p.ptr as usize)))
        });
        if overlap {
            let mut temps = Vec::new();
            for (s, _) in &copies {
                let buf = self.alloca(s.elem, s.len());
                self.store_into(s, buf)?;
                temps.push(Tensor::new(s.shape.clone(), s.elem, Kind::Buf(buf)));
            }
            for ((_, d), t) in copies.iter().zip(temps) {
                self.store_into(&t, d.buffer().expect("argument buffer"))?;
            }
        } else {
            for (s, d) in &copies {
                self.store_into(s, d.buffer().expect("argument buffer"))?;
            }
        }
        Ok((block, scalars))
    }

    /// The byte offset from `o.base` of `v`, a value passed to the block
    /// argument `arg` held as a base plus an offset.
    fn offset_of(&mut self, v: Val, arg: Val, o: OffsetArg) -> Result<Val, String> {
        let (start, ops) = carried::chain(v, arg);
        let mut off = match start {
            None => *self.offsets.get(&key(arg)).ok_or("internal error: an offset argument without its offset")?,
            Some(b) if b.same(o.base) => self.c64(0),
            Some(_) => return Err("internal error: a branch operand does not start from its argument's base".into()),
        };
        let i64t = self.e.i64();
        for op in ops {
            let step = match self.get(op.operand(1))? {
                Value::Tensor(t) => match t.kind {
                    Kind::Splat(s) => s,
                    _ => return Err("internal error: a uniform tt.addptr offset is not a splat".into()),
                },
                Value::Scalar(s) => s,
            };
            let step = if step.ty().bit_width() < 64 { self.e.cast("llvm.sext", step, i64t) } else { step };
            let bytes = carried::step_bytes(op).ok_or("internal error: a tt.addptr step without a size")?;
            let b = self.c64(bytes);
            let step = self.e.mul(step, b);
            off = self.e.add(off, step);
        }
        Ok(off)
    }

    /// `tt.call`: scalar arguments as themselves, tensors as pointers to
    /// buffers, then a buffer for each tensor result (the callee writes it;
    /// it is the result's value here), then this function's ABI values.
    fn lower_call(&mut self, op: Op) -> Result<(), String> {
        let callee = op
            .attr("callee")
            .map(|a| unsafe { str_of(mlirSymbolRefAttrGetRootReference(a.0)) }.to_string())
            .ok_or("tt.call without a callee")?;
        let mut args = Vec::new();
        for v in op.operands() {
            match self.get(v)? {
                Value::Scalar(s) => args.push(s),
                Value::Tensor(t) => {
                    let m = self.materialize(&t)?;
                    args.push(m.buffer().expect("materialized"));
                }
            }
        }
        // Tensor results: buffers here that the callee writes.
        let mut scalar_results = Vec::new();
        for r in op.results() {
            if r.ty().is_tensor() {
                let (shape, elem) = self.tensor_type(r.ty())?;
                let buf = self.alloca(elem, shape.iter().product());
                args.push(buf);
                self.set(r, Value::Tensor(Tensor::new(shape, elem, Kind::Buf(buf))));
            } else {
                scalar_results.push(r);
            }
        }
        args.extend(self.abi.clone());
        let mut flat = Vec::new();
        for r in &scalar_results {
            flat.push(self.scalar_type(r.ty())?);
        }
        let result = match flat.len() {
            0 => None,
            1 => Some(flat[0]),
            _ => Some(self.e.struct_ty(&flat)),
        };
        let ret = self.e.call(&callee, &args, result);
        match (flat.len(), ret) {
            (0, _) | (_, None) => {}
            (1, Some(v)) => self.set(scalar_results[0], Value::Scalar(v)),
            (_, Some(agg)) => {
                for (i, t) in flat.iter().enumerate() {
                    let v = self.e.extract_value(agg, i as i64, *t);
                    self.set(scalar_results[i], Value::Scalar(v));
                }
            }
        }
        Ok(())
    }
}

/// The LLVM cast from element type `from` to `to` used when an operand is
/// converted (`tt.dot` operands, ...).
pub fn convert_op(from: Ty, to: Ty) -> Result<&'static str, String> {
    if from.is_float() && to.is_float() {
        Ok(if from.bit_width() < to.bit_width() { "llvm.fpext" } else { "llvm.fptrunc" })
    } else if from.is_integer() && to.is_integer() {
        Ok(if from.bit_width() < to.bit_width() { "llvm.sext" } else { "llvm.trunc" })
    } else if from.is_integer() && to.is_float() {
        Ok("llvm.sitofp")
    } else {
        Err(format!("no conversion from {from} to {to} in the CPU backend"))
    }
}
