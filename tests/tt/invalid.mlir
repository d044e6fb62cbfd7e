// Diagnostics of the `tt` type verifiers, native traits, op verifiers, type inference and symbol checks.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// expected-error @+1 {{pointer types must point to integer or floating-point types, got tensor<4xf32>}}
tt.func @ptr_to_tensor(%p: !tt.ptr<tensor<4xf32>>) {
  tt.return
}

// -----

// expected-error @+1 {{pointer types must point to integer or floating-point types, got !tt.ptr<f32>}}
tt.func @ptr_to_ptr(%p: !tt.ptr<!tt.ptr<f32>>) {
  tt.return
}

// -----

// expected-error @+1 {{pointer types must point to integer or floating-point types, got index}}
tt.func @ptr_to_index(%p: !tt.ptr<index>) {
  tt.return
}

// -----

// expected-error @+1 {{unknown address space 'shared'}}
tt.func @ptr_unknown_address_space(%p: !tt.ptr<f32, shared>) {
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptors must not wrap tensor types; use !tt.tensordesc<shape x element-type[, layout]> instead}}
tt.func @tensordesc_of_tensor(%d: !tt.tensordesc<4xtensor<4xf32>>) {
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptor dimensions must be positive, got 0}}
tt.func @tensordesc_zero_dim(%d: !tt.tensordesc<0x4xf32>) {
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Native traits
//===----------------------------------------------------------------------===//

tt.func @tensor_size_not_power_of_two(%x: f32) {
  // expected-error @+1 {{'tt.splat' op Number of elements must be power-of-two, but the tensor has 3 elements (tensor<3xf32>)}}
  %0 = tt.splat %x : f32 -> tensor<3xf32>
  tt.return
}

// -----

tt.func @tensor_size_too_large(%x: f32) {
  // expected-error @+1 {{'tt.splat' op Maximum allowed number of elements is 1048576, but the tensor has 2097152 (tensor<2048x1024xf32>)}}
  %0 = tt.splat %x : f32 -> tensor<2048x1024xf32>
  tt.return
}

// -----

tt.func @tensor_size_zero_dim(%x: f32) {
  // expected-error @+1 {{'tt.splat' op tensor dimensions must be positive, got 0 (tensor<0xf32>)}}
  %0 = tt.splat %x : f32 -> tensor<0xf32>
  tt.return
}

// -----

// The rule applies to operands too, and is checked before the op's own verifier.
tt.func @tensor_size_operand(%p: tensor<3x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op Number of elements must be power-of-two, but the tensor has 3 elements (tensor<3x!tt.ptr<f32>>)}}
  %0 = tt.load %p : tensor<3x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @tensor_size_before_verifier() {
  // expected-error @+1 {{'tt.make_range' op Maximum allowed number of elements is 1048576, but the tensor has 2147483647}}
  %0 = tt.make_range {end = 2147483647 : i32, start = 0 : i32} : tensor<2147483647xi32>
  tt.return
}

// -----

// Builtin attributes serve as tensor encodings to exercise the encoding traits.
tt.func @same_operands_encoding(%x: tensor<4xf32, "a">, %y: tensor<4xf32, "b">) {
  // expected-error @+1 {{'tt.reduce' op requires the same encoding for all operands}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<4xf32, "a">, tensor<4xf32, "b">) -> (f32, f32)
  tt.return
}

// -----

tt.func @same_operands_and_result_encoding(%x: tensor<4xi64, "a">) {
  // expected-error @+1 {{'tt.int_to_ptr' op requires the same encoding for all operands and results}}
  %0 = tt.int_to_ptr %x : tensor<4xi64, "a"> -> tensor<4x!tt.ptr<f32>, "b">
  tt.return
}

// -----

tt.func @same_operands_and_result_encoding_splat(%x: tensor<4xf32, "a">) {
  // expected-error @+1 {{'tt.splat' op requires the same encoding for all operands and results}}
  %0 = tt.splat %x : tensor<4xf32, "a"> -> tensor<4xf32, "b">
  tt.return
}

// -----

tt.func @same_operands_and_result_encoding_scan(%x: tensor<4xf32, "a">) {
  // expected-error @+1 {{'tt.scan' op requires the same encoding for all operands and results}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<4xf32, "a">) -> tensor<4xf32, "b">
  tt.return
}

// -----

tt.func @same_operands_shape(%x: tensor<4xf32>, %y: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op requires the same shape for all operands}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<4xf32>, tensor<8xf32>) -> (f32, f32)
  tt.return
}

// -----

// SameLoadStoreOperands*: a shape or encoding mismatch between pointer and
// value is caught first by the pointee-type constraints.
tt.func @load_store_encoding(%p: tensor<4x!tt.ptr<f32>, "a">, %v: tensor<4xf32, "b">) {
  // expected-error @+1 {{'tt.store' op failed to verify that value type matches ptr type}}
  "tt.store"(%p, %v) : (tensor<4x!tt.ptr<f32>, "a">, tensor<4xf32, "b">) -> ()
  tt.return
}

// -----

tt.func @load_result_shape(%p: tensor<4x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op failed to verify that result matches ptr type}}
  %0 = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<4x!tt.ptr<f32>>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @load_mask_type(%p: tensor<4x!tt.ptr<f32>>, %m: tensor<4xi1, "a">) {
  // expected-error @+1 {{'tt.load' op failed to verify that mask type matches ptr type}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<4x!tt.ptr<f32>>, tensor<4xi1, "a">) -> tensor<4xf32>
  tt.return
}

// -----

// SameResultsType of tt.split is caught first by its result-type constraint.
tt.func @split_results_differ(%x: tensor<4x2xf32>) {
  // expected-error @+1 {{'tt.split' op failed to verify that outLHS and outRHS types match}}
  %0, %1 = "tt.split"(%x) : (tensor<4x2xf32>) -> (tensor<4xf32>, tensor<4xf16>)
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

tt.func @bitcast_ptr_to_int(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{'tt.bitcast' op Cannot bitcast pointer to non-pointer type}}
  %0 = tt.bitcast %p : !tt.ptr<f32> -> i64
  tt.return
}

