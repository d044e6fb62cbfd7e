// convert-warp-specialize-to-llvm refuses what it cannot lower with a
// diagnostic at the op (the first two messages are Triton 3.9.0's own).
// RUN: tritium-opt %s -split-input-file -verify-diagnostics -convert-warp-specialize-to-llvm
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(convert-warp-specialize-to-llvm)'

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// expected-error @+1 {{only top-level kernel functions can be warp-specialized}}
llvm.func internal @not_a_kernel() attributes {allocation.offset = 16 : i32} {
  ttg.warp_specialize() attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// expected-error @+1 {{function missing 'ws_num_warps' attribute}}
llvm.func internal @inner() {
  llvm.return
}
llvm.func @kernel() attributes {allocation.offset = 16 : i32} {
  ttg.warp_specialize() attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}

// -----

// expected-error @+1 {{module missing 'ttg.total-num-warps' attribute}}
module attributes {"ttg.num-warps" = 4 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @kernel() attributes {allocation.offset = 16 : i32} {
  ttg.warp_specialize() attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// expected-error @+1 {{missing integer attribute 'allocation.offset'}}
llvm.func @no_state_offset() {
  ttg.warp_specialize() attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @produce() -> i32
llvm.func @no_capture_offset() attributes {allocation.offset = 16 : i32} {
  %0 = llvm.call @produce() : () -> i32
  // expected-error @+1 {{missing integer attribute 'allocation.offset'}}
  ttg.warp_specialize(%0) attributes {warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield
  }
  partition0(%arg0: i32) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  llvm.return
}
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @outside_the_workers() attributes {allocation.offset = 16 : i32} {
  // expected-error @+1 {{partition 0's warps [6, 10) are outside the worker warps [4, 8)}}
  ttg.warp_specialize() attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 6>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 19 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// expected-error @+1 {{cannot support more than 14 warp group partitions}}
llvm.func @too_many_partitions() attributes {allocation.offset = 16 : i32} {
  ttg.warp_specialize() attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(1) { ttg.warp_return }
  partition1() num_warps(1) { ttg.warp_return }
  partition2() num_warps(1) { ttg.warp_return }
  partition3() num_warps(1) { ttg.warp_return }
  partition4() num_warps(1) { ttg.warp_return }
  partition5() num_warps(1) { ttg.warp_return }
  partition6() num_warps(1) { ttg.warp_return }
  partition7() num_warps(1) { ttg.warp_return }
  partition8() num_warps(1) { ttg.warp_return }
  partition9() num_warps(1) { ttg.warp_return }
  partition10() num_warps(1) { ttg.warp_return }
  partition11() num_warps(1) { ttg.warp_return }
  partition12() num_warps(1) { ttg.warp_return }
  partition13() num_warps(1) { ttg.warp_return }
  partition14() num_warps(1) { nvvm.barrier
    ttg.warp_return }
  : () -> ()
  llvm.return
}
}
