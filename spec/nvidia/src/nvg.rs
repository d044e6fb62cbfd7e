//! `convert-nv-gpu-to-llvm`: the `nvg` ops (spec/nvidia/dialect/TritonNVGPU.td)
//! and `ttg.warp_id` to PTX inline assembly and NVVM ops, as Triton 3.9's
//! pass of that name lowers them.
//!
//! Algorithm: collect the ops to lower (pre-order), then for each one
//! 1. emit its replacement into a detached block with an [`Emitter`]
//!    located at the op (struct operands are unpacked field by field, a tied
//!    operand's constraint counting up from its number, as Triton's PTX
//!    builder does);
//! 2. move the new ops before it, replace its result and erase it.
//!
//! The PTX of `nvg.wgmma` and `nvg.wgmma_wait_group` is built by
//! [`crate::wgmma::wgmma_asm`] and [`crate::wgmma::wait_group_asm`], the same
//! strings the ttg→LLVM lowering used to emit directly. An op whose
//! attributes name no instruction gets a located diagnostic; tensor memory
//! (`nvg.tensor_memory_base`, Blackwell) is refused.
use crate::wgmma::{wait_group_asm, wgmma_asm, WgmmaInstr, WgmmaType};
use mlir_sys::*;
use tritium_conversions::ttg_to_llvm::emit::Emitter;
use tritium_conversions::ttg_to_llvm::TargetInfo;
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::pass::emit_error;

/// Lowers every `nvg` op and `ttg.warp_id` nested in `module`; the first
/// failure is reported at its op.
pub fn lower_module(module: Op) -> Result<(), ()> {
    let ops: Vec<Op> = module
        .nested_ops()
        .into_iter()
        .filter(|o| {
            matches!(o.name(), "nvg.wgmma" | "nvg.wgmma_wait_group" | "nvg.cluster_id" | "nvg.ld_acquire" | "nvg.tensor_memory_base" | "ttg.warp_id")
        })
        .collect();
    for op in ops {
        if let Err(message) = lower_op(op) {
            emit_error(op, &message);
            return Err(());
        }
    }
    Ok(())
}

/// Lowers one op in place (steps 1 and 2).
fn lower_op(op: Op) -> Result<(), String> {
    if op.name() == "nvg.tensor_memory_base" {
        return Err("convert-nv-gpu-to-llvm: tensor memory (Blackwell) is not supported by Tritium".into());
    }
    let mut e = Emitter::new(op.context(), op.location());
    let scratch = unsafe { mlirBlockCreate(0, std::ptr::null(), std::ptr::null()) };
    e.set_block(scratch);
    let built = match op.name() {
        "nvg.wgmma" => lower_wgmma(&mut e, op),
        "nvg.wgmma_wait_group" => lower_wait_group(&mut e, op),
        "nvg.cluster_id" => Ok(e.val("nvvm.read.ptx.sreg.cluster.ctarank", &[], e.i32(), &[])),
        "nvg.ld_acquire" => lower_ld_acquire(&mut e, op),
        "ttg.warp_id" => lower_warp_id(&mut e, op),
        other => Err(format!("convert-nv-gpu-to-llvm: no lowering of '{other}'")),
    };
    unsafe {
        // Move what was built before `op` (also on failure, so the scratch
        // block is empty when destroyed; dead ops are left to cleanups).
        loop {
            let first = mlirBlockGetFirstOperation(scratch);
            if first.ptr.is_null() {
                break;
            }
            mlirOperationMoveBefore(first, op.0);
        }
        mlirBlockDestroy(scratch);
    }
    let value = built?;
    unsafe {
        mlirValueReplaceAllUsesOfWith(op.result(0).0, value.0);
        mlirOperationDestroy(op.0);
    }
    Ok(())
}

/// The integer attribute `name` of `op`.
fn int_attr(op: Op, name: &str) -> Result<i64, String> {
    op.attr(name).and_then(Attr::int).ok_or_else(|| format!("'{}' has no integer attribute '{name}'", op.name()))
}