// -----

tt.func @bitcast_int_to_ptr(%x: tensor<4xi64>) {
  // expected-error @+1 {{'tt.bitcast' op Cannot bitcast non-pointer type to pointer type}}
  %0 = tt.bitcast %x : tensor<4xi64> -> tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @bitcast_width(%x: f32) {
  // expected-error @+1 {{'tt.bitcast' op Cannot bitcast data-type of size 32 to data-type of size 64}}
  %0 = tt.bitcast %x : f32 -> i64
  tt.return
}

// -----

tt.func @fp_to_fp_downcast_without_rounding(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.fp_to_fp' op Rounding mode is required for FP downcast}}
  %0 = tt.fp_to_fp %x : tensor<4xf32> -> tensor<4xf8E5M2>
  tt.return
}

// -----

tt.func @int_to_ptr_i32(%x: i32) {
  // expected-error @+1 {{'tt.int_to_ptr' op operand #0 must be 64-bit signless integer or tensor of 64-bit signless integer values, but got 'i32'}}
  %0 = tt.int_to_ptr %x : i32 -> !tt.ptr<f32>
  tt.return
}

// -----

tt.func @approx_divf_f16(%x: f16) {
  // expected-error @+1 {{'tt.approx_divf' op operand #0 must be 32-bit float or ranked tensor of 32-bit float values, but got 'f16'}}
  %0 = tt.approx_divf %x, %x : f16
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Memory and atomics
//===----------------------------------------------------------------------===//

tt.func @load_cache_policy(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{'tt.load' op attribute 'cachePolicy' must be a #tt.cache_policy, got 1 : i32}}
  %0 = tt.load %p {cachePolicy = 1 : i32} : !tt.ptr<f32>
  tt.return
}

// -----

tt.func @store_cache_policy(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tt.store' op attribute 'cachePolicy' must be a #tt.cache_policy, got "ca"}}
  tt.store %p, %v {cachePolicy = "ca"} : !tt.ptr<f32>
  tt.return
}

// -----

tt.func @cache_policy_bad_keyword(%p: !tt.ptr<f32>) {
  // expected-error @+2 {{expected ::mlir::triton::CacheModifier to be one of: none, ca, cg, wb, cs, wt, cv}}
  // expected-error @+1 {{failed to parse TT_CachePolicyAttr parameter 'cache_modifier'}}
  %0 = tt.load %p {cachePolicy = #tt.cache_policy<cache_modifier = xx, eviction_policy = evict_normal>} : !tt.ptr<f32>
  tt.return
}

// -----

tt.func @atomic_load_release(%p: !tt.ptr<i32>) {
  // expected-error @+1 {{'tt.atomic_load' op memory semantic cannot include release for this operation}}
  %0 = tt.atomic_load release, gpu, %p : (!tt.ptr<i32>) -> i32
  tt.return
}

// -----

tt.func @atomic_load_acq_rel(%p: !tt.ptr<i32>) {
  // expected-error @+1 {{'tt.atomic_load' op memory semantic cannot include release for this operation}}
  %0 = tt.atomic_load acq_rel, cta, %p : (!tt.ptr<i32>) -> i32
  tt.return
}

// -----

tt.func @atomic_load_width(%p: tensor<8x!tt.ptr<i1>>) {
  // expected-error @+1 {{'tt.atomic_load' op atomic operations support 8-, 16-, 32- and 64-bit types, got i1}}
  %0 = tt.atomic_load acquire, gpu, %p : (tensor<8x!tt.ptr<i1>>) -> tensor<8xi1>
  tt.return
}

// -----

tt.func @atomic_store_acquire(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'tt.atomic_store' op memory semantic cannot include acquire for this operation}}
  tt.atomic_store acquire, gpu, %p, %v : !tt.ptr<i32>
  tt.return
}

// -----

tt.func @atomic_store_acq_rel(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'tt.atomic_store' op memory semantic cannot include acquire for this operation}}
  tt.atomic_store acq_rel, sys, %p, %v : !tt.ptr<i32>
  tt.return
}

// -----

tt.func @atomic_store_width(%p: !tt.ptr<i4>, %v: i4) {
  // expected-error @+1 {{'tt.atomic_store' op atomic operations support 8-, 16-, 32- and 64-bit types, got i4}}
  tt.atomic_store release, gpu, %p, %v : !tt.ptr<i4>
  tt.return
}

// -----

tt.func @atomic_rmw_and_float(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tt.atomic_rmw' op this atomic_rmw kind requires an integer operand, got f32}}
  %0 = tt.atomic_rmw and, relaxed, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

tt.func @atomic_rmw_or_float(%p: !tt.ptr<f16>, %v: f16) {
  // expected-error @+1 {{'tt.atomic_rmw' op this atomic_rmw kind requires an integer operand, got f16}}
  %0 = tt.atomic_rmw or, relaxed, gpu, %p, %v : (!tt.ptr<f16>, f16) -> f16
  tt.return
}

// -----

tt.func @atomic_rmw_xor_float(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'tt.atomic_rmw' op this atomic_rmw kind requires an integer operand, got f32}}
  %0 = tt.atomic_rmw xor, relaxed, gpu, %p, %v : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @atomic_rmw_umax_float(%p: !tt.ptr<f64>, %v: f64) {
  // expected-error @+1 {{'tt.atomic_rmw' op this atomic_rmw kind requires an integer operand, got f64}}
  %0 = tt.atomic_rmw umax, acq_rel, gpu, %p, %v : (!tt.ptr<f64>, f64) -> f64
  tt.return
}

// -----

