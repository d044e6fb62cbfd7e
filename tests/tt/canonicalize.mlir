// Folders and canonicalization patterns of the `tt` ops, with cases that must not fold.
// RUN: tritium-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -canonicalize | FileCheck %s

// tt.splat of a constant folds to a dense splat constant.
// CHECK-LABEL: tt.func @splat_constant(
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<7> : tensor<128xi32>
// CHECK-NEXT:    tt.return %[[C]] : tensor<128xi32>
tt.func @splat_constant() -> tensor<128xi32> {
  %c = arith.constant 7 : i32
  %0 = tt.splat %c : i32 -> tensor<128xi32>
  tt.return %0 : tensor<128xi32>
}

// -----

// CHECK-LABEL: tt.func @splat_not_constant(
// CHECK-SAME:    %[[X:[^:]*]]: i32
// CHECK-NEXT:    %[[S:.*]] = tt.splat %[[X]] : i32 -> tensor<128xi32>
// CHECK-NEXT:    tt.return %[[S]]
tt.func @splat_not_constant(%x: i32) -> tensor<128xi32> {
  %0 = tt.splat %x : i32 -> tensor<128xi32>
  tt.return %0 : tensor<128xi32>
}

// -----

// tt.addptr by a zero offset (tensor or scalar) is its pointer.
// CHECK-LABEL: tt.func @addptr_zero(
// CHECK-SAME:    %[[P:[^:]*]]: tensor<64x!tt.ptr<f32>>, %[[Q:[^:]*]]: !tt.ptr<f16>
// CHECK-NEXT:    tt.return %[[P]], %[[Q]] : tensor<64x!tt.ptr<f32>>, !tt.ptr<f16>
tt.func @addptr_zero(%p: tensor<64x!tt.ptr<f32>>, %q: !tt.ptr<f16>) -> (tensor<64x!tt.ptr<f32>>, !tt.ptr<f16>) {
  %z = arith.constant dense<0> : tensor<64xi32>
  %c0 = arith.constant 0 : i64
  %0 = tt.addptr %p, %z : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %1 = tt.addptr %q, %c0 : !tt.ptr<f16>, i64
  tt.return %0, %1 : tensor<64x!tt.ptr<f32>>, !tt.ptr<f16>
}

// -----

// CHECK-LABEL: tt.func @addptr_nonzero(
// CHECK-SAME:    %[[P:[^:]*]]: tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant dense<1> : tensor<64xi32>
// CHECK-NEXT:    %[[R:.*]] = tt.addptr %[[P]], %[[ONE]]
// CHECK-NEXT:    tt.return %[[R]]
tt.func @addptr_nonzero(%p: tensor<64x!tt.ptr<f32>>) -> tensor<64x!tt.ptr<f32>> {
  %one = arith.constant dense<1> : tensor<64xi32>
  %0 = tt.addptr %p, %one : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.return %0 : tensor<64x!tt.ptr<f32>>
}

// -----

// int_to_ptr(ptr_to_int(p)) is p when the pointer types agree.
// CHECK-LABEL: tt.func @int_to_ptr_of_ptr_to_int(
// CHECK-SAME:    %[[P:[^:]*]]: !tt.ptr<f32>
// CHECK-NEXT:    tt.return %[[P]] : !tt.ptr<f32>
tt.func @int_to_ptr_of_ptr_to_int(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  %0 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %1 = tt.int_to_ptr %0 : i64 -> !tt.ptr<f32>
  tt.return %1 : !tt.ptr<f32>
}

// -----

// A round trip to another pointee type is a pointer bitcast (as Triton 3.9).
// CHECK-LABEL: tt.func @int_to_ptr_other_pointee(
// CHECK-SAME:    %[[P:[^:]*]]: !tt.ptr<f32>
// CHECK-NEXT:    %[[Q:.*]] = tt.bitcast %[[P]] : !tt.ptr<f32> -> !tt.ptr<i32>
// CHECK-NEXT:    tt.return %[[Q]]
tt.func @int_to_ptr_other_pointee(%p: !tt.ptr<f32>) -> !tt.ptr<i32> {
  %0 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %1 = tt.int_to_ptr %0 : i64 -> !tt.ptr<i32>
  tt.return %1 : !tt.ptr<i32>
}

