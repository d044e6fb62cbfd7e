//! `tritongpu-accelerate-matmul`: gives each `tt.dot` the tensor-core (MMA)
//! layout the target supports, or leaves it on its blocked layout (the FMA
//! path) and promotes its operands to the result's element type.
//!
//! Algorithm (Triton's `TritonGPUAccelerateMatmul`):
//! 1. refuse (with a diagnostic, before changing anything) dots that would
//!    need an MMA version the core does not build (v1, v3, v5) when the
//!    backend serving the target has no builder for it
//!    ([`tritium_dialects::spec::MmaRewriteHook`]), and scaled dots that
//!    cannot be emulated;
//! 2. greedily rewrite every `tt.dot` with a blocked result whose operands
//!    the chosen version supports ([`mma_version`]) as
//!    `convert(dot(convert(a), convert(b), convert(c)))` (other versions:
//!    the backend's builder rewrites the dot): the result in
//!    `#ttg.nvidia_mma` (warps chosen by [`warps_per_tile_v2`]), the operands
//!    in `#ttg.dot_op` with `kWidth = 32 / bitwidth` of the narrowest loaded
//!    element type ([`orig_bitwidth`]);
//!    every `tt.dot_scaled` with a blocked result becomes a bf16/f16
//!    `tt.dot` of upcast, rescaled operands ([`crate::decompose_scaled_dot`]),
//!    which the MMA rewrite then picks up;
//! 3. walk the dots: an MMA dot with fp8 operands on a target without fp8
//!    MMA gets its operands converted to f16; a dot left on the FMA path gets
//!    its operands converted to the result's element type.
use crate::analysis::tensor_encoding;
use crate::decompose_scaled_dot::{unsupported, DecomposeScaledDot};
use crate::mma_utils::*;
use mlir_sys::*;
use tritium_dialects::ir::{Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::{apply_patterns_greedily, RewritePattern, Rewriter};
use tritium_dialects::spec::{self, DeviceTraits};
use tritium_dialects::ttg::encoding::Encoding;

/// The pass.
pub struct AccelerateMatmul;

impl Pass for AccelerateMatmul {
    fn argument(&self) -> &'static str {
        "tritongpu-accelerate-matmul"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        let Some(traits) = spec::module_device_traits(op) else {
            emit_error(
                op,
                &format!("tritongpu-accelerate-matmul: the module has no 'ttg.target' of the form {}", spec::device_traits_forms()),
            );
            return Err(());
        };
        let target = module_target(op).unwrap_or_default();
        // Step 1: refuse what is not implemented, before any change.
        let mut refused = false;
        for dot in op.nested_ops() {
            match dot.name() {
                "tt.dot_scaled" => {
                    if let Some(why) = scaled_dot_refusal(dot, &target, &traits) {
                        emit_error(dot, &format!("tritongpu-accelerate-matmul: {why}"));
                        refused = true;
                    }
                }
                "tt.dot" if needs_rewrite(dot, &traits) => {
                    let version = mma_version(&traits, dot);
                    if version != 0 && version != 2 && backend_mma(op, version).is_none() {
                        emit_error(
                            dot,
                            &format!("tritongpu-accelerate-matmul: MMA v{version} ({}) is not implemented in Tritium yet", traits.arch),
                        );
                        refused = true;
                    }
                }
                _ => {}
            }
        }
        if refused {
            return Err(());
        }
        // Step 2.
        if !apply_patterns_greedily(op, PATTERNS) {
            emit_error(op, "tritongpu-accelerate-matmul: the rewrite did not converge");
            return Err(());
        }
        // A dot the rewrite left (a builder that declined it) is not
        // compiled on the FMA path behind the user's back.
        let mut left = false;
        for dot in op.nested_ops().into_iter().filter(|d| d.name() == "tt.dot" && needs_rewrite(*d, &traits)) {
            let version = mma_version(&traits, dot);
            if version != 0 {
                emit_error(dot, &format!("tritongpu-accelerate-matmul: no MMA v{version} layout could be built for this dot"));
                left = true;
            }
        }
        if left {
            return Err(());
        }
        // Step 3.
        decompose_mixed_mode_dots(op, &traits);
        Ok(())
    }
}

static PATTERNS: &[&dyn RewritePattern] = &[&BlockedToMma, &DecomposeScaledDot];

/// The builder of MMA `version` of the backend serving the module's
/// `ttg.target`.
fn backend_mma(module: Op, version: u32) -> Option<tritium_dialects::spec::MmaRewriteHook> {
    tritium_dialects::spec::mma_rewrite(&module_target(module)?, version)
}

