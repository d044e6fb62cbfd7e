//! `tt.print` and `tt.assert` on the CPU.
//!
//! `tt.print` calls the C library's `printf` once per element, in the format
//! of Triton's GPU lowering (`pid (x, y, z) idx (i, j) <prefix><value>`).
//! `tt.assert` calls `__tritium_cpu_assert_fail(message, pid_x, pid_y,
//! pid_z)` for every false element; the JIT defines it (the launch then
//! fails with the message), an object file leaves it to the host program.
use crate::lower::{string_attr, Cx};
use crate::memory::element;
use crate::patterns::truth;
use crate::tensor::Value;
use mlir_sys::*;
use tritium_conversions::ttg_to_llvm::misc::format_spec;
use tritium_dialects::ir::{Op, Ty, Val};

/// The symbol `tt.assert` calls on failure.
pub const ASSERT_FAIL: &str = "__tritium_cpu_assert_fail";

/// A variadic `printf(format, args...)` call.
fn printf(cx: &mut Cx<'_>, format: &str, args: &[Val]) -> Result<(), String> {
    let ptr = cx.e.ptr_ty(0);
    let i32t = cx.e.i32();
    let fty = Ty(unsafe { mlirLLVMFunctionTypeGet(i32t.0, 1, &ptr.0, true) });
    cx.e.declare_func("printf", fty)?;
    let fmt = cx.e.string_constant(format)?;
    let mut operands = vec![fmt];
    operands.extend_from_slice(args);
    let callee = cx.e.symbol_attr("printf");
    let seg = cx.e.i32_array_attr(&[operands.len() as i32, 0]);
    let bundles = cx.e.i32_array_attr(&[]);
    let vty = cx.e.type_attr(fty);
    cx.e.op(
        "llvm.call",
        &operands,
        &[i32t],
        &[("callee", callee), ("operandSegmentSizes", seg), ("op_bundle_sizes", bundles), ("var_callee_type", vty)],
    );
    Ok(())
}

/// A value promoted as C varargs promote it: floats to `f64`, integers
/// narrower than 32 bits extended to `i32` by their signedness (booleans
/// zero-extended), as Triton's GPU lowering passes them.
fn promote(cx: &mut Cx<'_>, v: Val, signed: bool) -> Val {
    let ty = v.ty();
    if ty.is_float() {
        let f64t = Ty(unsafe { mlirF64TypeGet(cx.e.ctx) });
        return if ty == f64t { v } else { cx.e.cast("llvm.fpext", v, f64t) };
    }
    if ty.is_integer() && ty.bit_width() < 32 {
        let i32t = cx.e.i32();
        let ext = if signed && ty.bit_width() > 1 { "llvm.sext" } else { "llvm.zext" };
        return cx.e.cast(ext, v, i32t);
    }
    v
}

/// `cpu.tt.print`, in the format of Triton's GPU lowering
/// ([`format_spec`]): `pid (x, y, z) idx (i, j) <prefix>[(operand n) ]<value>`,
/// each index as wide as the largest along its dimension, `idx ()` for a
/// scalar, `%a` for floats and zero-padded `0x%0<bits/4>x` for integers in
/// hex. A tensor prints each element once. A scalar operand, or a print
/// without operands, prints once per virtual thread of the program
/// ([`threads_per_program`]): one CPU thread runs the whole program, but
/// Triton's semantics are a GPU's, where every thread of the program runs the
/// print (`num_warps x 32` lines; Triton's test_print counts them).
pub fn print(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let prefix = string_attr(op.attr("prefix")).unwrap_or_default().replace('%', "%%");
    let hex = op.attr("hex").and_then(|a| a.bool()).unwrap_or(false);
    let signed: Vec<bool> = op.attr("isSigned").and_then(|a| a.i32_array()).unwrap_or_default().iter().map(|x| *x != 0).collect();
    let pids = cx.abi[..3].to_vec();
    let operands = op.operands();
    let threads = threads_per_program(op)?;
    if operands.is_empty() {
        let format = format!("pid (%u, %u, %u){prefix}\n");
        cx.for_range(threads, &[], &mut |cx, _, _| printf(cx, &format, &pids).map(|()| Vec::new()))?;
        return Ok(());
    }
    for (i, v) in operands.iter().enumerate() {
        let value = cx.get(*v)?;
        let (shape, elem) = match &value {
            Value::Tensor(t) => (t.shape.clone(), t.elem),
            Value::Scalar(s) => (Vec::new(), s.ty()),
        };
        let is_signed = signed.get(i).copied().unwrap_or(true);
        let operand_tag = if operands.len() > 1 { format!("(operand {i}) ") } else { String::new() };
        let spec = format_spec(elem, hex, is_signed);
        let idx = shape.iter().map(|&n| format!("%{}u", (n - 1).max(0).to_string().len())).collect::<Vec<_>>().join(", ");
        let format = format!("pid (%u, %u, %u) idx ({idx}){prefix}{operand_tag}{spec}\n");
        if let Value::Scalar(s) = &value {
            let x = promote(cx, *s, is_signed);
            let mut args = pids.clone();
            args.push(x);
            cx.for_range(threads, &[], &mut |cx, _, _| printf(cx, &format, &args).map(|()| Vec::new()))?;
            continue;
        }
        cx.for_each(&shape, &mut |cx, c| {
            let x = element(cx, &value, c)?;
            let x = promote(cx, x, is_signed);
            let mut args = pids.clone();
            let i32t = cx.e.i32();
            for k in c {
                args.push(cx.e.cast("llvm.trunc", *k, i32t));
            }
            args.push(x);
            printf(cx, &format, &args)
        })?;
    }
    Ok(())
}

