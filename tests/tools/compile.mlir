// tritium-compile on a small hand-written LLVM-dialect kernel, shaped like the
// end of Triton's make_llir (module attributes, nvvm.kernel, the two trailing
// scratch pointers): PTX, LLVM IR, the metadata JSON, and the options.

// RUN: tritium-compile %s --target cuda:80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// PTX:      .version 8.8
// PTX-NEXT: .target sm_80{{$}}
// PTX-NEXT: .address_size 64
// PTX:      .visible .entry scale(
// PTX:      .reqntid 128
// PTX:      fma.rn.f32
// PTX:      ret;

// Without FP fusion, the multiply and the add stay apart.
// RUN: tritium-compile %s --target cuda:80 --no-fp-fusion -o - | FileCheck %s --check-prefix=NOFMA
// NOFMA-NOT: fma
// NOFMA:     mul.rn.f32
// NOFMA:     add.rn.f32

// The metadata, beside the output.
// RUN: FileCheck %s --check-prefix=META --input-file=%t.json
// META:      "name": "scale",
// META-NEXT: "target": "cuda:80",
// META-NEXT: "ptx_version": 88,
// META-NEXT: "num_warps": 4,
// META-NEXT: "threads_per_warp": 32,
// META-NEXT: "num_ctas": 1,
// META-NEXT: "shared": 512,
// META-NEXT: "global_scratch_size": 0,
// META-NEXT: "global_scratch_align": 1,
// META-NEXT: "profile_scratch_size": 0,
// META-NEXT: "profile_scratch_align": 1,
// META-NEXT: "arguments": [
// META-NEXT:   {"name": "x_ptr", "type": "!llvm.ptr<1>", "divisibility": 16},
// META-NEXT:   {"name": "n", "type": "i32", "divisibility": null},
// META-NEXT:   {"name": "global_scratch", "type": "!llvm.ptr<1>", "divisibility": null, "abi": true},
// META-NEXT:   {"name": "profile_scratch", "type": "!llvm.ptr<1>", "divisibility": null, "abi": true}
// META-NEXT: ]

// The PTX ISA is selectable; newer than LLVM 22 knows (9.0) is rewritten, as
// in Triton. From capability 90 on, the architecture is sm_<cap>a.
// RUN: tritium-compile %s --target cuda:80 --ptx-version 80 -o - | FileCheck %s --check-prefix=PTX80
// PTX80: .version 8.0
// RUN: tritium-compile %s --target=cuda:90 --ptx-version=94 -o - | FileCheck %s --check-prefix=SM90
// SM90:      .version 9.4
// SM90-NEXT: .target sm_90a{{$}}

// The target defaults to the module's ttg.target.
// RUN: tritium-compile %s -o - | FileCheck %s --check-prefix=PTX

// Optimized LLVM IR: NVPTX triple, Triton's data layout (32-bit shared
// pointers), the libdevice flush-to-zero flag, FP contraction allowed.
// RUN: tritium-compile %s --target cuda:80 --emit llvm-ir -o - | FileCheck %s --check-prefix=LLIR
// LLIR: target datalayout = "e-p3:32:32-
// LLIR: target triple = "nvptx64-nvidia-cuda"
// LLIR: define ptx_kernel void @scale(
// LLIR: fmul contract float
// LLIR: !"nvvm-reflect-ftz", i32 1}
// RUN: tritium-compile %s --target cuda:80 --emit llvm-ir --no-fp-fusion -o - | FileCheck %s --check-prefix=STRICT
// STRICT-NOT: contract

// An LLVM-dialect module is already lowered: llvm-mlir prints it back.
// RUN: tritium-compile %s --target cuda:80 --emit llvm-mlir -o %t.llvm.mlir --no-metadata
// RUN: FileCheck %s --check-prefix=MLIR --input-file=%t.llvm.mlir
// MLIR: llvm.func @scale(
// MLIR: nvvm.read.ptx.sreg.tid.x

// RUN: tritium-compile --help | FileCheck %s --check-prefix=HELP
// HELP: usage: tritium-compile <input.mlir> [options] -o <output>
// HELP: --ptx-version N

#loc = loc("kernel.py":3:0)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32, ttg.profile_scratch_memory_alignment = 1 : i32, ttg.profile_scratch_memory_size = 0 : i32, ttg.shared = 512 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  llvm.func @scale(%x_ptr: !llvm.ptr<1> {tt.divisibility = 16 : i32} loc("x_ptr"(#loc)), %n: i32 loc("n"(#loc)), %gs: !llvm.ptr<1>, %ps: !llvm.ptr<1>) attributes {nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 128>} {
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %in = llvm.icmp "slt" %tid, %n : i32
    llvm.cond_br %in, ^body, ^done
  ^body:
    %p = llvm.getelementptr %x_ptr[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    %s = llvm.fmul %v, %v : f32
    %t = llvm.fadd %s, %v : f32
    llvm.store %t, %p : f32, !llvm.ptr<1>
    llvm.br ^done
  ^done:
    llvm.return
  }
}