/// Why a `tt.dot_scaled` cannot be compiled for `target`
/// (`None` when the decomposition into a bf16/f16 `tt.dot` applies).
fn scaled_dot_refusal(dot: Op, target: &str, traits: &DeviceTraits) -> Option<String> {
    if matches!(tensor_encoding(dot.result(0).ty()), Some(Encoding::NvidiaMma { .. })) {
        return None;
    }
    if let Some(version) = traits.scaled_mma {
        // Triton uses the target's scaled MMA there; on targets without
        // one, it decomposes the scaled dot as here.
        return Some(format!("tt.dot_scaled on {} (MMA v{version}) is not implemented in Tritium yet", traits.arch));
    }
    unsupported(dot).map(|why| format!("tt.dot_scaled cannot be emulated on {target}: {why}"))
}

/// Whether `dot` is a candidate of the MMA rewrite at all (a blocked, not
/// yet MMA, result on a target with tensor cores).
fn needs_rewrite(dot: Op, traits: &DeviceTraits) -> bool {
    if traits.mma_versions.is_empty() {
        return false;
    }
    let ret = dot.result(0).ty();
    let Some(enc) = tensor_encoding(ret) else { return false };
    if matches!(enc, Encoding::NvidiaMma { .. }) {
        return false;
    }
    let is_f64 = |t: Ty| type_name(t.element()) == "f64";
    !((is_f64(dot.operand(0).ty()) || is_f64(dot.operand(1).ty()) || is_f64(ret))
        && !traits.f64_mma)
}

/// The MMA version to use for `dot` on a target with `traits`: the first of
/// the target's versions (in its order of preference) whose operand rules
/// the dot meets; 0 means none (FMA). Versions other than 2 are built by the
/// backend, and the pass refuses them when it has no builder.
pub fn mma_version(traits: &DeviceTraits, dot: Op) -> u32 {
    traits.mma_versions.iter().copied().find(|&v| supports_mma(dot, v)).unwrap_or(0)
}

/// Triton's `supportMMA(dot, version)`.
fn supports_mma(dot: Op, version: u32) -> bool {
    let a = dot.operand(0).ty();
    let b = dot.operand(1).ty();
    let ret = dot.result(0).ty();
    let (a_el, b_el) = (a.element(), b.element());
    let a_name = type_name(a_el);
    let shape = ret.shape().unwrap_or_default();
    let rank = shape.len();
    let warps = num_warps(dot).unwrap_or(4);
    let per_cta = tensor_encoding(ret).map(|e| shape_per_cta(&cga_of(&e), &shape)).unwrap_or(shape.clone());
    let k = a.shape().and_then(|s| s.last().copied()).unwrap_or(0);
    let a_bits = a_el.bit_width().max(1) as i64;
    if version == 5 {
        if a_el.is_integer() || b_el.is_integer() || ret.element().is_integer() {
            return false;
        }
        if rank != 2 || !(warps == 4 || warps == 8) || k < 256 / a_bits {
            return false;
        }
        if [a_el, b_el, ret.element()].iter().any(|t| type_name(*t) == "f64") {
            return false;
        }
        return per_cta[rank - 2] % 64 == 0 && per_cta[rank - 1] % 8 == 0;
    }
    if version == 3 {
        if k < 256 / a_bits || rank == 3 || rank < 2 {
            return false;
        }
        let fp8 = matches!(a_name.as_str(), "f8E5M2" | "f8E4M3FN");
        let ok_type = fp8 || matches!(a_name.as_str(), "i8" | "f16" | "bf16" | "f32");
        if !(warps % 4 == 0 && per_cta[rank - 2] % 64 == 0 && per_cta[rank - 1] % 8 == 0 && ok_type) {
            return false;
        }
        let max_imprecise = dot.attr("maxNumImpreciseAcc").and_then(|a| a.int()).unwrap_or(0);
        if max_imprecise < 32 && fp8 && type_name(ret.element()) == "f32" {
            return false;
        }
    }
    if a_name == "f32" && type_name(b_el) == "f32" {
        // InputPrecision: TF32 is 0; IEEE (2) is the default, absent from the printout.
        let precision = dot.attr("inputPrecision").and_then(|a| a.int()).unwrap_or(2);
        return precision == 0 && version >= 2;
    }
    operand_supports_mma(a_el, version) && operand_supports_mma(b_el, version)
}

/// Triton's `supportMMA(value, version)` on the operand's element type.
fn operand_supports_mma(el: Ty, version: u32) -> bool {
    let name = type_name(el);
    is_fp8(el)
        || name == "f16"
        || name == "bf16"
        || ((name == "f32" || name == "f64") && version >= 2)
        || (name == "i8" && version >= 2)
}

