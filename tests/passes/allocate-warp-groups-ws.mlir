// tritongpu-allocate-warp-groups on warp-specialized kernels: padding to whole
// warp groups, the partitions' start ids, and the register division between
// the default warps and the partitions (CHECK lines from Triton 3.9.0's own
// pass on the same input).
// RUN: tritium-opt %s --split-input-file --tritongpu-allocate-warp-groups | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --pass-pipeline='builtin.module(tritongpu-allocate-warp-groups)' | FileCheck %s
// RUN: tritium-opt %s --split-input-file --tritongpu-allocate-warp-groups=instrumented=1 | FileCheck %s --check-prefix=INSTR

// CHECK-LABEL: module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 20 : i32}
// CHECK: ttg.warp_specialize(%arg0) attributes {warpGroupStartIds = array<i32: 18, 4, 12, 16, 19>}
// CHECK: partition2(%{{.*}}: i32) num_warps(4)
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: }
// CHECK-NEXT: partition3(%{{.*}}: i32) num_warps(2) {
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: }
// CHECK-NEXT: partition4(%{{.*}}: i32) num_warps(1) {
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: } : (i32) -> ()
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @pad_with_captures(%a: i32) {
    ttg.warp_specialize(%a)
    default {
      ttg.warp_yield
    }
    partition0(%x: i32) num_warps(1) {
      ttg.warp_return
    }
    partition1(%x: i32) num_warps(8) {
      ttg.warp_return
    }
    partition2(%x: i32) num_warps(4) {
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}

// -----

// Two ops: both padded to the widest (12 warps).
// CHECK-LABEL: module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 16 : i32}
// CHECK: ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 12, 14, 4, 15>}
// CHECK: partition2() num_warps(8)
// CHECK: partition3() num_warps(1)
// CHECK: ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 14, 4, 12, 15>}
// CHECK: partition2() num_warps(2)
// CHECK: partition3() num_warps(1)
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @two() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(2) {
      ttg.warp_return
    }
    partition1() num_warps(1) {
      ttg.warp_return
    } : () -> ()
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(1) {
      ttg.warp_return
    }
    partition1() num_warps(8) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// Registers: 64K / 12 warps / 32 threads = 170 -> 168 at launch; the
// partitions' warp group keeps 80, the default warps get 208.
// CHECK-LABEL: module attributes {ttg.maxnreg = 168 : i32, "ttg.num-warps" = 8 : i32, "ttg.total-num-warps" = 12 : i32}
// CHECK: ttg.warp_specialize() attributes {actualRegisters = array<i32: 208, 80, 80, 80>, requestedRegisters = array<i32: 48, 80, 48>, warpGroupStartIds = array<i32: 10, 8, 11>}
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @registers() {
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 48, 80, 48>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(1) {
      ttg.warp_return
    }
    partition1() num_warps(2) {
      ttg.warp_return
    }
    partition2() num_warps(1) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// A request below 24 registers is raised to 24 (32 when instrumented); a
// padding partition requests 16.
// CHECK-LABEL: module attributes {ttg.maxnreg = 40 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32}
// CHECK: actualRegisters = array<i32: 56, 24, 24>, requestedRegisters = array<i32: 8, 16>, warpGroupStartIds = array<i32: 4, 6>
// INSTR-LABEL: module attributes {ttg.maxnreg = 40 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32}
// INSTR: actualRegisters = array<i32: 48, 32, 32>, requestedRegisters = array<i32: 8, 16>, warpGroupStartIds = array<i32: 4, 6>
module attributes {"ttg.num-warps" = 4 : i32, ttg.maxnreg = 40 : i32} {
  tt.func @low_request() {
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 8>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(2) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// Too few registers left for the default warps: no actualRegisters, no
// ttg.maxnreg.
// CHECK-LABEL: module attributes {ttg.maxnreg = 40 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32}
// CHECK: ttg.warp_specialize() attributes {requestedRegisters = array<i32: 248>, warpGroupStartIds = array<i32: 4>}
module attributes {"ttg.num-warps" = 4 : i32, ttg.maxnreg = 40 : i32} {
  tt.func @over_budget() {
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 248>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
