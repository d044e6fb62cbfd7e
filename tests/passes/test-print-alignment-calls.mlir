// test-print-alignment: values of every type have facts (floats, structs),
// bitcasts keep constants, tensor comparisons of constants fold to 1 (scalar
// ones stay unknown), callee arguments take the gcd of their call sites, dead
// scf.if branches are pessimistic and warp-specialize partitions see their
// captures (values as Triton's lit file Analysis/test-alignment.mlir expects).
// RUN: tritium-opt %s -test-print-alignment -split-input-file -verify-diagnostics=only-expected -o /dev/null

tt.func @floats(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1}}
  %cst_tensor = arith.constant dense<1> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1}}
  %1 = tt.bitcast %cst_tensor : tensor<128xi32> -> tensor<128xf32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %cst = arith.constant dense<0.0> : tensor<128xf32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>}}
  %p = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>}}
  %l = tt.load %p : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @cmp_constants() {
  %c5 = arith.constant dense<5> : tensor<4xi32>
  %c7 = arith.constant dense<7> : tensor<4xi32>
  %max = arith.maxsi %c5, %c7 : tensor<4xi32>
  // expected-remark @below {{constancy = [4], constant_value = 1}}
  %cmp = arith.cmpi sgt, %max, %c5 : tensor<4xi32>
  %a = arith.constant 0 : i32
  %b = arith.constant 1 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %s = arith.cmpi slt, %a, %b : i32
  tt.return
}

// -----

tt.func @casts(%arg0: tensor<128x128xi32> {tt.contiguity = dense<[16, 32]> : tensor<2xi32>}) {
  // expected-remark @below {{contiguity = [16, 32], divisibility = [1, 1], constancy = [1, 1], constant_value = <none>}}
  %0 = builtin.unrealized_conversion_cast %arg0 : tensor<128x128xi32> to !llvm.struct<(i32, i32, i32, i32)>
  // expected-remark @below {{contiguity = [16, 32], divisibility = [1, 1], constancy = [1, 1], constant_value = <none>}}
  %1 = builtin.unrealized_conversion_cast %0 : !llvm.struct<(i32, i32, i32, i32)> to tensor<128x128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %2 = llvm.mlir.undef : !llvm.struct<(i32, i32, i32, i32)>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1], constant_value = <none>}}
  %3 = builtin.unrealized_conversion_cast %2 : !llvm.struct<(i32, i32, i32, i32)> to tensor<128x128xi32>
  tt.return
}

// -----

module {
tt.func @mul(%arg0: i32) {
  %cst1 = arith.constant 1 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %1 = arith.muli %arg0, %cst1 : i32
  tt.return
}

tt.func @bar(%arg0: i32) {
  tt.call @mul(%arg0) : (i32) -> ()
  tt.return
}

tt.func @foo(%arg0: i32) {
  tt.call @mul(%arg0) : (i32) -> ()
  tt.return
}

tt.func @call_graph(%arg0: i32) {
  %cst12 = arith.constant 12 : i32
  %0 = arith.muli %arg0, %cst12 : i32
  tt.call @foo(%0) : (i32) -> ()
  %cst8 = arith.constant 8 : i32
  %1 = arith.muli %arg0, %cst8 : i32
  tt.call @bar(%1) : (i32) -> ()
  tt.return
}
}

// -----

tt.func @dead_op_pessimistic() {
  %c5 = arith.constant dense<5> : tensor<4xi32>
  %c7 = arith.constant dense<7> : tensor<4xi32>
  %false = arith.constant false
  scf.if %false {
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
    %add = arith.addi %c5, %c7 : tensor<4xi32>
  }
  tt.return
}

// -----

tt.func @warp_specialize(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: i32 {tt.divisibility = 16 : i32}) {
  ttg.warp_specialize(%arg0, %arg1)
  default {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
    tt.addptr %arg0, %arg1 : !tt.ptr<f16>, i32
    ttg.warp_yield
  }
  partition0(%arg2: !tt.ptr<f16>, %arg3: i32) num_warps(1) {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
    tt.addptr %arg2, %arg3 : !tt.ptr<f16>, i32
    ttg.warp_return
  } : (!tt.ptr<f16>, i32) -> ()
  tt.return
}