/// The warps of an MMA v2 result (Triton's `warpsPerTileV2`): those of a
/// chained dot already on MMA, all on the longer dimension for a chain,
/// otherwise doubled on whichever of M (16 rows) and N (8 columns) still
/// has the more repetitions, ties to M.
pub fn warps_per_tile_v2(dot: Op, shape: &[i64], num_warps: i64) -> Vec<u32> {
    let rank = shape.len();
    if rank == 3 {
        return vec![num_warps as u32, 1, 1];
    }
    let filter = |o: Op| same_region(o, dot) && o.name() != "tt.trans";
    let mut slice = closed_slice(dot, &filter, &filter);
    let order = dot.parent().map(|p| p.nested_ops()).unwrap_or_default();
    slice.sort_by_key(|o| order.iter().position(|x| x.same(*o)).unwrap_or(usize::MAX));
    let mut chained = false;
    for other in slice {
        if other.same(dot) || !(other.name() == "tt.dot" || other.name() == "tt.dot_scaled") {
            continue;
        }
        let ty = other.result(0).ty();
        if ty.shape().map(|s| s.len()) != Some(rank) {
            continue;
        }
        if let Some(Encoding::NvidiaMma { warps_per_cta, .. }) = tensor_encoding(ty) {
            return warps_per_cta;
        }
        chained = true;
    }
    if chained {
        return if shape[0] >= shape[1] { vec![num_warps as u32, 1] } else { vec![1, num_warps as u32] };
    }
    let mut warps = [1i64, 1];
    let mut reps = [(shape[0] + 15) / 16, (shape[1] + 7) / 8];
    while warps[0] * warps[1] < num_warps {
        if reps[0] >= reps[1] {
            warps[0] *= 2;
            if reps[0] != 1 {
                reps[0] /= 2;
            }
        } else {
            warps[1] *= 2;
            reps[1] /= 2;
        }
    }
    vec![warps[0] as u32, warps[1] as u32]
}

/// The instruction shape of an MMA version for a result of `rank`
/// dimensions (Triton's `mmaVersionToInstrShape`, v2).
fn instr_shape_v2(rank: usize, f64_operands: bool) -> Vec<u32> {
    let mut shape = vec![1u32; rank];
    if rank >= 2 {
        shape[rank - 1] = 8;
        shape[rank - 2] = if f64_operands { 8 } else { 16 };
    }
    shape
}

/// The narrowest element width `x` was loaded with (Triton's
/// `computeOrigBitWidth`), following elementwise ops, views, broadcasts and
/// layout conversions back to the loads: 4 past an `fp4_to_fp`, halved past
/// a `join`.
pub fn orig_bitwidth(x: Val) -> u32 {
    let filter = |o: Op| {
        (is_elementwise(o) && is_pure(o))
            || matches!(
                o.name(),
                "tt.expand_dims"
                    | "tt.reshape"
                    | "tt.trans"
                    | "tt.join"
                    | "tt.split"
                    | "ttg.fp4_to_fp"
                    | "tt.load"
                    | "tt.descriptor_load"
                    | "tt.broadcast"
                    | "ttg.convert_layout"
            )
    };
    let slice = backward_slice_of_value(x, &SliceOptions { omit_block_arguments: true, filter: &filter });
    if slice.iter().any(|o| o.name() == "ttg.fp4_to_fp") {
        return 4;
    }
    let mut width = x.ty().element().bit_width();
    for o in &slice {
        if matches!(o.name(), "tt.load" | "tt.descriptor_load") && o.num_results() > 0 {
            let ty = o.result(0).ty();
            if ty.is_tensor() {
                width = width.min(ty.element().bit_width());
            }
        }
    }
    // A join halves the kWidth of backward layout propagation; only a join
    // of twice the loaded width that packs the last dimension (its new axis
    // and the previous last axis the two fastest) is compensated, as Triton's
    // `canWidenKWidthForJoin` decides.
    let packs_last_dim = |join: Op| {
        let ty = join.result(0).ty();
        let rank = ty.shape().map(|s| s.len()).unwrap_or(0);
        if rank < 2 || ty.element().bit_width() != width * 2 {
            return false;
        }
        let order = tensor_encoding(ty).map(|e| e.order()).unwrap_or_default();
        order.len() >= 2 && order[0] as usize == rank - 1 && order[1] as usize == rank - 2
    };
    if slice.iter().any(|o| o.name() == "tt.join" && packs_last_dim(*o)) {
        width /= 2;
    }
    width
}

/// `tt.dot` with a blocked result → MMA v2 (step 2).
struct BlockedToMma;

