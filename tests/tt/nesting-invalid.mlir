// Deeply nested tt/ttg types and attributes: a diagnostic, never a stack
// overflow (issue 15). Parsing stops past 32 levels of nested tt/ttg types and
// attributes (tritium/ParseNesting.h); alias chains, which build nesting
// without parser recursion, are bounded by the verifiers (encodings nested
// more than 32 deep; tensordesc and memdesc elements are scalars).
// RUN: not tritium-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s -split-input-file 2>&1 | FileCheck %s
// The reproducers of the issue, at full size:
// RUN: python3 -c "n = 10000; print('tt.func @f(%a: ' + '!tt.ptr<' * n + 'f32' + '>' * n + ') { tt.return }')" > %t.ptr.mlir
// RUN: not tritium-opt %t.ptr.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not %mlir-opt %t.ptr.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: python3 -c "b = '#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>'; print('#l = ' + '#ttg.slice<{dim = 0, parent = ' * 4000 + b + '}>' * 4000)" > %t.slice.mlir
// RUN: not tritium-opt %t.slice.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: python3 -c "print('!d0 = !tt.tensordesc<1xf32>'); [print(f'!d{i} = !tt.tensordesc<1x!d{i - 1}>') for i in range(1, 10001)]" > %t.tdesc.mlir
// RUN: not tritium-opt %t.tdesc.mlir 2>&1 | FileCheck %s --check-prefix=TDESC
// RUN: python3 -c "print('#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>'); print('#m = #ttg.shared_memory'); print('!d0 = !ttg.memdesc<1xf32, #s, #m>'); [print(f'!d{i} = !ttg.memdesc<1x!d{i - 1}, #s, #m>') for i in range(1, 10001)]" > %t.mdesc.mlir
// RUN: not tritium-opt %t.mdesc.mlir 2>&1 | FileCheck %s --check-prefix=MDESC
// DEEP: error: tt/ttg types and attributes nested more than 32 deep
// TDESC: error: tensor descriptor element type must be an integer, floating-point or pointer type, got !tt.tensordesc<1xf32>
// MDESC: error: memdesc element type must be a scalar or a pointer

// CHECK: error: tt/ttg types and attributes nested more than 32 deep
tt.func @ptr(%a: !tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<!tt.ptr<f32>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>) { tt.return }

// -----

// CHECK: error: tt/ttg types and attributes nested more than 32 deep
#slice = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>

// -----

// CHECK: error: tt/ttg types and attributes nested more than 32 deep
#dot = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>

// -----

// Builtin types between tt types (tensor<1x!tt.ptr<...>>) do not reset the count.
// CHECK: error: tt/ttg types and attributes nested more than 32 deep
tt.func @mixed(%a: !tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1x!tt.ptr<tensor<1xf32>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>) { tt.return }