// -----

// CHECK-LABEL: tt.func @bitcast_identity(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<8xf32>
// CHECK-NEXT:    tt.return %[[X]] : tensor<8xf32>
tt.func @bitcast_identity(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tt.bitcast %x : tensor<8xf32> -> tensor<8xf32>
  tt.return %0 : tensor<8xf32>
}

// -----

// A round trip bitcast(bitcast(x : T -> U) : U -> T) is kept, for values and
// pointers: Triton 3.9 folds only a bitcast to its own type.
// CHECK-LABEL: tt.func @bitcast_roundtrip(
// CHECK-SAME:    %[[X:[^:]*]]: f32, %[[P:[^:]*]]: !tt.ptr<f16>
// CHECK-NEXT:    %[[A:.*]] = tt.bitcast %[[X]] : f32 -> i32
// CHECK-NEXT:    %[[B:.*]] = tt.bitcast %[[A]] : i32 -> f32
// CHECK-NEXT:    %[[C:.*]] = tt.bitcast %[[P]] : !tt.ptr<f16> -> !tt.ptr<i16>
// CHECK-NEXT:    %[[D:.*]] = tt.bitcast %[[C]] : !tt.ptr<i16> -> !tt.ptr<f16>
// CHECK-NEXT:    tt.return %[[B]], %[[D]] : f32, !tt.ptr<f16>
tt.func @bitcast_roundtrip(%x: f32, %p: !tt.ptr<f16>) -> (f32, !tt.ptr<f16>) {
  %0 = tt.bitcast %x : f32 -> i32
  %1 = tt.bitcast %0 : i32 -> f32
  %2 = tt.bitcast %p : !tt.ptr<f16> -> !tt.ptr<i16>
  %3 = tt.bitcast %2 : !tt.ptr<i16> -> !tt.ptr<f16>
  tt.return %1, %3 : f32, !tt.ptr<f16>
}

// -----

// Three bitcasts f32 -> i32 -> f32 -> i32 stay three (as in Triton 3.9).
// CHECK-LABEL: tt.func @bitcast_chain(
// CHECK-SAME:    %[[X:[^:]*]]: f32
// CHECK-NEXT:    %[[A:.*]] = tt.bitcast %[[X]] : f32 -> i32
// CHECK-NEXT:    %[[B:.*]] = tt.bitcast %[[A]] : i32 -> f32
// CHECK-NEXT:    %[[C:.*]] = tt.bitcast %[[B]] : f32 -> i32
// CHECK-NEXT:    tt.return %[[C]] : i32
tt.func @bitcast_chain(%x: f32) -> i32 {
  %0 = tt.bitcast %x : f32 -> i32
  %1 = tt.bitcast %0 : i32 -> f32
  %2 = tt.bitcast %1 : f32 -> i32
  tt.return %2 : i32
}

// -----

// CHECK-LABEL: tt.func @bitcast_not_identity(
// CHECK-NEXT:    %[[B:.*]] = tt.bitcast %{{.*}} : f32 -> i32
// CHECK-NEXT:    tt.return %[[B]]
tt.func @bitcast_not_identity(%x: f32) -> i32 {
  %0 = tt.bitcast %x : f32 -> i32
  tt.return %0 : i32
}

// -----

// fp_to_fp of +0.0 is +0.0 in the result format (down- and up-casts).
// CHECK-LABEL: tt.func @fp_to_fp_zero(
// CHECK-DAG:     %[[Z8:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf8E4M3FN>
// CHECK-DAG:     %[[Z32:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
// CHECK-NOT:     tt.fp_to_fp
// CHECK:         tt.return %[[Z8]], %[[Z32]]
tt.func @fp_to_fp_zero() -> (tensor<64xf8E4M3FN>, tensor<64xf32>) {
  %z = arith.constant dense<0.0> : tensor<64xf32>
  %zh = arith.constant dense<0.0> : tensor<64xf16>
  %0 = tt.fp_to_fp %z, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  %1 = tt.fp_to_fp %zh : tensor<64xf16> -> tensor<64xf32>
  tt.return %0, %1 : tensor<64xf8E4M3FN>, tensor<64xf32>
}