impl RewritePattern for BlockedToMma {
    fn name(&self) -> &'static str {
        "tt.dot.blocked-to-mma"
    }
    fn root(&self) -> &'static str {
        "tt.dot"
    }
    fn match_and_rewrite(&self, dot: Op, rewriter: &Rewriter) -> bool {
        let Some(traits) = dot.enclosing_module().and_then(spec::module_device_traits) else { return false };
        if !needs_rewrite(dot, &traits) {
            return false;
        }
        match mma_version(&traits, dot) {
            2 => {}
            0 => return false,
            // The backend builds its own MMA ops (step 1 refused the dot
            // when it has no builder).
            version => {
                let Some(hook) = dot.enclosing_module().and_then(|m| backend_mma(m, version)) else { return false };
                return hook(dot, version, rewriter);
            }
        }
        let ret_ty = dot.result(0).ty();
        let (Some(ret_enc), Some(shape), Some(warps)) = (tensor_encoding(ret_ty), ret_ty.shape(), num_warps(dot)) else {
            return false;
        };
        let cga = cga_of(&ret_enc);
        let per_cta = shape_per_cta(&cga, &shape);
        if per_cta.len() < 2 {
            return false;
        }
        let mma = Encoding::NvidiaMma {
            version_major: 2,
            version_minor: 0,
            warps_per_cta: warps_per_tile_v2(dot, &per_cta, warps),
            cga,
            instr_shape: instr_shape_v2(per_cta.len(), type_name(dot.operand(0).ty().element()) == "f64"),
        };
        let Some(new_ret_ty) = with_encoding(ret_ty, &mma) else { return false };
        let (a, b) = (dot.operand(0), dot.operand(1));
        let bits = orig_bitwidth(a).min(orig_bitwidth(b));
        // 64-bit operands (f64) take one element per 32 bits, as Triton's
        // DotOperandEncodingAttr builder gives them.
        let k_width = (if bits > 0 { 32 / bits } else { 32 / a.ty().element().bit_width().max(1) }).max(1);
        let operand_ty = |v: Val, op_idx: u32| {
            let enc = Encoding::DotOperand { op_idx, parent: Box::new(mma.clone()), k_width };
            with_encoding(v.ty(), &enc)
        };
        let (Some(a_ty), Some(b_ty)) = (operand_ty(a, 0), operand_ty(b, 1)) else { return false };
        let convert = |v: Val, ty: Ty| {
            let built = Rewriter::build(value_location(v), "ttg.convert_layout", &[v], &[ty], &[], 0);
            unsafe { mlirRewriterBaseSetInsertionPointBefore(rewriter.0, dot.0) };
            rewriter.insert_here(built).result(0)
        };
        let acc = convert(dot.operand(2), new_ret_ty);
        let new_a = convert(a, a_ty);
        let new_b = convert(b, b_ty);
        let attrs: Vec<(&str, MlirAttribute)> = dot.attributes().iter().map(|(n, a)| (*n, a.0)).collect();
        let new_dot = rewriter.create(dot, "tt.dot", &[new_a, new_b, acc], &[new_ret_ty], &attrs);
        let back = rewriter.create(dot, "ttg.convert_layout", &[new_dot.result(0)], &[ret_ty], &[]);
        rewriter.replace(dot, &[back.result(0)]);
        true
    }
}

/// Step 3 (Triton's `decomposeMixedModeDotOp`).
fn decompose_mixed_mode_dots(module: Op, traits: &DeviceTraits) {
    for dot in module.nested_ops().into_iter().filter(|o| o.name() == "tt.dot") {
        let d_ty = dot.result(0).ty();
        let a_el = dot.operand(0).ty().element();
        let promote_to = match tensor_encoding(d_ty) {
            Some(Encoding::NvidiaMma { version_major, .. }) => {
                let native_fp8 = matches!(type_name(a_el).as_str(), "f8E5M2" | "f8E4M3FN");
                if !native_fp8 || traits.fp8_mma_v2 || version_major == 3 {
                    continue;
                }
                Ty(unsafe { mlirF16TypeGet(dot.context()) })
            }
            _ => {
                let d_el = d_ty.element();
                if a_el == d_el {
                    continue;
                }
                d_el
            }
        };
        let location = dot.location();
        let mut promoted = Vec::new();
        for i in 0..2 {
            let operand = dot.operand(i);
            let ty = operand.ty();
            let Some(shape) = ty.shape() else { return };
            let new_ty = Ty::tensor(&shape, promote_to, ty.encoding());
            let name = if is_fp8(ty.element()) {
                "tt.fp_to_fp"
            } else if ty.element().is_float() && promote_to.is_float() {
                "arith.extf"
            } else {
                // Integer operands on the FMA path stay as they are (Triton
                // would build an invalid float extension here).
                break;
            };
            let built = tritium_dialects::rewrite::Rewriter::build(location, name, &[operand], &[new_ty], &[], 0);
            let Some(block) = dot.block() else { return };
            unsafe { mlirBlockInsertOwnedOperationBefore(block, dot.0, built.0) };
            promoted.push(built.result(0));
        }
        if promoted.len() == 2 {
            dot.set_operand(0, promoted[0]);
            dot.set_operand(1, promoted[1]);
        } else {
            for p in promoted {
                if let Some(o) = p.defining_op() {
                    unsafe { mlirOperationDestroy(o.0) };
                }
            }
        }
    }
}
