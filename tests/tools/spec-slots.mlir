// Backend-spec slots of the default library: every pattern, legality rule
// and hook has a stable name; the default library has no backend.
// RUN: tritium-opt --list-spec-slots | FileCheck %s
// RUN: tritium-opt --spec-report | FileCheck %s --check-prefix=REPORT
// RUN: tritium-opt --spec-check

// CHECK-DAG: pattern tt.load.drop-true-mask canonicalize root tt.load
// CHECK-DAG: pattern tt.broadcast.fold-splat canonicalize,triton-reorder-broadcast
// CHECK-DAG: pattern arith.addf.dot-zero-acc triton-combine
// CHECK-DAG: pattern elementwise.move-splat-after triton-reorder-broadcast root any op
// CHECK-DAG: conversion-pattern tt-to-ttg.tt.dot convert-triton-to-tritongpu root tt.dot
// CHECK-DAG: conversion-pattern tt-to-ttg.generic convert-triton-to-tritongpu root any op
// CHECK-DAG: legality convert-triton-to-tritongpu/dynamic-op/tt.dot convert-triton-to-tritongpu also needs #ttg.dot_op operands
// CHECK-DAG: legality convert-triton-to-tritongpu/illegal-op/scf.execute_region
// CHECK-DAG: legality convert-triton-to-tritongpu/legal-dialect/ttg
// CHECK-DAG: hook tt-to-ttg.default-encoding convert-triton-to-tritongpu

// REPORT: no backend: every slot is the core's
// REPORT: tt.load.drop-true-mask pattern core
// REPORT: tt-to-ttg.default-encoding hook core

// The ttg->LLVM lowering's slots: its patterns and the backend's hooks.
// RUN: tritium-opt --list-spec-slots | FileCheck %s --check-prefix=LOWERING
// LOWERING-DAG: lowering-pattern ttg-to-llvm.load convert-triton-gpu-to-llvm roots tt.load
// LOWERING-DAG: lowering-pattern ttg-to-llvm.reduce convert-triton-gpu-to-llvm roots tt.reduce
// LOWERING-DAG: lowering-pattern ttg-to-llvm.convert-layout convert-triton-gpu-to-llvm roots ttg.convert_layout
// LOWERING-DAG: target-hook ttg-to-llvm.target.shuffle-xor convert-triton-gpu-to-llvm