tt.func @atomic_rmw_umin_float(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tt.atomic_rmw' op this atomic_rmw kind requires an integer operand, got f32}}
  %0 = tt.atomic_rmw umin, acq_rel, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

tt.func @atomic_rmw_fadd_int(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'tt.atomic_rmw' op fadd requires a floating-point operand, got i32}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// -----

tt.func @atomic_rmw_bad_kind(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'atomic_rmw_op' [and, or, xor, add, fadd, max, min, umax, umin, exch]}}
  %0 = tt.atomic_rmw fmul, relaxed, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// -----

tt.func @atomic_rmw_encoding(%p: tensor<4x!tt.ptr<i32>, "a">, %v: tensor<4xi32, "a">) {
  // expected-error @+1 {{'tt.atomic_rmw' op requires the same encoding for all operands and results}}
  %0 = tt.atomic_rmw add, relaxed, gpu, %p, %v : (tensor<4x!tt.ptr<i32>, "a">, tensor<4xi32, "a">) -> tensor<4xi32, "b">
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

tt.func @unsplat_many(%x: tensor<2x1xf32>) {
  // expected-error @+1 {{'tt.unsplat' op source tensor must have exactly one element}}
  %0 = tt.unsplat %x : tensor<2x1xf32>
  tt.return
}

// -----

tt.func @unsplat_result_type(%x: tensor<1xf32>) {
  // expected-error @+2 {{'tt.unsplat' op inferred type(s) 'f32' are incompatible with return type(s) of operation 'f16'}}
  // expected-error @+1 {{'tt.unsplat' op failed to infer returned types}}
  %0 = "tt.unsplat"(%x) : (tensor<1xf32>) -> f16
  tt.return
}

// -----

tt.func @expand_dims_axis(%x: tensor<4xf32>) {
  // expected-error @+2 {{expand_dims axis 2 is out of range for a tensor of rank 1}}
  // expected-error @+1 {{'tt.expand_dims' op failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @expand_dims_result_type(%x: tensor<4xf32>) {
  // expected-error @+2 {{'tt.expand_dims' op inferred type(s) 'tensor<1x4xf32>' are incompatible with return type(s) of operation 'tensor<4x1xf32>'}}
  // expected-error @+1 {{'tt.expand_dims' op failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

// Result encodings are inferred through the encoding's dialect; a builtin
// attribute has no such inference.
tt.func @expand_dims_unknown_encoding(%x: tensor<4xf32, "a">) {
  // expected-error @+2 {{no layout inference is registered for encoding "a" (dialect 'builtin')}}
  // expected-error @+1 {{'tt.expand_dims' op failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<4xf32, "a"> -> tensor<1x4xf32, "a">
  tt.return
}

// -----

tt.func @reshape_count(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'tt.reshape' op number of src and dst elements of reshape must be the same}}
  %0 = tt.reshape %x : tensor<64x32xf32> -> tensor<64x64xf32>
  tt.return
}

// -----

tt.func @broadcast_rank(%x: tensor<32xf32>) {
  // expected-error @+1 {{'tt.broadcast' op rank of source must be same as rank of result}}
  %0 = tt.broadcast %x : tensor<32xf32> -> tensor<128x32xf32>
  tt.return
}

// -----