/// The field types of an LLVM struct type.
fn struct_fields(ty: Ty) -> Result<Vec<Ty>, String> {
    if !unsafe { mlirTypeIsALLVMStructType(ty.0) } {
        return Err(format!("{ty} is not an LLVM struct"));
    }
    let n = unsafe { mlirLLVMStructTypeGetNumElementTypes(ty.0) };
    Ok((0..n).map(|i| Ty(unsafe { mlirLLVMStructTypeGetElementType(ty.0, i) })).collect())
}

/// The fields of the struct value `v`.
fn unpack(e: &mut Emitter, v: Val) -> Result<Vec<Val>, String> {
    let fields = struct_fields(v.ty())?;
    Ok(fields.iter().enumerate().map(|(i, t)| e.extract_value(v, i as i64, *t)).collect())
}

/// `llvm.inline_asm` with side effects and one result of type `result` (a
/// struct for several outputs, as Triton's PTX builder returns them).
fn asm(e: &mut Emitter, text: &str, constraints: &str, operands: &[Val], result: Ty) -> Val {
    let attrs = [
        ("asm_string", e.str_attr(text)),
        ("constraints", e.str_attr(constraints)),
        ("asm_dialect", e.int_attr(e.i64(), 0)),
        ("operand_attrs", e.attr("[]")),
        ("has_side_effects", e.unit_attr()),
    ];
    e.val("llvm.inline_asm", operands, result, &attrs)
}

/// `nvg.wgmma`: operands `C` (tied, when present), `A` (its registers or a
/// descriptor), `B`'s descriptor and the `scale-d` predicate.
fn lower_wgmma(e: &mut Emitter, op: Op) -> Result<Val, String> {
    let operands = op.operands();
    let (a, b, use_c) = (operands[0], operands[1], operands[2]);
    let c = operands.get(3).copied();
    let result = op.result(0).ty();
    let fields = struct_fields(result)?;
    let elt = |name: &str| -> Result<WgmmaType, String> {
        let v = int_attr(op, name)?;
        WgmmaType::from_i64(v).ok_or_else(|| format!("'{name}' = {v} is no wgmma element type"))
    };
    let dim = |name: &str| -> Result<u32, String> {
        let v = int_attr(op, name)?;
        u32::try_from(v).map_err(|_| format!("'{name}' = {v} is no wgmma dimension"))
    };
    let instr = WgmmaInstr {
        m: dim("m")?,
        n: dim("n")?,
        k: dim("k")?,
        c: elt("eltTypeC")?,
        a: elt("eltTypeA")?,
        b: elt("eltTypeB")?,
        trans_a: int_attr(op, "layoutA")? == 1,
        trans_b: int_attr(op, "layoutB")? == 0,
    };
    if !b.ty().is_integer() {
        return Err("wgmma operand B must be a shared-memory descriptor (i64)".into());
    }
    let a_in_regs = !a.ty().is_integer();
    let a_count = if a_in_regs { Some(struct_fields(a.ty())?.len()) } else { None };
    let (text, constraints) = wgmma_asm(&instr, fields.len(), a_count, c.is_some())?;
    let mut args = Vec::new();
    if let Some(c) = c {
        if c.ty() != result {
            return Err("the wgmma accumulator and result types differ".into());
        }
        args.extend(unpack(e, c)?);
    }
    if a_in_regs {
        args.extend(unpack(e, a)?);
    } else {
        args.push(a);
    }
    args.push(b);
    if c.is_some() {
        args.push(use_c);
    }
    Ok(asm(e, &text, &constraints, &args, result))
}

/// `nvg.wgmma_wait_group`: the registers of the struct pass through the
/// wait, tied.
fn lower_wait_group(e: &mut Emitter, op: Op) -> Result<Val, String> {
    let input = op.operand(0);
    let types = struct_fields(input.ty())?;
    let (text, constraints) = wait_group_asm(&types, int_attr(op, "pendings")?)?;
    let regs = unpack(e, input)?;
    Ok(asm(e, &text, &constraints, &regs, input.ty()))
}

