/* smoke.c - Uses libtritium.so through include/tritium-c and mlir-c only. */
// RUN: tritium-capi-smoke %s 2>&1 | FileCheck %s

#include "tritium-c/Dialects.h"
#include "tritium-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>

static void printToStdout(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static const char *kKernel =
    "module {\n"
    "  tt.func public @add(%arg0: !tt.ptr<f32>, %arg1: i32) {\n"
    "    %0 = tt.get_program_id x : i32\n"
    "    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>\n"
    "    %2 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>\n"
    "    %3 = tt.addptr %2, %1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n"
    "    %4 = tt.load %3 : tensor<128x!tt.ptr<f32>>\n"
    "    tt.store %3, %4 : tensor<128x!tt.ptr<f32>>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

int main(void) {
  /* mlirTypeDump writes to stderr: keep stdout unbuffered so the order holds. */
  setvbuf(stdout, NULL, _IONBF, 0);
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tritiumRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);

  /* The dialect handle of `tt` loads the dialect on its own too. */
  MlirDialect tt = mlirDialectHandleLoadDialect(mlirGetDialectHandle__tt__(), ctx);
  MlirStringRef ns = mlirDialectGetNamespace(tt);
  printf("dialect: %.*s (Triton %s)\n", (int)ns.length, ns.data,
         tritiumGetTritonVersion().data);
  // CHECK: dialect: tt (Triton 3.9.0)

  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernel));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "parse failed\n");
    return 1;
  }
  MlirOperation op = mlirModuleGetOperation(module);
  printf("verified: %d\n", mlirOperationVerify(op));
  // CHECK: verified: 1
  mlirOperationPrint(op, printToStdout, NULL);
  printf("\n");
  // CHECK: tt.func public @add(%arg0: !tt.ptr<f32>, %arg1: i32)
  // CHECK: tt.load %{{.*}} : tensor<128x!tt.ptr<f32>>

  /* Type accessors. */
  MlirType f16 = mlirF16TypeGet(ctx);
  MlirType ptr = mlirTritonPointerTypeGet(f16, 3);
  printf("ptr: isa=%d addrspace=%u pointee-is-f16=%d\n", mlirTypeIsATritonPointer(ptr),
         mlirTritonPointerTypeGetAddressSpace(ptr),
         mlirTypeEqual(mlirTritonPointerTypeGetPointeeType(ptr), f16));
  // CHECK: ptr: isa=1 addrspace=3 pointee-is-f16=1
  mlirTypeDump(ptr);
  // CHECK: !tt.ptr<f16, 3>
  MlirType bad = mlirTritonPointerTypeGet(ptr, 1);
  printf("pointer to pointer is null: %d\n", mlirTypeIsNull(bad));
  // CHECK: pointer types must point to integer or floating-point types
  // CHECK: pointer to pointer is null: 1

  int64_t shape[2] = {64, 32};
  MlirType desc = mlirTritonTensorDescTypeGet(ctx, 2, shape, f16, mlirAttributeGetNull());
  printf("desc: isa=%d rank=%ld dims=%ldx%ld\n", mlirTypeIsATritonTensorDesc(desc),
         (long)mlirTritonTensorDescTypeGetRank(desc),
         (long)mlirTritonTensorDescTypeGetDimSize(desc, 0),
         (long)mlirTritonTensorDescTypeGetDimSize(desc, 1));
  // CHECK: desc: isa=1 rank=2 dims=64x32
  mlirTypeDump(desc);
  // CHECK: !tt.tensordesc<64x32xf16>
  printf("desc: element-is-f16=%d layout-is-null=%d\n",
         mlirTypeEqual(mlirTritonTensorDescTypeGetElementType(desc), f16),
         mlirAttributeIsNull(mlirTritonTensorDescTypeGetSharedLayout(desc)));
  // CHECK: desc: element-is-f16=1 layout-is-null=1
  MlirAttribute layout = mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("swizzled"));
  MlirType laidOut = mlirTritonTensorDescTypeGet(ctx, 2, shape, f16, layout);
  printf("desc with layout: same-layout=%d\n",
         mlirAttributeEqual(mlirTritonTensorDescTypeGetSharedLayout(laidOut), layout));
  // CHECK: desc with layout: same-layout=1
  MlirType tensorOfF16 = mlirRankedTensorTypeGet(2, shape, f16, mlirAttributeGetNull());
  MlirType badDesc = mlirTritonTensorDescTypeGet(ctx, 2, shape, tensorOfF16, mlirAttributeGetNull());
  printf("tensordesc of a tensor is null: %d\n", mlirTypeIsNull(badDesc));
  // CHECK: tensor descriptor element type must not be a tensor
  // CHECK: tensordesc of a tensor is null: 1

  /* Passes by name, from the registry tritiumRegisterAllPasses fills. */
  tritiumRegisterAllPasses();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString("builtin.module(canonicalize,cse)"), NULL, NULL);
  MlirLogicalResult ran = mlirPassManagerRunOnOp(pm, op);
  printf("pipeline parsed=%d ran=%d\n", mlirLogicalResultIsSuccess(parsed),
         mlirLogicalResultIsSuccess(ran));
  // CHECK: pipeline parsed=1 ran=1
  mlirPassManagerDestroy(pm);

  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