tt.func @broadcast_dim(%x: tensor<4x2xf32>) {
  // expected-error @+1 {{'tt.broadcast' op Different dimensions at index 1 between source and result.  Broadcast requires the source dimension to be 1.}}
  %0 = tt.broadcast %x : tensor<4x2xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @cat_count(%x: tensor<32xf32>) {
  // expected-error @+1 {{'tt.cat' op number of result elements must be the sum of the operands' elements}}
  %0 = tt.cat %x, %x : tensor<32xf32> -> tensor<128xf32>
  tt.return
}

// -----

tt.func @cat_operand_types(%x: tensor<32xf32>, %y: tensor<32xf16>) {
  // expected-error @+1 {{'tt.cat' op requires all operands to have the same type}}
  %0 = "tt.cat"(%x, %y) : (tensor<32xf32>, tensor<32xf16>) -> tensor<64xf32>
  tt.return
}

// -----

tt.func @join_shape(%x: tensor<32xf32>) {
  // expected-error @+1 {{'tt.join' op result shape must be (32, 2), but got 2, 32}}
  %0 = tt.join %x, %x : tensor<32xf32> -> tensor<2x32xf32>
  tt.return
}

// -----

tt.func @split_not_two(%x: tensor<4x4xf32>) {
  // expected-error @+2 {{split requires the last dimension of its operand to be 2}}
  // expected-error @+1 {{'tt.split' op failed to infer returned types}}
  %0, %1 = tt.split %x : tensor<4x4xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @split_result_type(%x: tensor<4x2xf32>) {
  // expected-error @+2 {{'tt.split' op inferred type(s) 'tensor<4xf32>', 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>', 'tensor<2xf32>'}}
  // expected-error @+1 {{'tt.split' op failed to infer returned types}}
  %0, %1 = tt.split %x : tensor<4x2xf32> -> tensor<2xf32>
  tt.return
}

// -----

tt.func @trans_order_size(%x: tensor<32x64xf32>) {
  // expected-error @+1 {{'tt.trans' op order must have the same size as the rank of the operand and result}}
  %0 = tt.trans %x {order = array<i32: 0>} : tensor<32x64xf32> -> tensor<64x32xf32>
  tt.return
}

// -----

tt.func @trans_not_permutation(%x: tensor<32x64xf32>) {
  // expected-error @+1 {{'tt.trans' op order must be a permutation of 0..(rank - 1)}}
  %0 = tt.trans %x {order = array<i32: 1, 1>} : tensor<32x64xf32> -> tensor<64x32xf32>
  tt.return
}

// -----

tt.func @trans_out_of_range(%x: tensor<32x64xf32>) {
  // expected-error @+1 {{'tt.trans' op order must be a permutation of 0..(rank - 1)}}
  %0 = tt.trans %x {order = array<i32: 2, 0>} : tensor<32x64xf32> -> tensor<64x32xf32>
  tt.return
}

// -----

tt.func @trans_result_type(%x: tensor<32x64xf32>) {
  // expected-error @+2 {{'tt.trans' op inferred type(s) 'tensor<32x64xf32>' are incompatible with return type(s) of operation 'tensor<64x32xf32>'}}
  // expected-error @+1 {{'tt.trans' op failed to infer returned types}}
  %0 = tt.trans %x {order = array<i32: 0, 1>} : tensor<32x64xf32> -> tensor<64x32xf32>
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Dot products
//===----------------------------------------------------------------------===//

tt.func @dot_rank(%a: tensor<128xf16>, %c: tensor<128xf32>) {
  // expected-error @+1 {{'tt.dot' op expected both operands to have rank 2, or both rank 3 (batched)}}
  %0 = tt.dot %a, %a, %c : tensor<128xf16> * tensor<128xf16> -> tensor<128xf32>
  tt.return
}

// -----

tt.func @dot_k(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_batch(%a: tensor<2x16x32xf16>, %b: tensor<4x32x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op expected the first dimension of the first operand to be equal to the first dimension of the second operand}}
  %0 = tt.dot %a, %b, %c : tensor<2x16x32xf16> * tensor<4x32x16xf16> -> tensor<2x16x16xf32>
  tt.return
}

// -----

tt.func @dot_accumulator_shape(%a: tensor<16x32xf16>, %b: tensor<32x16xf16>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{'tt.dot' op expected the output shape to be the concatenation of the first operand's leading dimensions and the last dimension of the second operand}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @dot_bit_widths(%a: tensor<16x32xf16>, %b: tensor<32x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op element types of operands A and B must have same bit width}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x16xi8> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_int_and_float(%a: tensor<16x32xf16>, %b: tensor<32x16xi16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op operand element types must be both integer or both floating-point, got f16 and i16}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x16xi16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_result_not_accumulator(%a: tensor<16x32xf16>, %b: tensor<32x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op failed to verify that result's type matches accumulator's type}}
  %0 = "tt.dot"(%a, %b, %c) : (tensor<16x32xf16>, tensor<32x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @dot_scaled_rank(%a: tensor<128xi8>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op operands must be at least 2D}}
  %0 = tt.dot_scaled %a, %a, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128xi8> * tensor<128xi8> -> tensor<128x128xf32>
  tt.return
}

// -----

tt.func @dot_scaled_accumulator(%a: tensor<128x64xi8>, %b: tensor<64x128xi8>, %c: tensor<128x64xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op the accumulator shape must be [M, N] of the operands}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e5m2 {fastMath = false} : tensor<128x64xi8> * tensor<64x128xi8> -> tensor<128x64xf32>
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// tt.reduce and tt.scan
//===----------------------------------------------------------------------===//

tt.func @reduce_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.reduce' op axis out of bounds for operand rank 1}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_negative_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.reduce' op axis out of bounds for operand rank 1}}
  %0 = "tt.reduce"(%x) <{axis = -1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @scan_axis(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{'tt.scan' op axis out of bounds for operand rank 2}}
  %0 = "tt.scan"(%x) <{axis = 2 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @reduce_no_operands() {
  // expected-error @+1 {{'tt.reduce' op expected 1 or more operands, but found 0}}
  "tt.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    "tt.reduce.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @scan_no_operands() {
  // expected-error @+1 {{'tt.scan' op expected 1 or more operands, but found 0}}
  "tt.scan"() <{axis = 0 : i32, reverse = false}> ({
  ^bb0:
    "tt.scan.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @reduce_result_type(%x: tensor<4xf32>) {
  // expected-error @+2 {{'tt.reduce' op inferred type(s) 'f32' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'tt.reduce' op failed to infer returned types}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_unknown_encoding(%x: tensor<4x4xf32, "a">) {
  // expected-error @+2 {{no layout inference is registered for encoding "a" (dialect 'builtin')}}
  // expected-error @+1 {{'tt.reduce' op failed to infer returned types}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x4xf32, "a">) -> tensor<4xf32, "a">
  tt.return
}

// -----

tt.func @scan_result_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.scan' op requires the same shape for all operands and results}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<4xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @reduce_region_arg_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.reduce' op nested block must take 2 arguments, but given block with 1 arguments}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_arg_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.reduce' op type mismatch on combine operation. Expected argument 1 to have type 'f32' but got 'f16'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f16):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_second_operand_type(%x: tensor<4xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{'tt.reduce' op type mismatch on combine operation. Expected argument 3 to have type 'i32' but got 'i64'}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i64):
    tt.reduce.return %a, %ai : f32, i32
  }) : (tensor<4xf32>, tensor<4xi32>) -> (f32, i32)
  tt.return
}

// -----

tt.func @reduce_region_terminator(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.reduce' op combine operation must be terminated with a ReduceReturnOp but got 'llvm.unreachable'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    llvm.unreachable
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_yield_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.reduce' op expected combine operation to return 1 values but got 2}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_yield_type(%x: tensor<4xf32>, %y: i32) {
  // expected-error @+1 {{'tt.reduce' op type mismatch on combine operation. Expected argument 0 to have type 'f32' but got 'i32'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %y : i32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_empty(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.reduce' op region #0 ('combineOp') failed to verify constraint: region with 1 blocks}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_two_blocks(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.reduce' op expects region #0 to have 0 or 1 blocks}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    cf.br ^bb1
  ^bb1:
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @scan_region_arg_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.scan' op nested block must take 2 arguments, but given block with 3 arguments}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    tt.scan.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @scan_region_arg_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.scan' op type mismatch on combine operation. Expected argument 0 to have type 'f32' but got 'i32'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    tt.scan.return %a : i32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @scan_region_terminator(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.scan' op combine operation must be terminated with a ReduceReturnOp but got 'llvm.unreachable'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    llvm.unreachable
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @scan_region_yield_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.scan' op expected combine operation to return 1 values but got 0}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    "tt.scan.return"() : () -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @scan_region_yield_type(%x: tensor<4xf32>, %y: f16) {
  // expected-error @+1 {{'tt.scan' op type mismatch on combine operation. Expected argument 0 to have type 'f32' but got 'f16'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %y : f16
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_return_outside_reduce(%x: f32) {
  // expected-error @+1 {{'tt.reduce.return' op expects parent op 'tt.reduce'}}
  tt.reduce.return %x : f32
}

// -----

tt.func @scan_return_in_reduce(%x: tensor<4xf32>) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'tt.scan.return' op expects parent op 'tt.scan'}}
    tt.scan.return %a : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// tt.map_elementwise
//===----------------------------------------------------------------------===//

tt.func @map_elementwise_pack_three(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op Pack must be a power of 2}}
  %0 = "tt.map_elementwise"(%x) <{pack = 3 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    tt.map_elementwise.return %a, %b, %c : f32, f32, f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_pack_zero(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op Pack must be a power of 2}}
  %0 = "tt.map_elementwise"(%x) <{pack = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_pack_negative(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op Pack must be a power of 2}}
  %0 = "tt.map_elementwise"(%x) <{pack = -2 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_no_operands() {
  // expected-error @+1 {{'tt.map_elementwise' op expected 1 or more operands, but found 0}}
  "tt.map_elementwise"() <{pack = 1 : i32}> ({
  ^bb0:
    "tt.map_elementwise.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @map_elementwise_arg_count(%x: tensor<4xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{'tt.map_elementwise' op region has wrong number of arguments}}
  %0 = "tt.map_elementwise"(%x, %y) <{pack = 2 : i32}> ({
  ^bb0(%a: f32, %b: i32):
    tt.map_elementwise.return %a, %a : f32, f32
  }) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_empty_region(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op expects a non-empty region}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_store(%x: tensor<4xf32>, %p: !tt.ptr<f32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    // expected-error @+1 {{'tt.store' op Stores are not supported inside map_elementwise}}
    tt.store %p, %a : !tt.ptr<f32>
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_atomic_store(%x: tensor<4xf32>, %p: !tt.ptr<f32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    // expected-error @+1 {{'tt.atomic_store' op Stores are not supported inside map_elementwise}}
    tt.atomic_store relaxed, gpu, %p, %a : !tt.ptr<f32>
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_descriptor_store(%x: tensor<4xf32>, %d: !tt.tensordesc<4xf32>, %i: i32, %v: tensor<4xf32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    // expected-error @+1 {{'tt.descriptor_store' op Stores are not supported inside map_elementwise}}
    tt.descriptor_store %d[%i], %v : !tt.tensordesc<4xf32>, tensor<4xf32>
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

// Stores nested in further regions are found too.
tt.func @map_elementwise_nested_store(%x: tensor<4xf32>, %p: !tt.ptr<f32>, %c: i1) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    scf.if %c {
      // expected-error @+1 {{'tt.store' op Stores are not supported inside map_elementwise}}
      tt.store %p, %a : !tt.ptr<f32>
    }
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_encoding(%x: tensor<4xf32, "a">) {
  // expected-error @+1 {{'tt.map_elementwise' op requires the same encoding for all operands and results}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32, "a">) -> tensor<4xf32, "b">
  tt.return
}

// -----

tt.func @map_elementwise_return_outside(%x: f32) {
  // expected-error @+1 {{'tt.map_elementwise.return' op expects parent op 'tt.map_elementwise'}}
  tt.map_elementwise.return %x : f32
}

// -----

//===----------------------------------------------------------------------===//
// tt.make_range, tt.elementwise_inline_asm, tt.gather
//===----------------------------------------------------------------------===//

tt.func @make_range_rank() {
  // expected-error @+1 {{'tt.make_range' op return type must be a 1D tensor}}
  %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<2x4xi32>
  tt.return
}

// -----

tt.func @make_range_element() {
  // expected-error @+1 {{'tt.make_range' op returned tensor must have i32 elements}}
  %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi64>
  tt.return
}

// -----

tt.func @make_range_negative_start() {
  // expected-error @+1 {{'tt.make_range' op start must be non-negative}}
  %0 = tt.make_range {end = 4 : i32, start = -4 : i32} : tensor<8xi32>
  tt.return
}

// -----

tt.func @make_range_end_before_start() {
  // expected-error @+1 {{'tt.make_range' op start must be less than end}}
  %0 = tt.make_range {end = 0 : i32, start = 8 : i32} : tensor<8xi32>
  tt.return
}

// -----

tt.func @make_range_empty() {
  // expected-error @+1 {{'tt.make_range' op start must be less than end}}
  %0 = tt.make_range {end = 8 : i32, start = 8 : i32} : tensor<8xi32>
  tt.return
}

// -----

tt.func @make_range_size() {
  // expected-error @+1 {{'tt.make_range' op number of elements in returned tensor, 8, must match size of range [0, 16), which has 16 elements}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<8xi32>
  tt.return
}

// -----

tt.func @make_range_float() {
  // expected-error @+1 {{'tt.make_range' op result #0 must be ranked tensor of}}
  %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xf32>
  tt.return
}

// -----

tt.func @inline_asm_packed_element(%x: tensor<128xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op packed_element must be positive}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 0 : i32, pure = true} %x : tensor<128xi32> -> tensor<128xi32>
  tt.return
}

// -----

tt.func @inline_asm_multiple(%x: tensor<2xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op the number of elements must be a multiple of packed_element}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<2xi32> -> tensor<2xi32>
  tt.return
}

// -----

// Shape agreement is enforced by the Elementwise trait before the verifier.
tt.func @inline_asm_shape(%x: tensor<128xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<128xi32> -> tensor<64xi32>
  tt.return
}

// -----

tt.func @gather_rank(%x: tensor<128x4xf32>, %i: tensor<256xi32>) {
  // expected-error @+1 {{'tt.gather' op input and indices ranks must match}}
  %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<128x4xf32>, tensor<256xi32>) -> tensor<256xf32>
  tt.return
}

// -----

tt.func @gather_axis(%x: tensor<128x4xf32>, %i: tensor<256x4xi32>) {
  // expected-error @+1 {{'tt.gather' op gather dimension must be less than the input rank}}
  %0 = tt.gather %x[%i] {axis = 2 : i32} : (tensor<128x4xf32>, tensor<256x4xi32>) -> tensor<256x4xf32>
  tt.return
}

// -----

tt.func @gather_negative_axis(%x: tensor<128x4xf32>, %i: tensor<256x4xi32>) {
  // expected-error @+1 {{'tt.gather' op gather dimension must be less than the input rank}}
  %0 = tt.gather %x[%i] {axis = -1 : i32} : (tensor<128x4xf32>, tensor<256x4xi32>) -> tensor<256x4xf32>
  tt.return
}

// -----

tt.func @gather_other_dim(%x: tensor<128x4xf32>, %i: tensor<256x8xi32>) {
  // expected-error @+1 {{'tt.gather' op indices dimension 1 must match the corresponding input dimension}}
  %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<128x4xf32>, tensor<256x8xi32>) -> tensor<256x8xf32>
  tt.return
}

// -----

tt.func @gather_result_type(%x: tensor<128x4xf32>, %i: tensor<256x4xi32>) {
  // expected-error @+1 {{'tt.gather' op input and output element types must match}}
  %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<128x4xf32>, tensor<256x4xi32>) -> tensor<256x4xf16>
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

tt.func @make_tensor_descriptor_operand_count(%p: !tt.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op expected 2 shape and 2 stride operands for a rank-2 descriptor}}
  %0 = tt.make_tensor_descriptor %p, [%m], [%s] : <f16>, <64x64xf16>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_element(%p: !tt.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op descriptor element type f32 does not match the base pointer's pointee type f16}}
  %0 = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] : <f16>, <64x64xf32>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_i32_stride(%p: !tt.ptr<f16>, %m: i32) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op operand #3 must be variadic of 64-bit signless integer, but got 'i32'}}
  %0 = "tt.make_tensor_descriptor"(%p, %m, %m, %m, %m) : (!tt.ptr<f16>, i32, i32, i32, i32) -> !tt.tensordesc<64x64xf16>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_padding(%p: !tt.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{attribute 'padding' failed to satisfy constraint: out-of-bounds fill of a descriptor load}}
  %0 = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] {padding = 3 : i32} : <f16>, <64x64xf16>
  tt.return
}

