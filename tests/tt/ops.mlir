// Round trip of every `tt` op (custom and generic forms), of both `tt` types and of every enum keyword the assembly formats print.
// RUN: tritium-opt %s | tritium-opt | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s
// RUN: tritium-opt %s | %mlir-opt | FileCheck %s
// RUN: tritium-opt %s --mlir-print-op-generic | tritium-opt | FileCheck %s

// Types: pointers in several address spaces (keywords parse to their numbers,
// 1 is elided), tensors of pointers, descriptors with and without a layout.
// CHECK-LABEL: tt.func @types(
// CHECK-SAME:    %[[G:[^:]*]]: !tt.ptr<f16>, %[[C:[^:]*]]: !tt.ptr<f16, "constant">, %[[D:[^:]*]]: !tt.ptr<i8, "descriptor">, %[[S:[^:]*]]: !tt.ptr<f16, 3>, %[[B:[^:]*]]: !tt.ptr<i1>, %[[H:[^:]*]]: !tt.ptr<bf16>, %[[F8:[^:]*]]: !tt.ptr<f8E5M2>, %[[I4:[^:]*]]: tensor<2x!tt.ptr<i4>>, %[[TS:[^:]*]]: tensor<4x8x!tt.ptr<f64, 3>>, %[[T:[^:]*]]: !tt.tensordesc<64x64xf16>, %[[L:[^:]*]]: !tt.tensordesc<1x128xf16, {swizzle = 128 : i32}>, %[[L2:[^:]*]]: !tt.tensordesc<64xi8, "nvmma">) {
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @types(%g: !tt.ptr<f16, global>, %c: !tt.ptr<f16, "constant">, %d: !tt.ptr<i8, descriptor>, %s: !tt.ptr<f16, 3>, %b: !tt.ptr<i1>, %h: !tt.ptr<bf16, 1>, %f8: !tt.ptr<f8E5M2>, %i4: tensor<2x!tt.ptr<i4>>, %ts: tensor<4x8x!tt.ptr<f64, 3>>, %t: !tt.tensordesc<64x64xf16>, %l: !tt.tensordesc<1x128xf16, {swizzle = 128 : i32}>, %l2: !tt.tensordesc<64xi8, "nvmma">) {
  tt.return
}

// CHECK-LABEL: tt.func @casts(
// CHECK-SAME:    %[[I:[^:]*]]: i64, %[[P:[^:]*]]: !tt.ptr<f32>, %[[F:[^:]*]]: f32, %[[T:[^:]*]]: tensor<128xf32>, %[[F8:[^:]*]]: tensor<128xf8E4M3FN>, %[[PT:[^:]*]]: tensor<128x!tt.ptr<f32>>, %[[IT:[^:]*]]: tensor<128xi64>) {
// CHECK-NEXT:    %{{.*}} = tt.int_to_ptr %[[I]] : i64 -> !tt.ptr<f32>
// CHECK-NEXT:    %{{.*}} = tt.ptr_to_int %[[P]] : !tt.ptr<f32> -> i64
// CHECK-NEXT:    %{{.*}} = tt.int_to_ptr %[[IT]] : tensor<128xi64> -> tensor<128x!tt.ptr<f32>>
// CHECK-NEXT:    %{{.*}} = tt.ptr_to_int %[[PT]] : tensor<128x!tt.ptr<f32>> -> tensor<128xi64>
// CHECK-NEXT:    %{{.*}} = tt.bitcast %[[F]] : f32 -> i32
// CHECK-NEXT:    %{{.*}} = tt.bitcast %[[P]] : !tt.ptr<f32> -> !tt.ptr<i32>
// CHECK-NEXT:    %{{.*}} = tt.bitcast %[[T]] : tensor<128xf32> -> tensor<128xi32>
// CHECK-NEXT:    %{{.*}} = tt.fp_to_fp %[[T]], rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
// CHECK-NEXT:    %{{.*}} = tt.fp_to_fp %[[T]], rounding = rtz : tensor<128xf32> -> tensor<128xf16>
// CHECK-NEXT:    %{{.*}} = tt.fp_to_fp %[[F8]] : tensor<128xf8E4M3FN> -> tensor<128xf32>
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @casts(%i: i64, %p: !tt.ptr<f32>, %f: f32, %t: tensor<128xf32>, %f8: tensor<128xf8E4M3FN>, %pt: tensor<128x!tt.ptr<f32>>, %it: tensor<128xi64>) {
  %0 = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  %1 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %2 = tt.int_to_ptr %it : tensor<128xi64> -> tensor<128x!tt.ptr<f32>>
  %3 = tt.ptr_to_int %pt : tensor<128x!tt.ptr<f32>> -> tensor<128xi64>
  %4 = tt.bitcast %f : f32 -> i32
  %5 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  %6 = tt.bitcast %t : tensor<128xf32> -> tensor<128xi32>
  %7 = tt.fp_to_fp %t, rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
  %8 = tt.fp_to_fp %t, rounding = rtz : tensor<128xf32> -> tensor<128xf16>
  %9 = tt.fp_to_fp %f8 : tensor<128xf8E4M3FN> -> tensor<128xf32>
  tt.return
}

