// TMA copies of a buffer split over the CTAs of a cluster (each CTA copying its own part at
// its own coordinates) are refused at the op, not lowered as if every CTA held the whole.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics --convert-triton-gpu-to-llvm=compute-capability=90

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#split = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @tma_load_split(%tma: !tt.tensordesc<128x128xf32, #split>, %alloc: !ttg.memdesc<128x128xf32, #split, #smem, mutable>, %x: i32, %barrier: !ttg.memdesc<2xi64, #bar, #smem>, %pred: i1) {
    // expected-error @+1 {{TMA copies of a destination buffer split over several CTAs (its CGA layout) are not supported}}
    ttng.async_tma_copy_global_to_local %tma[%x, %x] %alloc, %barrier, %pred : !tt.tensordesc<128x128xf32, #split>, !ttg.memdesc<2xi64, #bar, #smem> -> !ttg.memdesc<128x128xf32, #split, #smem, mutable>
    tt.return
  }
}

// -----

#split = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @tma_store_split(%tma: !tt.tensordesc<128x128xf32, #split>, %alloc: !ttg.memdesc<128x128xf32, #split, #smem>, %x: i32) {
    // expected-error @+1 {{TMA copies of a source buffer split over several CTAs (its CGA layout) are not supported}}
    ttng.async_tma_copy_local_to_global %tma[%x, %x] %alloc : !tt.tensordesc<128x128xf32, #split>, !ttg.memdesc<128x128xf32, #split, #smem>
    tt.return
  }
}

