/* smoke.c - Uses libtritium.so through include/tritium-c and mlir-c only. */
// RUN: tritium-capi-smoke %s 2>&1 | FileCheck %s

#include "tritium-c/Dialects.h"
#include "tritium-c/Layout.h"
#include "tritium-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStdout(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

/* Collects text from a string callback into a fixed buffer (truncating). */
typedef struct {
  char data[16384];
  size_t length;
} TextBuffer;

static void appendToText(MlirStringRef s, void *userData) {
  TextBuffer *b = (TextBuffer *)userData;
  size_t room = sizeof(b->data) - 1 - b->length;
  size_t n = s.length < room ? s.length : room;
  memcpy(b->data + b->length, s.data, n);
  b->length += n;
  b->data[b->length] = '\0';
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
  // CHECK: tensor descriptors must not wrap tensor types; use !tt.tensordesc<shape x element-type[, layout]> instead
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

  /* Layouts (tritium-c/Layout.h): who holds which element of an 8x16 tensor. */
  MlirAttribute blocked = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString(
               "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
               "warpsPerCTA = [1, 1], order = [1, 0]}>"));
  int64_t tile[2] = {8, 16};
  TextBuffer elements = {{0}, 0};
  bool described = tritiumLayoutDescribe(blocked, 2, tile, TRITIUM_LAYOUT_ELEMENTS,
                                         appendToText, &elements);
  /* Element [0, 5]: second register (5 % 4) of the second lane (5 / 4). */
  const char *firstLine = "[0, 0]: register=0 lane=0 warp=0 block=0\n";
  printf("layout: distributed=%d described=%d has-[0,5]=%d starts-right=%d\n",
         tritiumLayoutIsDistributed(blocked), described,
         strstr(elements.data, "\n[0, 5]: register=1 lane=1 warp=0 block=0\n") != NULL,
         strncmp(elements.data, firstLine, strlen(firstLine)) == 0);
  // CHECK: layout: distributed=1 described=1 has-[0,5]=1 starts-right=1
  printf("lanes: %lld\n", (long long)tritiumLayoutGetInDimSize(
                               blocked, 2, tile, mlirStringRefCreateFromCString("lane")));
  // CHECK: lanes: 32
  tritiumLayoutDescribe(blocked, 2, tile, TRITIUM_LAYOUT_LINEAR, printToStdout, NULL);
  // CHECK: {register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [], block = []}
  TextBuffer failure = {{0}, 0};
  bool wrongRank = tritiumLayoutDescribe(blocked, 1, tile, TRITIUM_LAYOUT_ELEMENTS,
                                         appendToText, &failure);
  printf("wrong rank: described=%d message=%s", wrongRank, failure.data);
  // CHECK: wrong rank: described=0 message=error: the shape 8 has rank 1, but the #ttg.blocked encoding has rank 2
  printf("f16 is distributed: %d\n", tritiumLayoutIsDistributed(mlirStringAttrGet(
                                         ctx, mlirStringRefCreateFromCString("f16"))));
  // CHECK: f16 is distributed: 0

  /* The `ttg` dialect (tritium-c/TritonGPU.h): its handle, a blocked encoding
     built and taken apart, and a memdesc type. */
  MlirDialect ttg = mlirDialectHandleLoadDialect(mlirGetDialectHandle__ttg__(), ctx);
  MlirStringRef ttgNs = mlirDialectGetNamespace(ttg);
  printf("dialect: %.*s\n", (int)ttgNs.length, ttgNs.data);
  // CHECK: dialect: ttg
  unsigned spt[2] = {1, 4}, tpw[2] = {8, 4}, wpc[2] = {1, 1}, order[2] = {1, 0};
  MlirAttribute built = mlirTritonGPUBlockedEncodingGet(ctx, 2, spt, tpw, wpc, order);
  unsigned got[4] = {0};
  intptr_t rank = mlirTritonGPUBlockedEncodingGetThreadsPerWarp(built, got, 4);
  printf("blocked: isa=%d encoding=%d equals-parsed=%d rank=%ld threadsPerWarp=%ux%u\n",
         mlirAttributeIsATritonGPUBlockedEncoding(built),
         mlirAttributeIsATritonGPUEncoding(built), mlirAttributeEqual(built, blocked),
         (long)mlirTritonGPUBlockedEncodingGetRank(built), got[0], got[1]);
  // CHECK: blocked: isa=1 encoding=1 equals-parsed=1 rank=2 threadsPerWarp=8x4
  mlirTritonGPUBlockedEncodingGetOrder(built, got, 4);
  unsigned size[2] = {0};
  mlirTritonGPUBlockedEncodingGetSizePerThread(built, size, 2);
  mlirTritonGPUBlockedEncodingGetWarpsPerCTA(built, got + 2, 2);
  printf("blocked: order=%u,%u sizePerThread=%u,%u warpsPerCTA=%u,%u\n", got[0], got[1],
         size[0], size[1], got[2], got[3]);
  // CHECK: blocked: order=1,0 sizePerThread=1,4 warpsPerCTA=1,1
  unsigned badSize[2] = {1, 3};
  MlirAttribute badBlocked = mlirTritonGPUBlockedEncodingGet(ctx, 2, badSize, tpw, wpc, order);
  printf("non-power-of-two blocked is null: %d\n", mlirAttributeIsNull(badBlocked));
  // CHECK: non-power-of-two blocked is null: 1
  printf("negative rank is null: %d %d\n",
         mlirAttributeIsNull(mlirTritonGPUBlockedEncodingGet(ctx, -1, spt, tpw, wpc, order)),
         mlirTypeIsNull(mlirTritonGPUMemDescTypeGet(-1, NULL, mlirF16TypeGet(ctx), blocked,
                                                    mlirTritonGPUSharedMemorySpaceGet(ctx), true)));
  // CHECK: negative rank is null: 1 1

  MlirAttribute swizzled = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString(
               "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"));
  int64_t bufShape[3] = {2, 64, 32};
  MlirType memdesc = mlirTritonGPUMemDescTypeGet(
      3, bufShape, mlirF16TypeGet(ctx), swizzled, mlirTritonGPUSharedMemorySpaceGet(ctx), true);
  int64_t alloc[4] = {0};
  intptr_t allocRank = mlirTritonGPUMemDescTypeGetAllocShape(memdesc, alloc, 4);
  printf("memdesc: isa=%d rank=%ld dims=%lldx%lldx%lld mutable=%d alloc-rank=%ld "
         "same-encoding=%d f16=%d\n",
         mlirTypeIsATritonGPUMemDesc(memdesc), (long)mlirTritonGPUMemDescTypeGetRank(memdesc),
         (long long)mlirTritonGPUMemDescTypeGetDimSize(memdesc, 0),
         (long long)mlirTritonGPUMemDescTypeGetDimSize(memdesc, 1),
         (long long)mlirTritonGPUMemDescTypeGetDimSize(memdesc, 2),
         mlirTritonGPUMemDescTypeIsMutable(memdesc), (long)allocRank,
         mlirAttributeEqual(mlirTritonGPUMemDescTypeGetEncoding(memdesc), swizzled) &&
             mlirAttributeEqual(mlirTritonGPUMemDescTypeGetMemorySpace(memdesc),
                                mlirTritonGPUSharedMemorySpaceGet(ctx)),
         mlirTypeIsAF16(mlirTritonGPUMemDescTypeGetElementType(memdesc)));
  // CHECK: memdesc: isa=1 rank=3 dims=2x64x32 mutable=1 alloc-rank=3 same-encoding=1 f16=1
  mlirTypeDump(memdesc);
  // CHECK: !ttg.memdesc<2x64x32xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, #ttg.shared_memory, mutable>
  MlirType distributed = mlirTritonGPUMemDescTypeGet(
      3, bufShape, mlirF16TypeGet(ctx), blocked, mlirTritonGPUSharedMemorySpaceGet(ctx), true);
  // CHECK: is not a valid encoding
  printf("memdesc with a distributed layout is null: %d\n", mlirTypeIsNull(distributed));
  // CHECK: memdesc with a distributed layout is null: 1

  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
