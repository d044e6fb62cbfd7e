//! Debugging ops: `tt.print` (one formatted line per element, through the
//! backend's `printf`) and `tt.assert` (each thread checks its elements and
//! reports a failure through the backend's `assert_fail`).
use super::emit::ICmp;
use super::{LowerPattern, Lowering};
use tritium_dialects::ir::{Op, Ty, Val};

/// `ttg-to-llvm.print`.
pub struct Print;
/// `ttg-to-llvm.assert`.
pub struct Assert;

/// `ttg-to-llvm.extern-elementwise`: a call of an external function per
/// element (e.g. a device library's, linked by the code generator).
pub struct ExternElementwise;
/// `ttg-to-llvm.elementwise-inline-asm`: the user's assembly per group of
/// `packed_element` elements.
pub struct ElementwiseInlineAsm;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] =
    &[&Print, &Assert, &ExternElementwise, &ElementwiseInlineAsm, &Assume, &GridDependency, &GlobalScratchAlloc];

/// `ttg-to-llvm.global-scratch-alloc`: `ttg.global_scratch_alloc`, the
/// address of its slice (`ttg.global_scratch_memory_offset`, set by
/// tritongpu-global-scratch-memory-allocation) of this program's global
/// scratch.
pub struct GlobalScratchAlloc;

impl LowerPattern for GlobalScratchAlloc {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.global-scratch-alloc"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.global_scratch_alloc"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        if op.attr("third_party_allocation").is_some() {
            return Err("'ttg.global_scratch_alloc' of the profile scratch (third_party_allocation) is not lowered".into());
        }
        // The allocation pass gives an empty allocation no offset: any
        // address in the slice will do.
        let empty = op.attr("nbytes").and_then(|a| a.int()) == Some(0);
        let offset = match op.attr("ttg.global_scratch_memory_offset").and_then(|a| a.int()) {
            Some(offset) => offset,
            None if empty => 0,
            None => return Err(
                "'ttg.global_scratch_alloc' has no 'ttg.global_scratch_memory_offset' (run tritongpu-global-scratch-memory-allocation first)".into(),
            ),
        };
        let size = op
            .enclosing_module()
            .and_then(|m| m.attr("ttg.global_scratch_memory_size"))
            .and_then(|a| a.int())
            .ok_or("the module has no 'ttg.global_scratch_memory_size' (run tritongpu-global-scratch-memory-allocation first)")?;
        Ok(vec![vec![cx.global_scratch_ptr(offset, size)]])
    }
}

/// `ttg-to-llvm.grid-dependency`: `tt.grid_dependency_wait` and
/// `tt.grid_dependency_launch_dependents` through the target.
pub struct GridDependency;

impl LowerPattern for GridDependency {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.grid-dependency"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.grid_dependency_wait", "tt.grid_dependency_launch_dependents"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let wait = op.name() == "tt.grid_dependency_wait";
        cx.target.grid_dependency(&mut cx.e, wait).map_err(|m| format!("'{}': {m}", op.name()))?;
        Ok(vec![])
    }
}

/// `ttg-to-llvm.assume`: `tl.assume`'s `llvm.intr.assume` on a scalar
/// condition, kept for LLVM's optimizers (its facts already served the axis
/// analysis).
pub struct Assume;

impl LowerPattern for Assume {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.assume"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["llvm.intr.assume"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        if op.num_operands() != 1 || op.operand(0).ty().is_tensor() {
            return Err("'llvm.intr.assume': only a scalar condition without operand bundles is supported".into());
        }
        let cond = cx.get(op.operand(0))?[0];
        let sizes = cx.e.i32_array_attr(&[]);
        cx.e.op("llvm.intr.assume", &[cond], &[], &[("op_bundle_sizes", sizes)]);
        Ok(vec![])
    }
}

fn str_attr(op: Op, name: &str) -> String {
    op.attr(name).map(|a| unsafe { tritium_dialects::ir::str_of(mlir_sys::mlirStringAttrGetValue(a.0)) }.to_string()).unwrap_or_default()
}

impl LowerPattern for ExternElementwise {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.extern-elementwise"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.extern_elementwise"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let symbol = str_attr(op, "symbol");
        if symbol.is_empty() {
            return Err("tt.extern_elementwise without a symbol".into());
        }
        let out = cx.elem_ty(op.result(0).ty())?;
        let arg_tys: Vec<Ty> = op.operands().iter().map(|v| cx.elem_ty(v.ty())).collect::<Result<_, _>>()?;
        let fty = cx.e.func_ty(out, &arg_tys);
        cx.e.declare_func(&symbol, fty)?;
        let n = cx.num_values(op.result(0).ty())?;
        // Scalar operands of a tensor call (the Elementwise trait allows them) serve every register.
        let operands = super::elementwise::broadcast_operands(cx, op, n)?;
        let mut vals = Vec::with_capacity(n);
        for i in 0..n {
            let args: Vec<Val> = operands.iter().map(|o| if o.len() == 1 { o[0] } else { o[i] }).collect();
            vals.push(cx.e.call(&symbol, &args, Some(out)).ok_or("extern call without result")?);
        }
        Ok(vec![vals])
    }
}