// -----

tt.func @descriptor_load_indices(%d: !tt.tensordesc<64x64xf16>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op expected 2 indices for a rank-2 descriptor, got 1}}
  %0 = tt.descriptor_load %d[%i] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16>
  tt.return
}

// -----

tt.func @descriptor_load_elements(%d: !tt.tensordesc<64x64xf16>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op descriptor block and tensor must have the same number of elements}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<64x64xf16> -> tensor<64x32xf16>
  tt.return
}

// -----

tt.func @descriptor_load_element_type(%d: !tt.tensordesc<64x64xf16>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op descriptor block and tensor element types must match, but got descriptor element type 'f16' and tensor element type 'f32'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf32>
  tt.return
}

// -----

tt.func @descriptor_store_indices(%d: !tt.tensordesc<64x64xf16>, %i: i32, %v: tensor<64x64xf16>) {
  // expected-error @+1 {{'tt.descriptor_store' op expected 2 indices for a rank-2 descriptor, got 3}}
  tt.descriptor_store %d[%i, %i, %i], %v : !tt.tensordesc<64x64xf16>, tensor<64x64xf16>
  tt.return
}

// -----

tt.func @descriptor_store_elements(%d: !tt.tensordesc<64x64xf16>, %i: i32, %v: tensor<32x64xf16>) {
  // expected-error @+1 {{'tt.descriptor_store' op descriptor block and tensor must have the same number of elements}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<64x64xf16>, tensor<32x64xf16>
  tt.return
}

