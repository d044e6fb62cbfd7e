//! fp8 conversions without fp8 hardware (before sm90) that Triton emits as packed
//! PTX, four elements per statement, instead of one shift-and-mask chain per element.

use tritium_conversions::ttg_to_llvm::emit::Emitter;
use tritium_conversions::ttg_to_llvm::fp_to_fp;
use tritium_dialects::ir::Val;

/// e5m2 → bf16 for four bytes packed in one word (byte k is element k):
/// each byte goes to the high byte of a 16-bit half (`prmt`), the magnitude
/// is shifted right by 3 into bf16 position (exponent still of bias 15),
/// each half is scaled by 2^112 as an f32 (`mul.rn.f32`, exact; subnormal
/// inputs become normal) to rebias the exponent to 127, the two high halves
/// of each product pair are packed back (`prmt`), and the signs are
/// restored (`lop3`: `packed | (0x80008000 & bytes)`). An all-ones exponent
/// (inf, NaN) is rebiased like the others, giving the finite ±2^16·(1 + m/4),
/// as Triton does. Outputs: two words of two bf16 each, elements (0, 1) and
/// (2, 3), the lower element in the low half.
const E5M2_X4_TO_BF16_X4: &str = "{\n\
.reg .b32 w<2>, m<2>, f<4>;\n\
prmt.b32 w0, 0, $2, 0x5140;\n\
prmt.b32 w1, 0, $2, 0x7362;\n\
and.b32 m0, w0, 0x7fff7fff;\n\
and.b32 m1, w1, 0x7fff7fff;\n\
shr.b32 m0, m0, 3;\n\
shr.b32 m1, m1, 3;\n\
shl.b32 f0, m0, 16;\n\
and.b32 f1, m0, 0xffff0000;\n\
shl.b32 f2, m1, 16;\n\
and.b32 f3, m1, 0xffff0000;\n\
mul.rn.f32 f0, f0, 0f77800000;\n\
mul.rn.f32 f1, f1, 0f77800000;\n\
mul.rn.f32 f2, f2, 0f77800000;\n\
mul.rn.f32 f3, f3, 0f77800000;\n\
prmt.b32 m0, f0, f1, 0x7632;\n\
prmt.b32 m1, f2, f3, 0x7632;\n\
lop3.b32 $0, m0, 0x80008000, w0, 0xf8;\n\
lop3.b32 $1, m1, 0x80008000, w1, 0xf8;\n\
}";

/// e5m2 (i8 values) → bf16 values, four at a time with
/// [`E5M2_X4_TO_BF16_X4`] (a last group of fewer than four is padded with
/// zero bytes). Exact for finite values; the same bits as the per-element
/// `fp_to_fp::e5m2_to_bf16_bits`.
pub fn e5m2_to_bf16_x4(e: &mut Emitter, values: &[Val]) -> Vec<Val> {
    let i32t = e.i32();
    let bf16t = fp_to_fp::float_ty(e, "bf16");
    let mut out = Vec::with_capacity(values.len());
    for group in values.chunks(4) {
        // The bytes as one <4 x i8> vector bitcast to a word, as Triton packs
        // them: where they came out of one word, LLVM folds this back to it.
        let i8t = e.int_ty(8);
        let v4 = e.vector_ty(i8t, 4);
        let mut vec = e.zero(v4);
        for (k, &b) in group.iter().enumerate() {
            vec = e.insert_element(vec, b, k as i64);
        }
        let word = e.cast("llvm.bitcast", vec, i32t);
        let pairs = e.inline_asm(E5M2_X4_TO_BF16_X4, "=r,=r,r", &[word], &[i32t, i32t], false);
        // Each word as <2 x bf16>, element 0 in the low half.
        let v2 = e.vector_ty(bf16t, 2);
        for k in 0..group.len() {
            let pair = e.cast("llvm.bitcast", pairs[k / 2], v2);
            out.push(e.extract_element(pair, (k % 2) as i64, bf16t));
        }
    }
    out
}