/// The module attributes giving the GPU launch shape a program stands for:
/// the Triton backend (python/tritium/backend) sets them from the launch's
/// `num_warps` and warp size; TTIR has no `ttg.num-warps` (that marks TTGIR,
/// which the CPU backend refuses).
pub const NUM_WARPS_ATTR: &str = "tritium.num-warps";
/// See [`NUM_WARPS_ATTR`].
pub const THREADS_PER_WARP_ATTR: &str = "tritium.threads-per-warp";

/// The number of threads a GPU runs one program with: the module's
/// [`NUM_WARPS_ATTR`] x [`THREADS_PER_WARP_ATTR`], each defaulting to
/// Triton's launch default (4 warps of 32 threads) when absent.
pub fn threads_per_program(op: Op) -> Result<i64, String> {
    let module = op.enclosing_module();
    let read = |name: &str, default: i64| -> Result<i64, String> {
        match module.and_then(|m| m.attr(name)) {
            None => Ok(default),
            Some(a) => match a.int() {
                Some(v) if (1..=1024).contains(&v) => Ok(v),
                _ => Err(format!("the module attribute '{name}' must be an integer from 1 to 1024")),
            },
        }
    };
    let threads = read(NUM_WARPS_ATTR, 4)? * read(THREADS_PER_WARP_ATTR, 32)?;
    if threads > 1024 {
        return Err(format!("'{NUM_WARPS_ATTR}' x '{THREADS_PER_WARP_ATTR}' is {threads} threads, more than a GPU program has (1024)"));
    }
    Ok(threads)
}

/// `cpu.tt.assert`.
pub fn assert(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let cond = cx.get(op.operand(0))?;
    let message = string_attr(op.attr("message")).unwrap_or_else(|| "assertion failed".into());
    let shape = match &cond {
        Value::Tensor(t) => t.shape.clone(),
        Value::Scalar(_) => Vec::new(),
    };
    let ptr = cx.e.ptr_ty(0);
    let i32t = cx.e.i32();
    let void = cx.e.void_ty();
    let fty = cx.e.func_ty(void, &[ptr, i32t, i32t, i32t]);
    cx.e.declare_func(ASSERT_FAIL, fty)?;
    let pids = cx.abi[..3].to_vec();
    cx.for_each(&shape, &mut |cx, c| {
        let ok = element(cx, &cond, c)?;
        let ok = truth(cx, ok);
        let t = cx.e.bool_const(true);
        let bad = cx.e.xor(ok, t);
        cx.if_then(bad, &mut |cx| {
            let msg = cx.e.string_constant(&message)?;
            let mut args = vec![msg];
            args.extend_from_slice(&pids);
            cx.e.call(ASSERT_FAIL, &args, None);
            Ok(())
        })
    })
}

/// `llvm.intr.assume` (`tl.assume`) on a scalar condition: kept for LLVM's
/// optimizers.
pub fn assume(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    if op.num_operands() != 1 {
        return Err("'llvm.intr.assume' with operand bundles is not supported by the CPU backend".into());
    }
    let cond = match cx.get(op.operand(0))? {
        Value::Scalar(v) => v,
        Value::Tensor(_) => return Err("'llvm.intr.assume' of a tensor is not supported by the CPU backend".into()),
    };
    let cond = truth(cx, cond);
    let sizes = cx.e.i32_array_attr(&[]);
    cx.e.op("llvm.intr.assume", &[cond], &[], &[("op_bundle_sizes", sizes)]);
    Ok(())
}

/// Ops that order a program's threads or grids (`ttg.barrier`,
/// `tt.grid_dependency_*`): one CPU thread runs a whole program, and a launch
/// returns only when its grid is done, so they order nothing here.
pub fn no_op(_cx: &mut Cx<'_>, _op: Op) -> Result<(), String> {
    Ok(())
}