// CHECK-LABEL: tt.func @elementwise(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<128xf32>, %[[Y:[^:]*]]: tensor<128xf32>, %[[A:[^:]*]]: i32, %[[B:[^:]*]]: tensor<128xi32>, %[[F:[^:]*]]: f64, %[[P:[^:]*]]: tensor<128x!tt.ptr<f32>>, %[[Q:[^:]*]]: !tt.ptr<f16, 3>) {
// CHECK-NEXT:    %{{.*}} = tt.clampf %[[X]], %[[Y]], %[[Y]], propagateNan = none : tensor<128xf32>
// CHECK-NEXT:    %{{.*}} = tt.clampf %[[X]], %[[Y]], %[[Y]], propagateNan = all : tensor<128xf32>
// CHECK-NEXT:    %{{.*}} = tt.precise_sqrt %[[X]] : tensor<128xf32>
// CHECK-NEXT:    %{{.*}} = tt.precise_sqrt %[[F]] : f64
// CHECK-NEXT:    %{{.*}} = tt.precise_divf %[[X]], %[[Y]] : tensor<128xf32>
// CHECK-NEXT:    %{{.*}} = tt.approx_divf %[[X]], %[[Y]] : tensor<128xf32>
// CHECK-NEXT:    %{{.*}} = tt.mulhiui %[[A]], %[[A]] : i32
// CHECK-NEXT:    %{{.*}} = tt.mulhiui %[[B]], %[[B]] : tensor<128xi32>
// CHECK-NEXT:    %{{.*}} = tt.addptr %[[P]], %[[B]] : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
// CHECK-NEXT:    %{{.*}} = tt.addptr %[[Q]], %[[A]] : !tt.ptr<f16, 3>, i32
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @elementwise(%x: tensor<128xf32>, %y: tensor<128xf32>, %a: i32, %b: tensor<128xi32>, %f: f64, %p: tensor<128x!tt.ptr<f32>>, %q: !tt.ptr<f16, 3>) {
  %0 = tt.clampf %x, %y, %y, propagateNan = none : tensor<128xf32>
  %1 = tt.clampf %x, %y, %y, propagateNan = all : tensor<128xf32>
  %2 = tt.precise_sqrt %x : tensor<128xf32>
  %3 = tt.precise_sqrt %f : f64
  %4 = tt.precise_divf %x, %y : tensor<128xf32>
  %5 = tt.approx_divf %x, %y : tensor<128xf32>
  %6 = tt.mulhiui %a, %a : i32
  %7 = tt.mulhiui %b, %b : tensor<128xi32>
  %8 = tt.addptr %p, %b : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %9 = tt.addptr %q, %a : !tt.ptr<f16, 3>, i32
  tt.return
}