// -----

tt.func @descriptor_store_element_type(%d: !tt.tensordesc<64x64xf16>, %i: i32, %v: tensor<64x64xi8>) {
  // expected-error @+1 {{'tt.descriptor_store' op descriptor block and tensor element types must match, but got descriptor element type 'f16' and tensor element type 'i8'}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<64x64xf16>, tensor<64x64xi8>
  tt.return
}

// -----

tt.func @descriptor_reduce_indices(%d: !tt.tensordesc<64x64xf32>, %i: i32, %v: tensor<64x64xf32>) {
  // expected-error @+1 {{'tt.descriptor_reduce' op expected 2 indices for a rank-2 descriptor, got 1}}
  tt.descriptor_reduce add, %d[%i], %v : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.return
}

// -----

tt.func @descriptor_reduce_elements(%d: !tt.tensordesc<64x64xf32>, %i: i32, %v: tensor<64x32xf32>) {
  // expected-error @+1 {{'tt.descriptor_reduce' op descriptor block and tensor must have the same number of elements}}
  tt.descriptor_reduce max, %d[%i, %i], %v : !tt.tensordesc<64x64xf32>, tensor<64x32xf32>
  tt.return
}

// -----

tt.func @descriptor_reduce_element_type(%d: !tt.tensordesc<64x64xf32>, %i: i32, %v: tensor<64x64xf16>) {
  // expected-error @+1 {{'tt.descriptor_reduce' op descriptor block and tensor element types must match, but got descriptor element type 'f32' and tensor element type 'f16'}}
  tt.descriptor_reduce min, %d[%i, %i], %v : !tt.tensordesc<64x64xf32>, tensor<64x64xf16>
  tt.return
}

// -----

tt.func @descriptor_reduce_bad_kind(%d: !tt.tensordesc<64x64xf32>, %i: i32, %v: tensor<64x64xf32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [add, min, max, inc, dec, and, or, xor]}}
  tt.descriptor_reduce mul, %d[%i, %i], %v : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.return
}

