// RUN: tritium-opt %s | FileCheck %s
// RUN: tritium-opt %s | tritium-opt | FileCheck %s

// #ttg.amd_wmma as Triton 3.9 reads and prints it: the flag is spelled
// `isTranspose` and always printed, instrShape defaults to [16, 16, 16] and is
// left out when it is that default, and empty register / warp bases are left
// out of ctaLayout. CHECK lines from Triton 3.9.0's own output.

// CHECK-DAG: #[[$V1:.*]] = #ttg.amd_wmma<{version = 1, isTranspose = false, ctaLayout = {}}>
// CHECK-DAG: #[[$V2:.*]] = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = {{\[\[}}0, 1], [1, 0]]}}>
// CHECK-DAG: #[[$V2CGA:.*]] = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = {{\[\[}}0, 1], [1, 0]]}, CGALayout = {{\[\[}}1, 0]], instrShape = [16, 16, 32]}>
// CHECK-DAG: #[[$V3T:.*]] = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {register = {{\[\[}}0, 1], [2, 0]], warp = {{\[\[}}2, 2], [1, 0]]}, instrShape = [16, 16, 32]}>
// CHECK-DAG: #[[$V3R:.*]] = #ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {register = {{\[\[}}0, 1]]}, instrShape = [16, 16, 32]}>

module attributes {"ttg.target" = "cuda:0", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @v1
  // CHECK-SAME: #[[$V1]]
  tt.func @v1(%0: tensor<16x16xf16, #ttg.amd_wmma<{version = 1, ctaLayout = {register = [], warp = []}}>>) { tt.return }
  // CHECK-LABEL: @v2
  // CHECK-SAME: #[[$V2]]
  tt.func @v2(%0: tensor<16x16xf16, #ttg.amd_wmma<{version = 2, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, 16]}>>) { tt.return }
  // CHECK-LABEL: @v2_cga
  // CHECK-SAME: #[[$V2CGA]]
  tt.func @v2_cga(%0: tensor<16x16xf16, #ttg.amd_wmma<{version = 2, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, 32], CGALayout = [[1, 0]]}>>) { tt.return }
  // CHECK-LABEL: @v3_transposed
  // CHECK-SAME: #[[$V3T]]
  tt.func @v3_transposed(%0: tensor<16x16xf16, #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {register = [[0, 1], [2, 0]], warp = [[2, 2], [1, 0]]}, instrShape = [16, 16, 32]}>>) { tt.return }
  // CHECK-LABEL: @v3_register_only
  // CHECK-SAME: #[[$V3R]]
  tt.func @v3_register_only(%0: tensor<16x16xf16, #ttg.amd_wmma<{version = 3, ctaLayout = {register = [[0, 1]], warp = []}, instrShape = [16, 16, 32]}>>) { tt.return }
}