// CHECK-LABEL: tt.func @memory(
// CHECK-SAME:    %[[P:[^:]*]]: tensor<128x!tt.ptr<f32>>, %[[M:[^:]*]]: tensor<128xi1>, %[[O:[^:]*]]: tensor<128xf32>, %[[S:[^:]*]]: !tt.ptr<f16, 3>, %[[C:[^:]*]]: i1) {
// CHECK-NEXT:    %{{.*}} = tt.load %[[P]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT:    %{{.*}} = tt.load %[[P]], %[[M]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT:    %{{.*}} = tt.load %[[P]], %[[M]], %[[O]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT:    %{{.*}} = tt.load %[[P]] {cachePolicy = #tt.cache_policy<cache_modifier = ca, eviction_policy = evict_last>, isVolatile = true} : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT:    %[[V4:.*]] = tt.load %[[S]] : !tt.ptr<f16, 3>
// CHECK-NEXT:    tt.store %[[P]], %[[O]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT:    tt.store %[[P]], %[[O]], %[[M]] {cachePolicy = #tt.cache_policy<cache_modifier = wb, eviction_policy = evict_first>, ignore_cta} : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT:    tt.store %[[S]], %[[V4]], %[[C]] : !tt.ptr<f16, 3>
// CHECK-NEXT:    tt.grid_dependency_wait
// CHECK-NEXT:    tt.grid_dependency_launch_dependents
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @memory(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<128xf32>, %s: !tt.ptr<f16, 3>, %c: i1) {
  %0 = tt.load %p : tensor<128x!tt.ptr<f32>>
  %1 = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
  %2 = tt.load %p, %m, %o : tensor<128x!tt.ptr<f32>>
  %3 = tt.load %p {cachePolicy = #tt.cache_policy<cache_modifier = ca, eviction_policy = evict_last>, isVolatile = true} : tensor<128x!tt.ptr<f32>>
  %4 = tt.load %s {isVolatile = false} : !tt.ptr<f16, 3>
  tt.store %p, %o : tensor<128x!tt.ptr<f32>>
  tt.store %p, %o, %m {cachePolicy = #tt.cache_policy<cache_modifier = wb, eviction_policy = evict_first>, ignore_cta} : tensor<128x!tt.ptr<f32>>
  tt.store %s, %4, %c : !tt.ptr<f16, 3>
  tt.grid_dependency_wait
  tt.grid_dependency_launch_dependents
  tt.return
}

// Every cache modifier and eviction policy keyword of #tt.cache_policy.
// CHECK-LABEL: tt.func @cache_policies(
// CHECK-SAME:    %[[P:[^:]*]]: !tt.ptr<f32>, %[[V:[^:]*]]: f32) {
// CHECK-NEXT:    %{{.*}} = tt.load %[[P]] {cachePolicy = #tt.cache_policy<cache_modifier = none, eviction_policy = evict_normal>} : !tt.ptr<f32>
// CHECK-NEXT:    %{{.*}} = tt.load %[[P]] {cachePolicy = #tt.cache_policy<cache_modifier = cg, eviction_policy = evict_normal>} : !tt.ptr<f32>
// CHECK-NEXT:    %{{.*}} = tt.load %[[P]] {cachePolicy = #tt.cache_policy<cache_modifier = cs, eviction_policy = evict_last>} : !tt.ptr<f32>
// CHECK-NEXT:    %{{.*}} = tt.load %[[P]] {cachePolicy = #tt.cache_policy<cache_modifier = cv, eviction_policy = evict_first>} : !tt.ptr<f32>
// CHECK-NEXT:    tt.store %[[P]], %[[V]] {cachePolicy = #tt.cache_policy<cache_modifier = wt, eviction_policy = evict_normal>} : !tt.ptr<f32>
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @cache_policies(%p: !tt.ptr<f32>, %v: f32) {
  %0 = tt.load %p {cachePolicy = #tt.cache_policy<cache_modifier = none, eviction_policy = evict_normal>} : !tt.ptr<f32>
  %1 = tt.load %p {cachePolicy = #tt.cache_policy<cache_modifier = cg, eviction_policy = evict_normal>} : !tt.ptr<f32>
  %2 = tt.load %p {cachePolicy = #tt.cache_policy<cache_modifier = cs, eviction_policy = evict_last>} : !tt.ptr<f32>
  %3 = tt.load %p {cachePolicy = #tt.cache_policy<cache_modifier = cv, eviction_policy = evict_first>} : !tt.ptr<f32>
  tt.store %p, %v {cachePolicy = #tt.cache_policy<cache_modifier = wt, eviction_policy = evict_normal>} : !tt.ptr<f32>
  tt.return
}

// Every memory semantic, scope and read-modify-write kind.
// CHECK-LABEL: tt.func @atomics(
// CHECK-SAME:    %[[P:[^:]*]]: !tt.ptr<i32>, %[[V:[^:]*]]: i32, %[[C:[^:]*]]: i1, %[[PT:[^:]*]]: tensor<64x!tt.ptr<f32>>, %[[VT:[^:]*]]: tensor<64xf32>, %[[MT:[^:]*]]: tensor<64xi1>, %[[TO:[^:]*]]: i64) {
// CHECK-NEXT:    %{{.*}} = tt.atomic_load relaxed, gpu, %[[P]] : (!tt.ptr<i32>) -> i32
// CHECK-NEXT:    %{{.*}} = tt.atomic_load acquire, cta, %[[P]], %[[C]] : (!tt.ptr<i32>, i1) -> i32
// CHECK-NEXT:    tt.atomic_store release, sys, %[[P]], %[[V]] : !tt.ptr<i32>
// CHECK-NEXT:    tt.atomic_store relaxed, gpu, %[[P]], %[[V]], %[[C]] : !tt.ptr<i32>
// CHECK-NEXT:    %{{.*}} = tt.atomic_poll acquire, gpu, %[[P]], %[[V]] : !tt.ptr<i32>, i32 -> i1
// CHECK-NEXT:    %{{.*}} = tt.atomic_poll relaxed, sys, %[[P]], %[[V]] timeout %[[TO]] : !tt.ptr<i32>, i32 -> i1
// CHECK-NEXT:    %{{.*}} = tt.atomic_rmw and, acq_rel, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %{{.*}} = tt.atomic_rmw or, acq_rel, gpu, %[[P]], %[[V]], %[[C]] : (!tt.ptr<i32>, i32, i1) -> i32
// CHECK-NEXT:    %{{.*}} = tt.atomic_rmw xor, relaxed, cta, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %{{.*}} = tt.atomic_rmw add, acquire, sys, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %{{.*}} = tt.atomic_rmw fadd, release, gpu, %[[PT]], %[[VT]], %[[MT]] : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
// CHECK-NEXT:    %{{.*}} = tt.atomic_rmw max, acq_rel, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %{{.*}} = tt.atomic_rmw min, acq_rel, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %{{.*}} = tt.atomic_rmw umax, acq_rel, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %{{.*}} = tt.atomic_rmw umin, acq_rel, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %{{.*}} = tt.atomic_rmw exch, acq_rel, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:    %{{.*}} = tt.atomic_cas acq_rel, gpu, %[[P]], %[[V]], %[[V]] : (!tt.ptr<i32>, i32, i32) -> i32
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @atomics(%p: !tt.ptr<i32>, %v: i32, %c: i1, %pt: tensor<64x!tt.ptr<f32>>, %vt: tensor<64xf32>, %mt: tensor<64xi1>, %to: i64) {
  %0 = tt.atomic_load relaxed, gpu, %p : (!tt.ptr<i32>) -> i32
  %1 = tt.atomic_load acquire, cta, %p, %c : (!tt.ptr<i32>, i1) -> i32
  tt.atomic_store release, sys, %p, %v : !tt.ptr<i32>
  tt.atomic_store relaxed, gpu, %p, %v, %c : !tt.ptr<i32>
  %2 = tt.atomic_poll acquire, gpu, %p, %v : !tt.ptr<i32>, i32 -> i1
  %3 = tt.atomic_poll relaxed, sys, %p, %v timeout %to : !tt.ptr<i32>, i32 -> i1
  %4 = tt.atomic_rmw and, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  %5 = tt.atomic_rmw or, acq_rel, gpu, %p, %v, %c : (!tt.ptr<i32>, i32, i1) -> i32
  %6 = tt.atomic_rmw xor, relaxed, cta, %p, %v : (!tt.ptr<i32>, i32) -> i32
  %7 = tt.atomic_rmw add, acquire, sys, %p, %v : (!tt.ptr<i32>, i32) -> i32
  %8 = tt.atomic_rmw fadd, release, gpu, %pt, %vt, %mt : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
  %9 = tt.atomic_rmw max, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  %10 = tt.atomic_rmw min, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  %11 = tt.atomic_rmw umax, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  %12 = tt.atomic_rmw umin, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  %13 = tt.atomic_rmw exch, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  %14 = tt.atomic_cas acq_rel, gpu, %p, %v, %v : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}

// CHECK-LABEL: tt.func @shapes(
// CHECK-SAME:    %[[X:[^:]*]]: i32, %[[ONE:[^:]*]]: tensor<1x1xf32>, %[[A:[^:]*]]: tensor<128xi32>, %[[B:[^:]*]]: tensor<64x32xf32>, %[[C:[^:]*]]: tensor<32x32xf32>, %[[D:[^:]*]]: tensor<1x32xi32>, %[[E:[^:]*]]: tensor<2x4x8xf16>, %[[P:[^:]*]]: !tt.ptr<f32>) {
// CHECK-NEXT:    %{{.*}} = tt.splat %[[X]] : i32 -> tensor<128xi32>
// CHECK-NEXT:    %{{.*}} = tt.splat %[[P]] : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
// CHECK-NEXT:    %{{.*}} = tt.unsplat %[[ONE]] : tensor<1x1xf32>
// CHECK-NEXT:    %{{.*}} = tt.expand_dims %[[A]] {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
// CHECK-NEXT:    %{{.*}} = tt.expand_dims %[[A]] {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
// CHECK-NEXT:    %{{.*}} = tt.reshape %[[B]] : tensor<64x32xf32> -> tensor<2x32x32xf32>
// CHECK-NEXT:    %{{.*}} = tt.reshape %[[B]] allow_reorder : tensor<64x32xf32> -> tensor<2048xf32>
// CHECK-NEXT:    %{{.*}} = tt.reshape %[[B]] efficient_layout : tensor<64x32xf32> -> tensor<2048xf32>
// CHECK-NEXT:    %{{.*}} = tt.reshape %[[B]] allow_reorder efficient_layout : tensor<64x32xf32> -> tensor<32x64xf32>
// CHECK-NEXT:    %{{.*}} = tt.broadcast %[[D]] : tensor<1x32xi32> -> tensor<128x32xi32>
// CHECK-NEXT:    %{{.*}} = tt.cat %[[C]], %[[C]] : tensor<32x32xf32> -> tensor<64x32xf32>
// CHECK-NEXT:    %[[V11:.*]] = tt.join %[[C]], %[[C]] : tensor<32x32xf32> -> tensor<32x32x2xf32>
// CHECK-NEXT:    %{{.*}}, %{{.*}} = tt.split %[[V11]] : tensor<32x32x2xf32> -> tensor<32x32xf32>
// CHECK-NEXT:    %{{.*}} = tt.trans %[[B]] {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
// CHECK-NEXT:    %{{.*}} = tt.trans %[[E]] {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf16> -> tensor<8x2x4xf16>
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @shapes(%x: i32, %one: tensor<1x1xf32>, %a: tensor<128xi32>, %b: tensor<64x32xf32>, %c: tensor<32x32xf32>, %d: tensor<1x32xi32>, %e: tensor<2x4x8xf16>, %p: !tt.ptr<f32>) {
  %0 = tt.splat %x : i32 -> tensor<128xi32>
  %1 = tt.splat %p : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %2 = tt.unsplat %one : tensor<1x1xf32>
  %3 = tt.expand_dims %a {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %4 = tt.expand_dims %a {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %5 = tt.reshape %b : tensor<64x32xf32> -> tensor<2x32x32xf32>
  %6 = tt.reshape %b allow_reorder : tensor<64x32xf32> -> tensor<2048xf32>
  %7 = tt.reshape %b efficient_layout : tensor<64x32xf32> -> tensor<2048xf32>
  %8 = tt.reshape %b allow_reorder efficient_layout : tensor<64x32xf32> -> tensor<32x64xf32>
  %9 = tt.broadcast %d : tensor<1x32xi32> -> tensor<128x32xi32>
  %10 = tt.cat %c, %c : tensor<32x32xf32> -> tensor<64x32xf32>
  %11 = tt.join %c, %c : tensor<32x32xf32> -> tensor<32x32x2xf32>
  %lhs, %rhs = tt.split %11 : tensor<32x32x2xf32> -> tensor<32x32xf32>
  %12 = tt.trans %b {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  %13 = tt.trans %e {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf16> -> tensor<8x2x4xf16>
  tt.return
}

// CHECK-LABEL: tt.func @grid(
// CHECK-SAME:    ) {
// CHECK-NEXT:    %{{.*}} = tt.get_program_id x : i32
// CHECK-NEXT:    %{{.*}} = tt.get_program_id y : i32
// CHECK-NEXT:    %{{.*}} = tt.get_program_id z : i32
// CHECK-NEXT:    %{{.*}} = tt.get_num_programs x : i32
// CHECK-NEXT:    %{{.*}} = tt.get_num_programs y : i32
// CHECK-NEXT:    %{{.*}} = tt.get_num_programs z : i32
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @grid() {
  %0 = tt.get_program_id x : i32
  %1 = tt.get_program_id y : i32
  %2 = tt.get_program_id z : i32
  %3 = tt.get_num_programs x : i32
  %4 = tt.get_num_programs y : i32
  %5 = tt.get_num_programs z : i32
  tt.return
}

// Every input precision; `ieee` is the default and is not printed.
// CHECK-LABEL: tt.func @dots(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<128x32xf16>, %[[B:[^:]*]]: tensor<32x128xf16>, %[[C:[^:]*]]: tensor<128x128xf32>, %[[AI:[^:]*]]: tensor<16x32xi8>, %[[BI:[^:]*]]: tensor<32x16xi8>, %[[CI:[^:]*]]: tensor<16x16xi32>, %[[A3:[^:]*]]: tensor<2x16x32xf32>, %[[B3:[^:]*]]: tensor<2x32x16xf32>, %[[C3:[^:]*]]: tensor<2x16x16xf32>) {
// CHECK-NEXT:    %{{.*}} = tt.dot %[[A]], %[[B]], %[[C]] : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
// CHECK-NEXT:    %{{.*}} = tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
// CHECK-NEXT:    %{{.*}} = tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = tf32x3 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
// CHECK-NEXT:    %{{.*}} = tt.dot %[[A]], %[[B]], %[[C]] : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
// CHECK-NEXT:    %{{.*}} = tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = bf16x3 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
// CHECK-NEXT:    %{{.*}} = tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = bf16x6 {maxNumImpreciseAcc = 32 : i32} : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
// CHECK-NEXT:    %{{.*}} = tt.dot %[[AI]], %[[BI]], %[[CI]] : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>
// CHECK-NEXT:    %{{.*}} = tt.dot %[[A3]], %[[B3]], %[[C3]] : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @dots(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>, %ai: tensor<16x32xi8>, %bi: tensor<32x16xi8>, %ci: tensor<16x16xi32>, %a3: tensor<2x16x32xf32>, %b3: tensor<2x32x16xf32>, %c3: tensor<2x16x16xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  %1 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  %2 = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  %3 = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  %4 = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  %5 = tt.dot %a, %b, %c, inputPrecision = bf16x6 {maxNumImpreciseAcc = 32 : i32} : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  %6 = tt.dot %ai, %bi, %ci : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>
  %7 = tt.dot %a3, %b3, %c3 : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
  tt.return
}

// Every scaled-dot element type, with and without scales.
// CHECK-LABEL: tt.func @dot_scaled(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<128x32xi8>, %[[SA:[^:]*]]: tensor<128x2xi8>, %[[B:[^:]*]]: tensor<64x128xf8E4M3FN>, %[[SB:[^:]*]]: tensor<128x2xi8>, %[[C:[^:]*]]: tensor<128x128xf32>, %[[H:[^:]*]]: tensor<128x64xbf16>, %[[HB:[^:]*]]: tensor<64x128xf16>, %[[E5:[^:]*]]: tensor<64x128xf8E5M2>, %[[A6:[^:]*]]: tensor<128x64xi8>) {
// CHECK-NEXT:    %{{.*}} = tt.dot_scaled %[[A]] scale %[[SA]], %[[B]] scale %[[SB]], %[[C]] lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
// CHECK-NEXT:    %{{.*}} = tt.dot_scaled %[[H]], %[[E5]] scale %[[SB]], %[[C]] lhs = bf16 rhs = e5m2 {fastMath = true} : tensor<128x64xbf16> * tensor<64x128xf8E5M2>, tensor<128x2xi8> -> tensor<128x128xf32>
// CHECK-NEXT:    %{{.*}} = tt.dot_scaled %[[H]], %[[HB]], %[[C]] lhs = bf16 rhs = fp16 {fastMath = false, lhs_k_pack = false} : tensor<128x64xbf16> * tensor<64x128xf16> -> tensor<128x128xf32>
// CHECK-NEXT:    %{{.*}} = tt.dot_scaled %[[A6]] scale %[[SA]], %[[B]], %[[C]] lhs = e2m3 rhs = e4m3 {fastMath = false} : tensor<128x64xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
// CHECK-NEXT:    %{{.*}} = tt.dot_scaled %[[A6]] scale %[[SA]], %[[B]], %[[C]] lhs = e3m2 rhs = e4m3 {fastMath = false, rhs_k_pack = false} : tensor<128x64xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @dot_scaled(%a: tensor<128x32xi8>, %sa: tensor<128x2xi8>, %b: tensor<64x128xf8E4M3FN>, %sb: tensor<128x2xi8>, %c: tensor<128x128xf32>, %h: tensor<128x64xbf16>, %hb: tensor<64x128xf16>, %e5: tensor<64x128xf8E5M2>, %a6: tensor<128x64xi8>) {
  %0 = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  %1 = tt.dot_scaled %h, %e5 scale %sb, %c lhs = bf16 rhs = e5m2 {fastMath = true} : tensor<128x64xbf16> * tensor<64x128xf8E5M2>, tensor<128x2xi8> -> tensor<128x128xf32>
  %2 = tt.dot_scaled %h, %hb, %c lhs = bf16 rhs = fp16 {fastMath = false, lhs_k_pack = false, rhs_k_pack = true} : tensor<128x64xbf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  %3 = tt.dot_scaled %a6 scale %sa, %b, %c lhs = e2m3 rhs = e4m3 {fastMath = false} : tensor<128x64xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  %4 = tt.dot_scaled %a6 scale %sa, %b, %c lhs = e3m2 rhs = e4m3 {fastMath = false, rhs_k_pack = false} : tensor<128x64xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// The region ops print in generic form, as Triton prints them.
// CHECK-LABEL: tt.func @regions(
// CHECK-SAME:    %[[T:[^:]*]]: tensor<256xf32>, %[[U:[^:]*]]: tensor<4x256xf32>, %[[I:[^:]*]]: tensor<4x256xi32>) -> f32 {
// CHECK-NEXT:    %[[V0:.*]] = "tt.reduce"(%[[T]]) <{axis = 0 : i32}> ({
// CHECK-NEXT:    ^bb0(%[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      tt.reduce.return %[[S]] : f32
// CHECK-NEXT:    }) : (tensor<256xf32>) -> f32
// CHECK-NEXT:    %{{.*}}:2 = "tt.reduce"(%[[U]], %[[I]]) <{axis = 1 : i32}> ({
// CHECK-NEXT:    ^bb0(%[[A:[^:]*]]: f32, %[[AI:[^:]*]]: i32, %[[B:[^:]*]]: f32, %[[BI:[^:]*]]: i32):
// CHECK-NEXT:      %[[LT:.*]] = arith.cmpf olt, %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[M:.*]] = arith.select %[[LT]], %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[MI:.*]] = arith.select %[[LT]], %[[AI]], %[[BI]] : i32
// CHECK-NEXT:      tt.reduce.return %[[M]], %[[MI]] : f32, i32
// CHECK-NEXT:    }) : (tensor<4x256xf32>, tensor<4x256xi32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK-NEXT:    %{{.*}} = "tt.scan"(%[[T]]) <{axis = 0 : i32, reverse = false}> ({
// CHECK-NEXT:    ^bb0(%[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      tt.scan.return %[[S]] : f32
// CHECK-NEXT:    }) : (tensor<256xf32>) -> tensor<256xf32>
// CHECK-NEXT:    %{{.*}}:2 = "tt.scan"(%[[U]], %[[I]]) <{axis = 1 : i32, reverse = true}> ({
// CHECK-NEXT:    ^bb0(%[[A:[^:]*]]: f32, %[[AI:[^:]*]]: i32, %[[B:[^:]*]]: f32, %[[BI:[^:]*]]: i32):
// CHECK-NEXT:      %[[S:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[SI:.*]] = arith.addi %[[AI]], %[[BI]] : i32
// CHECK-NEXT:      tt.scan.return %[[S]], %[[SI]] : f32, i32
// CHECK-NEXT:    }) : (tensor<4x256xf32>, tensor<4x256xi32>) -> (tensor<4x256xf32>, tensor<4x256xi32>)
// CHECK-NEXT:    %{{.*}} = "tt.map_elementwise"(%[[T]]) <{pack = 1 : i32}> ({
// CHECK-NEXT:    ^bb0(%[[A:[^:]*]]: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[A]] : f32
// CHECK-NEXT:      tt.map_elementwise.return %[[S]] : f32
// CHECK-NEXT:    }) : (tensor<256xf32>) -> tensor<256xf32>
// CHECK-NEXT:    %{{.*}} = "tt.map_elementwise"(%[[U]], %[[I]]) <{pack = 2 : i32}> ({
// CHECK-NEXT:    ^bb0(%[[A0:[^:]*]]: f32, %[[A1:[^:]*]]: f32, %[[B0:[^:]*]]: i32, %[[B1:[^:]*]]: i32):
// CHECK-NEXT:      tt.map_elementwise.return %[[B0]], %[[B1]] : i32, i32
// CHECK-NEXT:    }) : (tensor<4x256xf32>, tensor<4x256xi32>) -> tensor<4x256xi32>
// CHECK-NEXT:    tt.return %[[V0]] : f32
// CHECK-NEXT:  }
tt.func @regions(%t: tensor<256xf32>, %u: tensor<4x256xf32>, %i: tensor<4x256xi32>) -> f32 {
  %0 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<256xf32>) -> f32
  %1:2 = "tt.reduce"(%u, %i) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %lt = arith.cmpf olt, %a, %b : f32
    %m = arith.select %lt, %a, %b : f32
    %mi = arith.select %lt, %ai, %bi : i32
    tt.reduce.return %m, %mi : f32, i32
  }) : (tensor<4x256xf32>, tensor<4x256xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  %2 = "tt.scan"(%t) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<256xf32>) -> tensor<256xf32>
  %3:2 = "tt.scan"(%u, %i) <{axis = 1 : i32, reverse = true}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %s = arith.mulf %a, %b : f32
    %si = arith.addi %ai, %bi : i32
    tt.scan.return %s, %si : f32, i32
  }) : (tensor<4x256xf32>, tensor<4x256xi32>) -> (tensor<4x256xf32>, tensor<4x256xi32>)
  %4 = "tt.map_elementwise"(%t) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %s = arith.addf %a, %a : f32
    tt.map_elementwise.return %s : f32
  }) : (tensor<256xf32>) -> tensor<256xf32>
  %5 = "tt.map_elementwise"(%u, %i) <{pack = 2 : i32}> ({
  ^bb0(%a0: f32, %a1: f32, %b0: i32, %b1: i32):
    tt.map_elementwise.return %b0, %b1 : i32, i32
  }) : (tensor<4x256xf32>, tensor<4x256xi32>) -> tensor<4x256xi32>
  tt.return %0 : f32
}

// CHECK-LABEL: tt.func @misc(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<128xf32>, %[[I:[^:]*]]: tensor<128xi32>, %[[M:[^:]*]]: tensor<128xi1>, %[[H:[^:]*]]: tensor<1024xi32>, %[[SRC:[^:]*]]: tensor<128x4xf32>, %[[IDX:[^:]*]]: tensor<256x4xi32>, %[[C:[^:]*]]: i1, %[[S:[^:]*]]: i32) {
// CHECK-NEXT:    %{{.*}} = tt.extern_elementwise %[[X]] {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<128xf32>) -> tensor<128xf32>
// CHECK-NEXT:    %{{.*}} = tt.extern_elementwise %[[X]], %[[X]] {libname = "libdevice", libpath = "/path/libdevice.bc", pure = false, symbol = "__nv_powf"} : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
// CHECK-NEXT:    %{{.*}} = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
// CHECK-NEXT:    %{{.*}} = tt.make_range {end = 48 : i32, start = 16 : i32} : tensor<32xi32>
// CHECK-NEXT:    %{{.*}} = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %[[I]] : tensor<128xi32> -> tensor<128xi32>
// CHECK-NEXT:    %{{.*}}:2 = tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $3;" {constraints = "=r,=r,r,r", packed_element = 2 : i32, pure = false} %[[I]], %[[X]] : tensor<128xi32>, tensor<128xf32> -> tensor<128xi32>, tensor<128xf32>
// CHECK-NEXT:    %{{.*}} = tt.elementwise_inline_asm "mov.u32 $0, %clock;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
// CHECK-NEXT:    %{{.*}} = tt.histogram %[[H]] : tensor<1024xi32> -> tensor<64xi32>
// CHECK-NEXT:    %{{.*}} = tt.histogram %[[I]], %[[M]] : tensor<128xi32> -> tensor<16xi32>
// CHECK-NEXT:    %{{.*}} = tt.gather %[[SRC]][%[[IDX]]] {axis = 0 : i32} : (tensor<128x4xf32>, tensor<256x4xi32>) -> tensor<256x4xf32>
// CHECK-NEXT:    %{{.*}} = tt.gather %[[SRC]][%[[IDX]]] {axis = 0 : i32, efficient_layout} : (tensor<128x4xf32>, tensor<256x4xi32>) -> tensor<256x4xf32>
// CHECK-NEXT:    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %[[I]] : tensor<128xi32>
// CHECK-NEXT:    tt.print " pair: " {hex = true, isSigned = array<i32: 1, 0>} : %[[S]], %[[X]] : i32, tensor<128xf32>
// CHECK-NEXT:    tt.print "hello" {hex = false, isSigned = array<i32>}
// CHECK-NEXT:    tt.assert %[[M]], "index out of bounds" : tensor<128xi1>
// CHECK-NEXT:    tt.assert %[[C]], "scalar" : i1
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @misc(%x: tensor<128xf32>, %i: tensor<128xi32>, %m: tensor<128xi1>, %h: tensor<1024xi32>, %src: tensor<128x4xf32>, %idx: tensor<256x4xi32>, %c: i1, %s: i32) {
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<128xf32>) -> tensor<128xf32>
  %1 = tt.extern_elementwise %x, %x {libname = "libdevice", libpath = "/path/libdevice.bc", pure = false, symbol = "__nv_powf"} : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
  %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %3 = tt.make_range {end = 48 : i32, start = 16 : i32} : tensor<32xi32>
  %4 = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<128xi32> -> tensor<128xi32>
  %5:2 = tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $3;" {constraints = "=r,=r,r,r", packed_element = 2 : i32, pure = false} %i, %x : tensor<128xi32>, tensor<128xf32> -> tensor<128xi32>, tensor<128xf32>
  %6 = tt.elementwise_inline_asm "mov.u32 $0, %clock;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
  %7 = tt.histogram %h : tensor<1024xi32> -> tensor<64xi32>
  %8 = tt.histogram %i, %m : tensor<128xi32> -> tensor<16xi32>
  %9 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x4xf32>, tensor<256x4xi32>) -> tensor<256x4xf32>
  %10 = tt.gather %src[%idx] {axis = 0 : i32, efficient_layout} : (tensor<128x4xf32>, tensor<256x4xi32>) -> tensor<256x4xf32>
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %i : tensor<128xi32>
  tt.print " pair: " {hex = true, isSigned = array<i32: 1, 0>} : %s, %x : i32, tensor<128xf32>
  tt.print "hello" {hex = false, isSigned = array<i32>}
  tt.assert %m, "index out of bounds" : tensor<128xi1>
  tt.assert %c, "scalar" : i1
  tt.return
}

// Descriptors: `padding` is printed in the attr-dict only when not `zero` (1);
// every descriptor_reduce kind; i16 and i32 gather offsets; a layout.
// CHECK-LABEL: tt.func @descriptors(
// CHECK-SAME:    %[[P:[^:]*]]: !tt.ptr<f16>, %[[Q:[^:]*]]: !tt.ptr<f32>, %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[S:[^:]*]]: i64, %[[ONE:[^:]*]]: i64, %[[R:[^:]*]]: tensor<32xi32>, %[[R16:[^:]*]]: tensor<32xi16>, %[[V:[^:]*]]: tensor<64x64xf16>, %[[W:[^:]*]]: tensor<64x64xf32>, %[[G:[^:]*]]: tensor<32x128xf16>) {
// CHECK-NEXT:    %[[D:.*]] = tt.make_tensor_descriptor %[[P]], [%[[M]], %[[N]]], [%[[S]], %[[ONE]]] : <f16>, <64x64xf16>
// CHECK-NEXT:    %[[D2:.*]] = tt.make_tensor_descriptor %[[Q]], [%[[M]], %[[N]]], [%[[S]], %[[ONE]]] {padding = 2 : i32} : <f32>, <64x64xf32>
// CHECK-NEXT:    %[[D3:.*]] = tt.make_tensor_descriptor %[[P]], [%[[M]], %[[N]]], [%[[S]], %[[ONE]]] : <f16>, <1x128xf16>
// CHECK-NEXT:    %[[D4:.*]] = tt.make_tensor_descriptor %[[P]], [%[[N]]], [%[[ONE]]] : <f16>, <64xf16, "swizzle">
// CHECK-NEXT:    %{{.*}} = tt.descriptor_load %[[D]][%[[M]], %[[N]]] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16>
// CHECK-NEXT:    %{{.*}} = tt.descriptor_load %[[D]][%[[M]], %[[N]]] {cachePolicy = #tt.cache_policy<cache_modifier = cg, eviction_policy = evict_first>} : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16>
// CHECK-NEXT:    %{{.*}} = tt.descriptor_load %[[D4]][%[[N]]] : !tt.tensordesc<64xf16, "swizzle"> -> tensor<64xf16>
// CHECK-NEXT:    tt.descriptor_store %[[D]][%[[M]], %[[N]]], %[[V]] : !tt.tensordesc<64x64xf16>, tensor<64x64xf16>
// CHECK-NEXT:    tt.descriptor_reduce add, %[[D2]][%[[M]], %[[N]]], %[[W]] : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
// CHECK-NEXT:    tt.descriptor_reduce min, %[[D2]][%[[M]], %[[N]]], %[[W]] : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
// CHECK-NEXT:    tt.descriptor_reduce max, %[[D2]][%[[M]], %[[N]]], %[[W]] : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
// CHECK-NEXT:    tt.descriptor_reduce inc, %[[D2]][%[[M]], %[[N]]], %[[W]] : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
// CHECK-NEXT:    tt.descriptor_reduce dec, %[[D2]][%[[M]], %[[N]]], %[[W]] : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
// CHECK-NEXT:    tt.descriptor_reduce and, %[[D2]][%[[M]], %[[N]]], %[[W]] : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
// CHECK-NEXT:    tt.descriptor_reduce or, %[[D2]][%[[M]], %[[N]]], %[[W]] : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
// CHECK-NEXT:    tt.descriptor_reduce xor, %[[D2]][%[[M]], %[[N]]], %[[W]] : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
// CHECK-NEXT:    %{{.*}} = tt.descriptor_gather %[[D3]][%[[R]], %[[N]]] : (!tt.tensordesc<1x128xf16>, tensor<32xi32>, i32) -> tensor<32x128xf16>
// CHECK-NEXT:    %{{.*}} = tt.descriptor_gather %[[D3]][%[[R16]], %[[N]]] : (!tt.tensordesc<1x128xf16>, tensor<32xi16>, i32) -> tensor<32x128xf16>
// CHECK-NEXT:    tt.descriptor_scatter %[[D3]][%[[R]], %[[N]]], %[[G]] : !tt.tensordesc<1x128xf16>, tensor<32xi32>, i32, tensor<32x128xf16>
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @descriptors(%p: !tt.ptr<f16>, %q: !tt.ptr<f32>, %m: i32, %n: i32, %s: i64, %one: i64, %r: tensor<32xi32>, %r16: tensor<32xi16>, %v: tensor<64x64xf16>, %w: tensor<64x64xf32>, %g: tensor<32x128xf16>) {
  %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %one] : <f16>, <64x64xf16>
  %d2 = tt.make_tensor_descriptor %q, [%m, %n], [%s, %one] {padding = 2 : i32} : <f32>, <64x64xf32>
  %d3 = tt.make_tensor_descriptor %p, [%m, %n], [%s, %one] {padding = 1 : i32} : <f16>, <1x128xf16>
  %d4 = tt.make_tensor_descriptor %p, [%n], [%one] : <f16>, <64xf16, "swizzle">
  %0 = tt.descriptor_load %d[%m, %n] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16>
  %1 = tt.descriptor_load %d[%m, %n] {cachePolicy = #tt.cache_policy<cache_modifier = cg, eviction_policy = evict_first>} : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16>
  %2 = tt.descriptor_load %d4[%n] : !tt.tensordesc<64xf16, "swizzle"> -> tensor<64xf16>
  tt.descriptor_store %d[%m, %n], %v : !tt.tensordesc<64x64xf16>, tensor<64x64xf16>
  tt.descriptor_reduce add, %d2[%m, %n], %w : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.descriptor_reduce min, %d2[%m, %n], %w : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.descriptor_reduce max, %d2[%m, %n], %w : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.descriptor_reduce inc, %d2[%m, %n], %w : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.descriptor_reduce dec, %d2[%m, %n], %w : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.descriptor_reduce and, %d2[%m, %n], %w : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.descriptor_reduce or, %d2[%m, %n], %w : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.descriptor_reduce xor, %d2[%m, %n], %w : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  %3 = tt.descriptor_gather %d3[%r, %n] : (!tt.tensordesc<1x128xf16>, tensor<32xi32>, i32) -> tensor<32x128xf16>
  %4 = tt.descriptor_gather %d3[%r16, %n] : (!tt.tensordesc<1x128xf16>, tensor<32xi16>, i32) -> tensor<32x128xf16>
  tt.descriptor_scatter %d3[%r, %n], %g : !tt.tensordesc<1x128xf16>, tensor<32xi32>, i32, tensor<32x128xf16>
  tt.return
}

// Functions, calls and returns; a declaration; argument attributes.
// CHECK-LABEL: tt.func private @callee(
// CHECK-SAME:    %[[X:[^:]*]]: i32) -> i32 attributes {noinline = true} {
// CHECK-NEXT:    tt.return %[[X]] : i32
// CHECK-NEXT:  }
tt.func private @callee(%x: i32) -> i32 attributes {noinline = true} {
  tt.return %x : i32
}

// CHECK-LABEL: tt.func private @external(
// CHECK-SAME:    i32, f32) -> (i32, f32)
tt.func private @external(i32, f32) -> (i32, f32)

// CHECK-LABEL: tt.func public @caller(
// CHECK-SAME:    %[[X:[^:]*]]: i32 {tt.divisibility = 16 : i32}, %[[F:[^:]*]]: f32) -> (i32, f32) attributes {noinline = false} {
// CHECK-NEXT:    %[[V0:.*]] = tt.call @callee(%[[X]]) : (i32) -> i32
// CHECK-NEXT:    %[[V1:.*]]:2 = tt.call @external(%[[V0]], %[[F]]) : (i32, f32) -> (i32, f32)
// CHECK-NEXT:    tt.call @nothing() : () -> ()
// CHECK-NEXT:    tt.return %[[V1]]#0, %[[V1]]#1 : i32, f32
// CHECK-NEXT:  }
tt.func public @caller(%x: i32 {tt.divisibility = 16 : i32}, %f: f32) -> (i32, f32) attributes {noinline = false} {
  %0 = tt.call @callee(%x) : (i32) -> i32
  %1:2 = tt.call @external(%0, %f) : (i32, f32) -> (i32, f32)
  tt.call @nothing() : () -> ()
  tt.return %1#0, %1#1 : i32, f32
}

// CHECK-LABEL: tt.func @nothing(
// CHECK-SAME:    ) {
// CHECK-NEXT:    tt.return
// CHECK-NEXT:  }
tt.func @nothing() {
  tt.return
}