// -----

tt.func @descriptor_gather_two_rows(%d: !tt.tensordesc<2x128xf16>, %r: tensor<32xi32>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op descriptor block must have exactly 1 row, but got 'tensor<2x128xf16>'}}
  %0 = tt.descriptor_gather %d[%r, %i] : (!tt.tensordesc<2x128xf16>, tensor<32xi32>, i32) -> tensor<32x128xf16>
  tt.return
}

// -----

tt.func @descriptor_gather_rank_one(%d: !tt.tensordesc<128xf16>, %r: tensor<32xi32>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op descriptor block must be a 2D tensor, but got 'tensor<128xf16>'}}
  %0 = tt.descriptor_gather %d[%r, %i] : (!tt.tensordesc<128xf16>, tensor<32xi32>, i32) -> tensor<32x128xf16>
  tt.return
}

// -----

tt.func @descriptor_gather_offsets_rank(%d: !tt.tensordesc<1x128xf16>, %r: tensor<4x8xi32>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op x offsets must be a 1D tensor, but got 'tensor<4x8xi32>'}}
  %0 = tt.descriptor_gather %d[%r, %i] : (!tt.tensordesc<1x128xf16>, tensor<4x8xi32>, i32) -> tensor<32x128xf16>
  tt.return
}

// -----

tt.func @descriptor_gather_offsets_type(%d: !tt.tensordesc<1x128xf16>, %r: tensor<32xi64>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op operand #1 must be ranked tensor of 16-bit signless integer or 32-bit signless integer values, but got 'tensor<32xi64>'}}
  %0 = tt.descriptor_gather %d[%r, %i] : (!tt.tensordesc<1x128xf16>, tensor<32xi64>, i32) -> tensor<32x128xf16>
  tt.return
}

// -----

tt.func @descriptor_gather_shape(%d: !tt.tensordesc<1x128xf16>, %r: tensor<32xi32>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op result tensor number of columns must match block (128), but got 'tensor<32x64xf16>'}}
  %0 = tt.descriptor_gather %d[%r, %i] : (!tt.tensordesc<1x128xf16>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  tt.return
}

// -----

tt.func @descriptor_gather_element_type(%d: !tt.tensordesc<1x128xf16>, %r: tensor<32xi32>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op result tensor element type must match block ('f16'), but got 'tensor<32x128xf32>'}}
  %0 = tt.descriptor_gather %d[%r, %i] : (!tt.tensordesc<1x128xf16>, tensor<32xi32>, i32) -> tensor<32x128xf32>
  tt.return
}

// -----

tt.func @descriptor_scatter_shape(%d: !tt.tensordesc<1x128xf16>, %r: tensor<32xi32>, %i: i32, %v: tensor<16x128xf16>) {
  // expected-error @+1 {{'tt.descriptor_scatter' op result tensor must have as many rows as indices (32), but got 'tensor<16x128xf16>'}}
  tt.descriptor_scatter %d[%r, %i], %v : !tt.tensordesc<1x128xf16>, tensor<32xi32>, i32, tensor<16x128xf16>
  tt.return
}

// -----

tt.func @descriptor_scatter_rows(%d: !tt.tensordesc<4x128xf16>, %r: tensor<32xi32>, %i: i32, %v: tensor<32x128xf16>) {
  // expected-error @+1 {{'tt.descriptor_scatter' op descriptor block must have exactly 1 row, but got 'tensor<4x128xf16>'}}
  tt.descriptor_scatter %d[%r, %i], %v : !tt.tensordesc<4x128xf16>, tensor<32xi32>, i32, tensor<32x128xf16>
  tt.return
}

// -----

tt.func @descriptor_scatter_element_type(%d: !tt.tensordesc<1x128xf16>, %r: tensor<32xi32>, %i: i32, %v: tensor<32x128xi8>) {
  // expected-error @+1 {{'tt.descriptor_scatter' op result tensor element type must match block ('f16'), but got 'tensor<32x128xi8>'}}
  tt.descriptor_scatter %d[%r, %i], %v : !tt.tensordesc<1x128xf16>, tensor<32xi32>, i32, tensor<32x128xi8>
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Functions, returns and calls
//===----------------------------------------------------------------------===//

tt.func @return_count(%x: i32) -> i32 {
  // expected-error @+1 {{'tt.return' op has 0 operands, but enclosing function (@return_count) returns 1}}
  tt.return
}

// -----

tt.func @return_type(%x: i32) -> f32 {
  // expected-error @+1 {{'tt.return' op type of return operand 0 (i32) doesn't match function result type (f32) in function @return_type}}
  tt.return %x : i32
}

// -----

func.func @return_outside_tt_func() {
  // expected-error @+1 {{'tt.return' op expects parent op 'tt.func'}}
  tt.return
}

// -----

tt.func @nested_func() {
  // expected-error @+1 {{'tt.func' op expects parent op 'builtin.module'}}
  "tt.func"() <{function_type = () -> (), sym_name = "inner"}> ({
    tt.return
  }) : () -> ()
  tt.return
}

// -----

tt.func @call_unknown(%x: i32) {
  // expected-error @+1 {{'tt.call' op 'nope' does not reference a valid function}}
  tt.call @nope(%x) : (i32) -> ()
  tt.return
}

// -----

func.func private @builtin_func(i32)

tt.func @call_func_func(%x: i32) {
  // expected-error @+1 {{'tt.call' op 'builtin_func' does not reference a valid function}}
  tt.call @builtin_func(%x) : (i32) -> ()
  tt.return
}

// -----

tt.func private @two_args(i32, i32)

tt.func @call_operand_count(%x: i32) {
  // expected-error @+1 {{'tt.call' op incorrect number of operands for callee}}
  tt.call @two_args(%x) : (i32) -> ()
  tt.return
}

// -----

tt.func private @takes_i32(i32)

tt.func @call_operand_type(%x: f32) {
  // expected-error @+1 {{'tt.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  tt.call @takes_i32(%x) : (f32) -> ()
  tt.return
}

// -----

tt.func private @returns_i32(i32) -> i32

tt.func @call_result_count(%x: i32) {
  // expected-error @+1 {{'tt.call' op incorrect number of results for callee}}
  tt.call @returns_i32(%x) : (i32) -> ()
  tt.return
}

// -----

tt.func private @returns_i32(i32) -> i32

tt.func @call_result_type(%x: i32) {
  // expected-error @+1 {{'tt.call' op result type mismatch at index 0}}
  %0 = tt.call @returns_i32(%x) : (i32) -> f32
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Operand, attribute and region constraints declared in ODS
//===----------------------------------------------------------------------===//

tt.func @atomic_poll_pointee(%p: !tt.ptr<i64>, %v: i32) {
  // expected-error @+1 {{'tt.atomic_poll' op failed to verify that ptr type matches expected type}}
  %0 = "tt.atomic_poll"(%p, %v) <{scope = 1 : i32, sem = 2 : i32}> : (!tt.ptr<i64>, i32) -> i1
  tt.return
}

// -----

tt.func @atomic_cas_value_type(%p: !tt.ptr<i32>, %v: i32, %w: i64) {
  // expected-error @+1 {{'tt.atomic_cas' op failed to verify that ptr type matches value type}}
  %0 = "tt.atomic_cas"(%p, %v, %w) <{scope = 1 : i32, sem = 4 : i32}> : (!tt.ptr<i32>, i32, i64) -> i32
  tt.return
}

// -----

tt.func @assert_not_i1(%c: i32) {
  // expected-error @+1 {{'tt.assert' op operand #0 must be 1-bit signless integer or tensor of 1-bit signless integer values, but got 'i32'}}
  tt.assert %c, "x" : i32
  tt.return
}

// -----

tt.func @histogram_mask_shape(%x: tensor<128xi32>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'tt.histogram' op failed to verify that mask type matches src type}}
  %0 = "tt.histogram"(%x, %m) : (tensor<128xi32>, tensor<64xi1>) -> tensor<16xi32>
  tt.return
}