// -----

// CHECK-LABEL: tt.func @fp_to_fp_nonzero(
// CHECK:         %[[R:.*]] = tt.fp_to_fp %{{.*}}, rounding = rtz : tensor<64xf32> -> tensor<64xf8E5M2>
// CHECK-NEXT:    tt.return %[[R]]
tt.func @fp_to_fp_nonzero() -> tensor<64xf8E5M2> {
  %c = arith.constant dense<1.0> : tensor<64xf32>
  %0 = tt.fp_to_fp %c, rounding = rtz : tensor<64xf32> -> tensor<64xf8E5M2>
  tt.return %0 : tensor<64xf8E5M2>
}

// -----

// -0.0 must not become +0.0 (folding it to -0.0 or keeping the op are both fine).
// CHECK-LABEL: tt.func @fp_to_fp_negative_zero(
// CHECK-NOT:     dense<0.000000e+00>
// CHECK:         tt.return
tt.func @fp_to_fp_negative_zero() -> tensor<64xf16> {
  %c = arith.constant dense<-0.0> : tensor<64xf32>
  %0 = tt.fp_to_fp %c, rounding = rtne : tensor<64xf32> -> tensor<64xf16>
  tt.return %0 : tensor<64xf16>
}

// -----

// expand_dims, broadcast, reshape and trans of a splat constant are splat constants.
// CHECK-LABEL: tt.func @shape_ops_of_splat_constant(
// CHECK-DAG:     %[[E:.*]] = arith.constant dense<2.000000e+00> : tensor<1x32xf32>
// CHECK-DAG:     %[[B:.*]] = arith.constant dense<3.000000e+00> : tensor<16x32xf32>
// CHECK-DAG:     %[[R:.*]] = arith.constant dense<2.000000e+00> : tensor<4x8xf32>
// CHECK-DAG:     %[[T:.*]] = arith.constant dense<3.000000e+00> : tensor<32x1xf32>
// CHECK-NOT:     tt.
// CHECK:         tt.return %[[E]], %[[B]], %[[R]], %[[T]]
tt.func @shape_ops_of_splat_constant() -> (tensor<1x32xf32>, tensor<16x32xf32>, tensor<4x8xf32>, tensor<32x1xf32>) {
  %c = arith.constant dense<2.0> : tensor<32xf32>
  %r = arith.constant dense<3.0> : tensor<1x32xf32>
  %0 = tt.expand_dims %c {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
  %1 = tt.broadcast %r : tensor<1x32xf32> -> tensor<16x32xf32>
  %2 = tt.reshape %c : tensor<32xf32> -> tensor<4x8xf32>
  %3 = tt.trans %r {order = array<i32: 1, 0>} : tensor<1x32xf32> -> tensor<32x1xf32>
  tt.return %0, %1, %2, %3 : tensor<1x32xf32>, tensor<16x32xf32>, tensor<4x8xf32>, tensor<32x1xf32>
}

// -----

// A non-splat constant is not reshaped by the folder.
// CHECK-LABEL: tt.func @reshape_of_dense_constant(
// CHECK:         %[[C:.*]] = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT:    %[[R:.*]] = tt.reshape %[[C]] : tensor<4xi32> -> tensor<2x2xi32>
// CHECK-NEXT:    tt.return %[[R]]
tt.func @reshape_of_dense_constant() -> tensor<2x2xi32> {
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %0 = tt.reshape %c : tensor<4xi32> -> tensor<2x2xi32>
  tt.return %0 : tensor<2x2xi32>
}

// -----

// expand_dims, broadcast and reshape of a tt.splat are a tt.splat.
// CHECK-LABEL: tt.func @shape_ops_of_splat(
// CHECK-SAME:    %[[X:[^:]*]]: i32
// CHECK-NEXT:    %[[E:.*]] = tt.splat %[[X]] : i32 -> tensor<1x32xi32>
// CHECK-NEXT:    %[[B:.*]] = tt.splat %[[X]] : i32 -> tensor<16x32xi32>
// CHECK-NEXT:    %[[R:.*]] = tt.splat %[[X]] : i32 -> tensor<4x8xi32>
// CHECK-NEXT:    tt.return %[[E]], %[[B]], %[[R]]
tt.func @shape_ops_of_splat(%x: i32) -> (tensor<1x32xi32>, tensor<16x32xi32>, tensor<4x8xi32>) {
  %s = tt.splat %x : i32 -> tensor<32xi32>
  %s2 = tt.splat %x : i32 -> tensor<1x32xi32>
  %0 = tt.expand_dims %s {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %1 = tt.broadcast %s2 : tensor<1x32xi32> -> tensor<16x32xi32>
  %2 = tt.reshape %s : tensor<32xi32> -> tensor<4x8xi32>
  tt.return %0, %1, %2 : tensor<1x32xi32>, tensor<16x32xi32>, tensor<4x8xi32>
}

// -----

// CHECK-LABEL: tt.func @expand_dims_not_of_splat(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<32xi32>
// CHECK-NEXT:    %[[E:.*]] = tt.expand_dims %[[X]] {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
// CHECK-NEXT:    tt.return %[[E]]
tt.func @expand_dims_not_of_splat(%x: tensor<32xi32>) -> tensor<32x1xi32> {
  %0 = tt.expand_dims %x {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  tt.return %0 : tensor<32x1xi32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_broadcast(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<1x1xf32>
// CHECK-NEXT:    %[[B:.*]] = tt.broadcast %[[X]] : tensor<1x1xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    tt.return %[[B]]
tt.func @broadcast_of_broadcast(%x: tensor<1x1xf32>) -> tensor<8x16xf32> {
  %0 = tt.broadcast %x : tensor<1x1xf32> -> tensor<1x16xf32>
  %1 = tt.broadcast %0 : tensor<1x16xf32> -> tensor<8x16xf32>
  tt.return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_identity(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<8x16xf32>
// CHECK-NEXT:    tt.return %[[X]]
tt.func @broadcast_identity(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = tt.broadcast %x : tensor<8x16xf32> -> tensor<8x16xf32>
  tt.return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_of_reshape(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4x8xf32>
// CHECK-NEXT:    %[[R:.*]] = tt.reshape %[[X]] : tensor<4x8xf32> -> tensor<2x16xf32>
// CHECK-NEXT:    tt.return %[[R]]
tt.func @reshape_of_reshape(%x: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %1 = tt.reshape %0 : tensor<32xf32> -> tensor<2x16xf32>
  tt.return %1 : tensor<2x16xf32>
}

// -----

// Merged reshapes may reorder when either of them may (as Triton 3.9).
// CHECK-LABEL: tt.func @reshape_of_reorder_reshape(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4x8xf32>
// CHECK-NEXT:    %[[A:.*]] = tt.reshape %[[X]] allow_reorder : tensor<4x8xf32> -> tensor<2x16xf32>
// CHECK-NEXT:    tt.return %[[A]]
tt.func @reshape_of_reorder_reshape(%x: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %0 = tt.reshape %x allow_reorder : tensor<4x8xf32> -> tensor<32xf32>
  %1 = tt.reshape %0 : tensor<32xf32> -> tensor<2x16xf32>
  tt.return %1 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_identity(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4x8xf32>
// CHECK-NEXT:    tt.return %[[X]]
tt.func @reshape_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: tt.func @trans_identity(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4x8xf32>
// CHECK-NEXT:    tt.return %[[X]]
tt.func @trans_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tt.trans %x {order = array<i32: 0, 1>} : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return %0 : tensor<4x8xf32>
}

// -----

// Two transposes whose orders compose to the identity cancel.
// CHECK-LABEL: tt.func @trans_of_trans(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<2x4x8xf32>
// CHECK-NEXT:    tt.return %[[X]]
tt.func @trans_of_trans(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %0 = tt.trans %x {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
  %1 = tt.trans %0 {order = array<i32: 2, 0, 1>} : tensor<4x8x2xf32> -> tensor<2x4x8xf32>
  tt.return %1 : tensor<2x4x8xf32>
}

// -----

// Two transposes compose into one (as Triton 3.9).
// CHECK-LABEL: tt.func @trans_of_trans_not_inverse(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<2x4x8xf32>
// CHECK-NEXT:    %[[A:.*]] = tt.trans %[[X]] {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
// CHECK-NEXT:    tt.return %[[A]]
tt.func @trans_of_trans_not_inverse(%x: tensor<2x4x8xf32>) -> tensor<8x2x4xf32> {
  %0 = tt.trans %x {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
  %1 = tt.trans %0 {order = array<i32: 1, 2, 0>} : tensor<4x8x2xf32> -> tensor<8x2x4xf32>
  tt.return %1 : tensor<8x2x4xf32>
}

// -----

// CHECK-LABEL: tt.func @join_of_equal_splats(
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<5> : tensor<16x2xi32>
// CHECK-NEXT:    tt.return %[[C]]
tt.func @join_of_equal_splats() -> tensor<16x2xi32> {
  %c = arith.constant dense<5> : tensor<16xi32>
  %0 = tt.join %c, %c : tensor<16xi32> -> tensor<16x2xi32>
  tt.return %0 : tensor<16x2xi32>
}

// -----

// CHECK-LABEL: tt.func @join_of_different_splats(
// CHECK-DAG:     %[[C5:.*]] = arith.constant dense<5> : tensor<16xi32>
// CHECK-DAG:     %[[C6:.*]] = arith.constant dense<6> : tensor<16xi32>
// CHECK:         %[[J:.*]] = tt.join %[[C5]], %[[C6]] : tensor<16xi32> -> tensor<16x2xi32>
// CHECK-NEXT:    tt.return %[[J]]
tt.func @join_of_different_splats() -> tensor<16x2xi32> {
  %c = arith.constant dense<5> : tensor<16xi32>
  %d = arith.constant dense<6> : tensor<16xi32>
  %0 = tt.join %c, %d : tensor<16xi32> -> tensor<16x2xi32>
  tt.return %0 : tensor<16x2xi32>
}

// -----

// A one-element range is the constant `start`; longer ranges stay.
// CHECK-LABEL: tt.func @make_range_single(
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<5> : tensor<1xi32>
// CHECK-NEXT:    %[[R:.*]] = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
// CHECK-NEXT:    tt.return %[[C]], %[[R]]
tt.func @make_range_single() -> (tensor<1xi32>, tensor<2xi32>) {
  %0 = tt.make_range {end = 6 : i32, start = 5 : i32} : tensor<1xi32>
  %1 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  tt.return %0, %1 : tensor<1xi32>, tensor<2xi32>
}

// -----

// An all-true mask is dropped (with `other`); cachePolicy and isVolatile are kept.
// CHECK-LABEL: tt.func @load_true_mask(
// CHECK-SAME:    %[[P:[^:]*]]: tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    %[[A:.*]] = tt.load %[[P]] : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    %[[B:.*]] = tt.load %[[P]] {cachePolicy = #tt.cache_policy<cache_modifier = cg, eviction_policy = evict_last>, isVolatile = true} : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return %[[A]], %[[B]]
tt.func @load_true_mask(%p: tensor<64x!tt.ptr<f32>>, %o: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %t = arith.constant dense<true> : tensor<64xi1>
  %0 = tt.load %p, %t : tensor<64x!tt.ptr<f32>>
  %1 = tt.load %p, %t, %o {cachePolicy = #tt.cache_policy<cache_modifier = cg, eviction_policy = evict_last>, isVolatile = true} : tensor<64x!tt.ptr<f32>>
  tt.return %0, %1 : tensor<64xf32>, tensor<64xf32>
}

// -----

// CHECK-LABEL: tt.func @load_scalar_true_mask(
// CHECK-SAME:    %[[P:[^:]*]]: !tt.ptr<f32>
// CHECK-NEXT:    %[[A:.*]] = tt.load %[[P]] : !tt.ptr<f32>
// CHECK-NEXT:    tt.return %[[A]]
tt.func @load_scalar_true_mask(%p: !tt.ptr<f32>) -> f32 {
  %t = arith.constant true
  %0 = tt.load %p, %t : !tt.ptr<f32>
  tt.return %0 : f32
}

// -----

// A load with an all-false mask is its `other`.
// CHECK-LABEL: tt.func @load_false_mask(
// CHECK-SAME:    %[[P:[^:]*]]: tensor<64x!tt.ptr<f32>>, %[[O:[^:]*]]: tensor<64xf32>
// CHECK-NEXT:    tt.return %[[O]]
tt.func @load_false_mask(%p: tensor<64x!tt.ptr<f32>>, %o: tensor<64xf32>) -> tensor<64xf32> {
  %f = arith.constant dense<false> : tensor<64xi1>
  %0 = tt.load %p, %f, %o : tensor<64x!tt.ptr<f32>>
  tt.return %0 : tensor<64xf32>
}

// -----

// Without `other` (undefined result) or when volatile, the load stays.
// CHECK-LABEL: tt.func @load_false_mask_kept(
// CHECK-SAME:    %[[P:[^:]*]]: tensor<64x!tt.ptr<f32>>, %[[O:[^:]*]]: tensor<64xf32>
// CHECK-NEXT:    %[[F:.*]] = arith.constant dense<false> : tensor<64xi1>
// CHECK-NEXT:    %[[A:.*]] = tt.load %[[P]], %[[F]] : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    %[[B:.*]] = tt.load %[[P]], %[[F]], %[[O]] {isVolatile = true} : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return %[[A]], %[[B]]
tt.func @load_false_mask_kept(%p: tensor<64x!tt.ptr<f32>>, %o: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %f = arith.constant dense<false> : tensor<64xi1>
  %0 = tt.load %p, %f : tensor<64x!tt.ptr<f32>>
  %1 = tt.load %p, %f, %o {isVolatile = true} : tensor<64x!tt.ptr<f32>>
  tt.return %0, %1 : tensor<64xf32>, tensor<64xf32>
}

// -----

// Unknown and mixed masks are kept.
// CHECK-LABEL: tt.func @load_unknown_mask(
// CHECK-SAME:    %[[P:[^:]*]]: tensor<2x!tt.ptr<f32>>, %[[M:[^:]*]]: tensor<2xi1>, %[[O:[^:]*]]: tensor<2xf32>
// CHECK-NEXT:    %[[MIX:.*]] = arith.constant dense<[true, false]> : tensor<2xi1>
// CHECK-NEXT:    %[[A:.*]] = tt.load %[[P]], %[[M]], %[[O]] : tensor<2x!tt.ptr<f32>>
// CHECK-NEXT:    %[[B:.*]] = tt.load %[[P]], %[[MIX]], %[[O]] : tensor<2x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return %[[A]], %[[B]]
tt.func @load_unknown_mask(%p: tensor<2x!tt.ptr<f32>>, %m: tensor<2xi1>, %o: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %mix = arith.constant dense<[true, false]> : tensor<2xi1>
  %0 = tt.load %p, %m, %o : tensor<2x!tt.ptr<f32>>
  %1 = tt.load %p, %mix, %o : tensor<2x!tt.ptr<f32>>
  tt.return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// An all-true mask is dropped from a store; its attributes are kept.
// CHECK-LABEL: tt.func @store_true_mask(
// CHECK-SAME:    %[[P:[^:]*]]: tensor<64x!tt.ptr<f32>>, %[[V:[^:]*]]: tensor<64xf32>
// CHECK-NEXT:    tt.store %[[P]], %[[V]] {cachePolicy = #tt.cache_policy<cache_modifier = wb, eviction_policy = evict_first>, ignore_cta} : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @store_true_mask(%p: tensor<64x!tt.ptr<f32>>, %v: tensor<64xf32>) {
  %t = arith.constant dense<true> : tensor<64xi1>
  tt.store %p, %v, %t {cachePolicy = #tt.cache_policy<cache_modifier = wb, eviction_policy = evict_first>, ignore_cta} : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// A store with an all-false mask (tensor or scalar) is erased.
// CHECK-LABEL: tt.func @store_false_mask(
// CHECK-NEXT:    tt.return
tt.func @store_false_mask(%p: tensor<64x!tt.ptr<f32>>, %v: tensor<64xf32>, %q: !tt.ptr<f32>, %s: f32) {
  %f = arith.constant dense<false> : tensor<64xi1>
  %fs = arith.constant false
  tt.store %p, %v, %f : tensor<64x!tt.ptr<f32>>
  tt.store %q, %s, %fs : !tt.ptr<f32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @store_unknown_mask(
// CHECK-SAME:    %[[P:[^:]*]]: tensor<64x!tt.ptr<f32>>, %[[V:[^:]*]]: tensor<64xf32>, %[[M:[^:]*]]: tensor<64xi1>
// CHECK-NEXT:    tt.store %[[P]], %[[V]], %[[M]] : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @store_unknown_mask(%p: tensor<64x!tt.ptr<f32>>, %v: tensor<64xf32>, %m: tensor<64xi1>) {
  tt.store %p, %v, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// split(join(a, b)) is (a, b).
// CHECK-LABEL: tt.func @split_of_join(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<8x4xf32>, %[[B:[^:]*]]: tensor<8x4xf32>
// CHECK-NEXT:    tt.return %[[B]], %[[A]]
tt.func @split_of_join(%a: tensor<8x4xf32>, %b: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0 = tt.join %a, %b : tensor<8x4xf32> -> tensor<8x4x2xf32>
  %l, %r = tt.split %0 : tensor<8x4x2xf32> -> tensor<8x4xf32>
  tt.return %r, %l : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// CHECK-LABEL: tt.func @split_not_of_join(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<8x2xf32>
// CHECK-NEXT:    %[[L:.*]], %{{.*}} = tt.split %[[A]] : tensor<8x2xf32> -> tensor<8xf32>
// CHECK-NEXT:    tt.return %[[L]]
tt.func @split_not_of_join(%a: tensor<8x2xf32>) -> tensor<8xf32> {
  %l, %r = tt.split %a : tensor<8x2xf32> -> tensor<8xf32>
  tt.return %l : tensor<8xf32>
}

// -----

// Unused pure ops and non-volatile loads are erased; a volatile load stays.
// CHECK-LABEL: tt.func @dead_ops(
// CHECK-SAME:    %[[P:[^:]*]]: !tt.ptr<f32>
// CHECK-NEXT:    tt.load %[[P]] {isVolatile = true} : !tt.ptr<f32>
// CHECK-NEXT:    tt.return
tt.func @dead_ops(%x: i32, %p: !tt.ptr<f32>) {
  %0 = tt.splat %x : i32 -> tensor<16xi32>
  %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %2 = tt.load %p : !tt.ptr<f32>
  %3 = tt.load %p {isVolatile = true} : !tt.ptr<f32>
  %4 = tt.get_program_id x : i32
  tt.return
}

// -----

// split(join) folds to the joined operand when the types agree (as Triton's
// canonicalize does); a join that drops the operands' encoding is invalid IR
// ("result encoding must be specified"), so the fold never crosses encodings.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @split_of_join_keeps_encodings
tt.func @split_of_join_keeps_encodings(%x: tensor<128xf32, #b1>) -> tensor<128xf32, #b1> {
  // CHECK-NOT: tt.join
  // CHECK-NOT: tt.split
  // CHECK: tt.return %arg0
  %0 = tt.join %x, %x : tensor<128xf32, #b1> -> tensor<128x2xf32, #b2>
  %l, %r = tt.split %0 : tensor<128x2xf32, #b2> -> tensor<128xf32, #b1>
  tt.return %l : tensor<128xf32, #b1>
}
}

// -----

// An identity reshape that may reorder elements is kept.
// CHECK-LABEL: @reshape_identity_allow_reorder
tt.func @reshape_identity_allow_reorder(%x: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: tt.reshape %{{.*}} allow_reorder
  %0 = tt.reshape %x allow_reorder : tensor<8xf32> -> tensor<8xf32>
  tt.return %0 : tensor<8xf32>
}

// -----

// A constant byte offset that is a whole number of elements becomes an addptr.
// CHECK-LABEL: tt.func @int_to_ptr_of_add_constant(
// CHECK-SAME:    %[[I:[^:]*]]: i64
// CHECK-DAG:     %[[P:.*]] = tt.int_to_ptr %[[I]] : i64 -> !tt.ptr<f16>
// CHECK-DAG:     %[[C:.*]] = arith.constant 3 : i64
// CHECK:         %[[Q:.*]] = tt.addptr %[[P]], %[[C]] : !tt.ptr<f16>, i64
// CHECK-NEXT:    tt.return %[[Q]]
tt.func @int_to_ptr_of_add_constant(%i: i64) -> !tt.ptr<f16> {
  %c = arith.constant 6 : i64
  %0 = arith.addi %i, %c : i64
  %1 = tt.int_to_ptr %0 : i64 -> !tt.ptr<f16>
  tt.return %1 : !tt.ptr<f16>
}

// -----

// An odd byte offset into f16 elements stays as it is.
// CHECK-LABEL: tt.func @int_to_ptr_of_add_unaligned(
// CHECK:         arith.addi
// CHECK-NEXT:    tt.int_to_ptr
tt.func @int_to_ptr_of_add_unaligned(%i: i64) -> !tt.ptr<f16> {
  %c = arith.constant 3 : i64
  %0 = arith.addi %i, %c : i64
  %1 = tt.int_to_ptr %0 : i64 -> !tt.ptr<f16>
  tt.return %1 : !tt.ptr<f16>
}

// -----

// fp_to_fp of a scalar -0.0 folds to -0.0 in the result format; of x to its own type, to x.
// CHECK-LABEL: tt.func @fp_to_fp_neg_zero_scalar(
// CHECK-NEXT:    %[[C:.*]] = arith.constant -0.000000e+00 : f16
// CHECK-NEXT:    tt.return %[[C]], %arg0
tt.func @fp_to_fp_neg_zero_scalar(%x: bf16) -> (f16, bf16) {
  %c = arith.constant -0.0 : f32
  %0 = tt.fp_to_fp %c, rounding = rtne : f32 -> f16
  %1 = tt.fp_to_fp %x : bf16 -> bf16
  tt.return %0, %1 : f16, bf16
}

// -----

// reshape(expand_dims(x)) back to x's type is x; to another shape it stays.
// CHECK-LABEL: tt.func @reshape_of_expand_dims(
// CHECK-NEXT:    %[[E:.*]] = tt.expand_dims %arg0
// CHECK-NEXT:    %[[R:.*]] = tt.reshape %[[E]] : tensor<1x8xf32> -> tensor<2x4xf32>
// CHECK-NEXT:    tt.return %arg0, %[[R]]
tt.func @reshape_of_expand_dims(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<2x4xf32>) {
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
  %1 = tt.reshape %0 : tensor<1x8xf32> -> tensor<8xf32>
  %2 = tt.reshape %0 : tensor<1x8xf32> -> tensor<2x4xf32>
  tt.return %1, %2 : tensor<8xf32>, tensor<2x4xf32>
}

// -----

// expand_dims(broadcast(x)) -> broadcast(expand_dims(x)) also with layouts:
// the new expand_dims takes the inferred layout.
// CHECK-LABEL: tt.func @expand_dims_of_broadcast_with_layout(
// CHECK-NEXT:    %[[E:.*]] = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<1x1xf32, #blocked>
// CHECK-NEXT:    %[[B:.*]] = tt.broadcast %[[E]] : tensor<1x1xf32, #blocked> -> tensor<32x1xf32, #blocked>
// CHECK-NEXT:    tt.return %[[B]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32} {
tt.func @expand_dims_of_broadcast_with_layout(%x: tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> tensor<32x1xf32, #blocked> {
  %0 = tt.broadcast %x : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xf32, #blocked>
  tt.return %1 : tensor<32x1xf32, #blocked>
}
}
