// tritium-run: a TTIR kernel compiled for this CPU (spec/cpu, the LLVM ORC
// JIT) and run over its grid; tritium-compile --target cpu: the same lowering
// to an object file with the kernel ABI and its packed wrapper.

// RUN: tritium-run %s --grid 3 --threads 2 --arg vals:1,2,3,4,5,6,7,8,9,10 --arg vals:0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5 --arg print:10 --arg 10 --arg zeros:3@print | FileCheck %s --check-prefix=EXEC
// EXEC-DAG: arg 2: 1.5 2.5 3.5 4.5 5.5 6.5 7.5 8.5 9.5 10.5
// Each program adds its id + 1 to the counter: 1 + 2 + 3 = 6 (atomics across threads).
// EXEC-DAG: arg 4: 6 0 0

// RUN: tritium-compile %s --target cpu -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=OBJ
// OBJ-DAG: T axpy4
// OBJ-DAG: T axpy4_packed
// RUN: FileCheck %s --check-prefix=META --input-file=%t.json
// META: "name": "axpy4",
// META: "target": "cpu",
// META: {"name": "pid_x", "type": "i32", "divisibility": null, "abi": true},
// META: {"name": "grid_z", "type": "i32", "divisibility": null, "abi": true}

// The LLVM-dialect module: the kernel takes its arguments, then the program
// ids and grid sizes; the wrapper takes one pointer.
// RUN: tritium-compile %s --target cpu --emit llvm-mlir -o - | FileCheck %s --check-prefix=LLVM
// LLVM: llvm.func @axpy4(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i32, %{{.*}}: !llvm.ptr, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32)
// LLVM: llvm.alloca
// LLVM: llvm.func @axpy4_packed(%{{.*}}: !llvm.ptr)

module {
  tt.func public @axpy4(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32, %counter: !tt.ptr<i32>) {
    %c4 = arith.constant 4 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c4 : i32
    %range = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %base = tt.splat %start : i32 -> tensor<4xi32>
    %offs = arith.addi %base, %range : tensor<4xi32>
    %bound = tt.splat %n : i32 -> tensor<4xi32>
    %mask = arith.cmpi slt, %offs, %bound : tensor<4xi32>
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %yp = tt.splat %y : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %ya = tt.addptr %yp, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %a = tt.load %xa, %mask : tensor<4x!tt.ptr<f32>>
    %b = tt.load %ya, %mask : tensor<4x!tt.ptr<f32>>
    %s = arith.addf %a, %b : tensor<4xf32>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %oa = tt.addptr %op, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    tt.store %oa, %s, %mask : tensor<4x!tt.ptr<f32>>
    %inc = arith.addi %pid, %c1 : i32
    %old = tt.atomic_rmw add, acq_rel, gpu, %counter, %inc, %true : (!tt.ptr<i32>, i32, i1) -> i32
    tt.return
  }
}