// -----

tt.func @clampf_types(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{'tt.clampf' op requires the same type for all operands and results}}
  %0 = "tt.clampf"(%x, %y, %y) <{propagateNan = 0 : i32}> : (tensor<4xf32>, tensor<4xf16>, tensor<4xf16>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @clampf_propagate_nan_value(%x: tensor<4xf32>) {
  // expected-error @+1 {{Invalid attribute `propagateNan` in property conversion: 1 : i32}}
  %0 = "tt.clampf"(%x, %x, %x) <{propagateNan = 1 : i32}> : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @addptr_offset_shape(%p: tensor<4x!tt.ptr<f32>>, %o: tensor<8xi32>) {
  // expected-error @+1 {{'tt.addptr' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "tt.addptr"(%p, %o) : (tensor<4x!tt.ptr<f32>>, tensor<8xi32>) -> tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @addptr_result_type(%p: !tt.ptr<f32>, %o: i32) {
  // expected-error @+1 {{'tt.addptr' op failed to verify that result type matches ptr type}}
  %0 = "tt.addptr"(%p, %o) : (!tt.ptr<f32>, i32) -> !tt.ptr<f16>
  tt.return
}

// -----

tt.func @program_id_axis() {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'axis' [x, y, z]}}
  %0 = tt.get_program_id w : i32
  tt.return
}

// -----

tt.func @reduce_region_no_terminator(%x: tensor<4xf32>) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{block with no terminator}}
    %c = arith.addf %a, %b : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

// Same bit width is not enough: the block's element type must match.
tt.func @descriptor_load_same_width_other_type(%d: !tt.tensordesc<64x64xf16>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op descriptor block and tensor element types must match, but got descriptor element type 'f16' and tensor element type 'i16'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<64x64xf16> -> tensor<64x64xi16>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_pointee_mismatch(%p: !tt.ptr<f16>, %s: i32, %st: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op descriptor element type i16 does not match the base pointer's pointee type f16}}
  %0 = tt.make_tensor_descriptor %p, [%s, %s], [%st, %st] : <f16>, <64x64xi16>
  tt.return
}

// -----

tt.func @map_elementwise_arg_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{argument types did not match}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: i64):
    %c = arith.constant 1.0 : f32
    tt.map_elementwise.return %c : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_yield_count(%x: tensor<4xf32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    // expected-error @+1 {{region return does not match map_elementwise result}}
    tt.map_elementwise.return
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_atomic(%x: tensor<4xf32>, %p: !tt.ptr<f32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %t = arith.constant true
    // expected-error @+1 {{'tt.atomic_rmw' op Stores are not supported inside map_elementwise}}
    %old = tt.atomic_rmw fadd, relaxed, gpu, %p, %a, %t : (!tt.ptr<f32>, f32, i1) -> f32
    tt.map_elementwise.return %old : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reshape_drops_encoding(%x: tensor<8xf32, "a">) {
  // expected-error @+1 {{'tt.reshape' op expected the source and the result to both have an encoding, or neither}}
  %0 = tt.reshape %x : tensor<8xf32, "a"> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @cat_drops_encoding(%x: tensor<8xf32, "a">) {
  // expected-error @+1 {{'tt.cat' op expected the source and the result to both have an encoding, or neither}}
  %0 = tt.cat %x, %x : tensor<8xf32, "a"> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @expand_dims_negative_axis(%x: tensor<4xf32>) {
  // expected-error @+2 {{expand_dims axis -1 is out of range for a tensor of rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = -1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @dynamic_dimension(%x: tensor<?xf32>) {
  // expected-error @+1 {{dynamic tensor dimensions are not supported}}
  %0 = tt.splat %x : tensor<?xf32> -> tensor<?xf32>
  tt.return
}