impl LowerPattern for ElementwiseInlineAsm {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.elementwise-inline-asm"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.elementwise_inline_asm"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let asm = str_attr(op, "asm_string");
        let constraints = str_attr(op, "constraints");
        let pure = op.attr("pure").and_then(|a| a.bool()).unwrap_or(false);
        let packed = op.attr("packed_element").and_then(|a| a.int()).unwrap_or(1).max(1) as usize;
        let operands: Vec<Vec<Val>> = op.operands().into_iter().map(|v| cx.get(v)).collect::<Result<_, _>>()?;
        let results = op.results();
        let n = match results.first() {
            Some(r) => cx.num_values(r.ty())?,
            None => operands.first().map(|o| o.len()).unwrap_or(1),
        };
        if n % packed != 0 || operands.iter().any(|o| o.len() != n && o.len() != 1) {
            return Err(format!("tt.elementwise_inline_asm: {n} elements per thread do not split into groups of {packed}"));
        }
        // As Triton: a group of `packed` elements travels in 32-bit
        // registers, each holding min(32 / bits, packed) elements as a
        // vector (one element each from 32 bits up).
        let per_reg = |t: Ty| -> usize {
            let bits = if t.is_integer() || t.is_float() { t.bit_width() as usize } else { 64 };
            (if bits < 32 { 32 / bits } else { 1 }).min(packed)
        };
        let result_elems: Vec<Ty> = results.iter().map(|r| cx.elem_ty(r.ty())).collect::<Result<_, _>>()?;
        let mut asm_result_tys: Vec<Ty> = Vec::new();
        for t in &result_elems {
            let k = per_reg(*t);
            let reg = if k > 1 { cx.e.vector_ty(*t, k as u32) } else { *t };
            asm_result_tys.extend(std::iter::repeat_n(reg, packed / k));
        }
        let mut out: Vec<Vec<Val>> = vec![Vec::with_capacity(n); results.len()];
        for start in (0..n).step_by(packed) {
            let mut args = Vec::with_capacity(operands.len());
            for o in &operands {
                let at = |i: usize| o[if o.len() == 1 { 0 } else { start + i }];
                let k = per_reg(at(0).ty());
                for j in (0..packed).step_by(k) {
                    if k == 1 {
                        args.push(at(j));
                        continue;
                    }
                    let vt = cx.e.vector_ty(at(j).ty(), k as u32);
                    let mut v = cx.e.undef(vt);
                    for i in 0..k {
                        v = cx.e.insert_element(v, at(j + i), i as i64);
                    }
                    args.push(v);
                }
            }
            let vals = cx.e.user_inline_asm(&asm, &constraints, &args, &asm_result_tys, !pure);
            let mut regs = vals.into_iter();
            for (j, t) in result_elems.iter().enumerate() {
                let k = per_reg(*t);
                for _ in 0..packed / k {
                    let v = regs.next().ok_or("tt.elementwise_inline_asm: fewer asm results than expected")?;
                    if k == 1 {
                        out[j].push(v);
                    } else {
                        for i in 0..k {
                            out[j].push(cx.e.extract_element(v, i as i64, *t));
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

/// The printf conversion Triton 3.9 writes for a value of type `ty`:
/// `%f` (`%a` in hex) for floats, `%i`/`%u` (`%lli`/`%llu` for 64 bits) for
/// integers, in hex `0x%0<bits/4>x` (`llx` for 64 bits), `%p` otherwise.
/// The CPU backend prints in the same format.
pub fn format_spec(ty: Ty, hex: bool, signed: bool) -> String {
    if ty.is_float() {
        return if hex { "%a" } else { "%f" }.into();
    }
    if ty.is_integer() {
        let bits = ty.bit_width();
        let long = if bits == 64 { "ll" } else { "" };
        return if hex {
            format!("0x%0{}{long}x", bits / 4)
        } else {
            format!("%{long}{}", if signed { "i" } else { "u" })
        };
    }
    "%p".into()
}

/// The value promoted as a vararg (floats to f64, integers narrower than
/// 32 bits extended by their signedness).
fn promote(cx: &mut Lowering<'_>, v: Val, signed: bool) -> Val {
    let ty = v.ty();
    if ty.is_float() {
        let f64t = Ty(unsafe { mlir_sys::mlirF64TypeGet(cx.e.ctx) });
        return cx.e.cast("llvm.fpext", v, f64t);
    }
    if ty.is_integer() && ty.bit_width() < 32 {
        let i32t = cx.e.i32();
        return cx.e.cast(if signed { "llvm.sext" } else { "llvm.zext" }, v, i32t);
    }
    v
}

/// `file`, `line` and `function` of a location, as far as it tells.
fn source_position(op: Op) -> (String, u32) {
    let mut text = String::new();
    unsafe extern "C" fn append(s: mlir_sys::MlirStringRef, data: *mut std::ffi::c_void) {
        let out = &mut *(data as *mut String);
        out.push_str(&String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length)));
    }
    unsafe { mlir_sys::mlirLocationPrint(op.location(), Some(append), &mut text as *mut String as *mut _) };
    // The first `"file":line:col` in the printed location.
    if let Some(start) = text.find('"') {
        let rest = &text[start + 1..];
        if let Some(end) = rest.find('"') {
            let file = rest[..end].to_string();
            let line = rest[end + 1..].strip_prefix(':').and_then(|r| r.split(':').next()).and_then(|n| n.parse().ok()).unwrap_or(0);
            return (file, line);
        }
    }
    ("unknown".into(), 0)
}

impl LowerPattern for Print {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.print"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.print"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let prefix = op.attr("prefix").map(|a| unsafe { tritium_dialects::ir::str_of(mlir_sys::mlirStringAttrGetValue(a.0)) }.to_string()).unwrap_or_default();
        let prefix = prefix.replace('%', "%%");
        let hex = op.attr("hex").and_then(|a| a.bool()).unwrap_or(false);
        let signed = op.attr("isSigned").and_then(|a| a.i32_array()).unwrap_or_default();
        let pids: Vec<Val> = (0..3).map(|a| cx.target.program_id(&mut cx.e, a)).collect();
        let operands = op.operands();
        if operands.is_empty() {
            let fmt = cx.e.string_constant_named("printfFormat_", &format!("pid (%u, %u, %u){prefix}\n"))?;
            return cx.target.printf(cx, fmt, &pids).map(|_| vec![]);
        }
        for (i, v) in operands.iter().enumerate() {
            let is_signed = signed.get(i).copied().unwrap_or(1) != 0;
            let operand = if operands.len() > 1 { format!("(operand {i}) ") } else { String::new() };
            let regs = cx.get(*v)?;
            let spec = format_spec(regs.first().ok_or("tt.print: an operand without values")?.ty(), hex, is_signed);
            if !v.ty().is_tensor() {
                let val = promote(cx, regs[0], is_signed);
                let fmt = cx.e.string_constant_named("printfFormat_", &format!("pid (%u, %u, %u) idx (){prefix}{operand}{spec}\n"))?;
                let mut args = pids.clone();
                args.push(val);
                cx.target.printf(cx, fmt, &args)?;
                continue;
            }
            let l = cx.layout(v.ty())?;
            let t = cx.thread_coords(&l);
            let dup = l.duplicate_regs();
            // Each index as wide as the largest along its dimension.
            let idx_spec = l.shape.iter().map(|&n| format!("%{}u", (n - 1).max(0).to_string().len())).collect::<Vec<_>>().join(", ");
            let fmt = cx.e.string_constant_named("printfFormat_", &format!("pid (%u, %u, %u) idx ({idx_spec}){prefix}{operand}{spec}\n"))?;
            for (r, c) in l.regs.iter().enumerate() {
                if dup[r] {
                    continue;
                }
                let val = promote(cx, regs[r], is_signed);
                let mut args = pids.clone();
                for (d, td) in t.iter().enumerate() {
                    let k = cx.e.i32_const(c[d]);
                    args.push(cx.e.xor(*td, k));
                }
                args.push(val);
                cx.target.printf(cx, fmt, &args)?;
            }
        }
        Ok(vec![])
    }
}

impl LowerPattern for Assert {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.assert"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.assert"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let message = op.attr("message").map(|a| unsafe { tritium_dialects::ir::str_of(mlir_sys::mlirStringAttrGetValue(a.0)) }.to_string()).unwrap_or_default();
        let regs = cx.get(op.operand(0))?;
        let mut ok: Option<Val> = None;
        for v in regs {
            ok = cx.e.and_pred(ok, Some(v));
        }
        let Some(ok) = ok else { return Ok(vec![]) };
        let t = cx.e.bool_const(true);
        let failed = cx.e.icmp(ICmp::Ne, ok, t);
        let (file, line) = source_position(op);
        let msg = cx.e.string_constant_named("assertMessage_", &message)?;
        let file = cx.e.string_constant_named("assertFile_", &file)?;
        let func = cx.e.string_constant_named("assertFunc_", "unknown")?;
        // The failure path is a block of its own so that the kernel goes on otherwise.
        let rest = cx.e.begin_if(failed);
        let target = cx.target;
        target.assert_fail(cx, msg, file, line, func)?;
        cx.e.end_if(rest);
        // As Triton: the CTA waits at a barrier after the check, so that
        // nothing after an assert runs before a failing thread reports it.
        cx.barrier();
        Ok(vec![])
    }
}