/// `nvg.ld_acquire`: `ld.global.<scope>.<sem>.b<width>`, the destination
/// zeroed first, predicated by the mask; the loaded bits cast back to the
/// result type.
fn lower_ld_acquire(e: &mut Emitter, op: Op) -> Result<Val, String> {
    let ty = op.result(0).ty();
    let width = ty.bit_width().max(8);
    let (mov, constraint) = match width {
        8 => ("mov.u16", "=c"),
        16 => ("mov.u16", "=h"),
        32 => ("mov.u32", "=r"),
        64 => ("mov.u64", "=l"),
        w => return Err(format!("nvg.ld_acquire cannot load a {w}-bit value")),
    };
    let scope = match int_attr(op, "scope")? {
        1 => "gpu",
        2 => "cta",
        3 => "sys",
        s => return Err(format!("nvg.ld_acquire: no scope {s}")),
    };
    let sem = match int_attr(op, "sem")? {
        1 => "relaxed",
        2 => "acquire",
        s => return Err(format!("nvg.ld_acquire: a load cannot have the memory semantic {s}")),
    };
    let operands = op.operands();
    let mask = operands.get(1).copied();
    let pred = if mask.is_some() { "@$2 " } else { "" };
    let text = format!("{mov} $0, 0x0;\n\t{pred}ld.global.{scope}.{sem}.b{width} $0, [ $1 + 0 ];");
    let mut constraints = format!("{constraint},l");
    if mask.is_some() {
        constraints.push_str(",b");
    }
    let bits = e.int_ty(width);
    let loaded = asm(e, &text, &constraints, &operands, bits);
    Ok(if ty.is_float() {
        e.cast("llvm.bitcast", loaded, ty)
    } else if ty.bit_width() < width {
        e.cast("llvm.trunc", loaded, ty)
    } else {
        loaded
    })
}

/// The number of warps running `op`: its warp-specialized partition's, else
/// the nearest `ttg.num-warps` (Triton's `lookupNumWarps`).
fn num_warps(op: Op) -> Option<i64> {
    let mut current = op;
    while let Some(parent) = current.parent() {
        if parent.name() == "ttg.warp_specialize.partitions" {
            let ws = parent.parent()?;
            let counts = ws.attr("partitionNumWarps")?.i32_array()?;
            let region = unsafe { mlirBlockGetParentRegion(mlirOperationGetBlock(current.0)) };
            let index = (0..parent.num_regions()).find(|&i| unsafe { mlirRegionEqual(parent.region(i), region) })?;
            return counts.get(index).map(|&n| i64::from(n));
        }
        if let Some(n) = current.attr("ttg.num-warps").and_then(Attr::int) {
            return Some(n);
        }
        current = parent;
    }
    current.attr("ttg.num-warps").and_then(Attr::int)
}

/// `ttg.warp_id`: 0 with one warp, else `tid.x / 32`, made warp-uniform by
/// a shuffle from lane 0 unless `omitUniformHint`.
fn lower_warp_id(e: &mut Emitter, op: Op) -> Result<Val, String> {
    let warps = num_warps(op).ok_or("ttg.warp_id outside a module with ttg.num-warps")?;
    if warps == 1 {
        return Ok(e.i32_const(0));
    }
    let i32t = e.i32();
    let tid = e.val("nvvm.read.ptx.sreg.tid.x", &[], i32t, &[]);
    let size = e.i32_const(32);
    let warp = e.binary("llvm.udiv", tid, size);
    if op.attr("omitUniformHint").is_some() {
        return Ok(warp);
    }
    let lane = e.i32_const(0);
    Ok(crate::Nvidia.shuffle_idx(e, warp, lane))
}
