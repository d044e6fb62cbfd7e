/* launch.c - tritiumCpuKernelLaunch refuses grids it cannot run as asked. */
// RUN: tritium-capi-launch 2>&1 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: launch: {{[0-9]+}} checks, 0 failed
//
// Grid sizes follow Triton's launcher, which enforces CUDA's limits: x any
// positive int32_t (below 2^31), y and z at most 65535. Within them the
// number of programs x*y*z < 2^63 cannot overflow. Before these checks a grid
// of 2^64 + 4 programs wrapped to 4 (success after 4 programs), and one of
// exactly 2^64 wrapped to 0 and panicked ("internal error").

#include "tritium-c/Cpu.h"
#include "tritium-c/Dialects.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "expect.h"

/* Every program adds 1 to *counter. */
static const char *kCounter =
    "module {\n"
    "  tt.func public @count(%counter: !tt.ptr<i32>) {\n"
    "    %one = arith.constant 1 : i32\n"
    "    %true = arith.constant true\n"
    "    %old = tt.atomic_rmw add, relaxed, gpu, %counter, %one, %true : (!tt.ptr<i32>, i32, i1) -> i32\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static TritiumCpuKernel kernel;
static int32_t counter;

/* Launches the counter kernel; the number of programs that ran, or -1 on a
 * failed launch (its message then contains `why` when that is not NULL). */
static long long launch(int32_t x, int32_t y, int32_t z, int32_t threads, const char *why) {
  counter = 0;
  int32_t *p = &counter;
  void *args[1] = {&p};
  MlirLogicalResult r = tritiumCpuKernelLaunch(kernel, x, y, z, args, threads);
  MlirStringRef error = tritiumCpuKernelGetLastError(kernel);
  if (mlirLogicalResultIsSuccess(r)) {
    if (error.length != 0)
      printf("FAIL: a successful launch left an error: %.*s\n", (int)error.length, error.data);
    return counter;
  }
  char text[512];
  snprintf(text, sizeof(text), "%.*s", (int)error.length, error.data);
  printf("grid (%d, %d, %d), %d threads: %s\n", x, y, z, threads, text);
  if (why && !strstr(text, why)) {
    ++failures;
    printf("FAIL: the error does not say '%s'\n", why);
  }
  return -1;
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tritiumRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kCounter));
  EXPECT(!mlirModuleIsNull(module));
  if (mlirModuleIsNull(module))
    return 1;
  MlirLogicalResult loaded = tritiumCpuKernelLoad(module, tritiumCpuKernelOptionsGetDefault(), &kernel);
  EXPECT(mlirLogicalResultIsSuccess(loaded));
  if (mlirLogicalResultIsFailure(loaded))
    return 1;

  /* Valid grids run every program once. */
  EXPECT(launch(1, 1, 1, 0, NULL) == 1);
  EXPECT(launch(7, 3, 2, 4, NULL) == 42);
  EXPECT(launch(1, 65535, 2, 0, NULL) == 131070);
  EXPECT(launch(2, 1, 65535, 1, NULL) == 131070);

  /* Non-positive sizes. */
  EXPECT(launch(0, 1, 1, 0, "positive") == -1);
  EXPECT(launch(1, -1, 1, 0, "positive") == -1);
  EXPECT(launch(INT32_MIN, INT32_MIN, INT32_MIN, 0, "positive") == -1);

  /* y or z beyond 65535. */
  EXPECT(launch(1, 65536, 1, 0, "65535") == -1);
  EXPECT(launch(1, 1, 65536, 0, "65535") == -1);
  EXPECT(launch(1, INT32_MAX, INT32_MAX, 0, "65535") == -1);

  /* 429509837 * 384773 * 111620 = 2^64 + 4: wrapped to 4 programs before. */
  EXPECT(launch(429509837, 384773, 111620, 0, "limit") == -1);
  /* 2^30 * 2^30 * 16 = 2^64: wrapped to 0, then a panic ("internal error"). */
  EXPECT(launch(1 << 30, 1 << 30, 16, 0, "limit") == -1);
  EXPECT(launch(INT32_MAX, INT32_MAX, INT32_MAX, 0, "limit") == -1);

  /* numThreads: 0 for one per core, else positive. */
  EXPECT(launch(5, 1, 1, -1, "numThreads") == -1);
  EXPECT(launch(5, 1, 1, INT32_MIN, "numThreads") == -1);
  EXPECT(launch(5, 1, 1, INT32_MAX, NULL) == 5);

  /* A failed launch leaves the kernel usable. */
  EXPECT(launch(3, 1, 1, 2, NULL) == 3);

  tritiumCpuKernelDestroy(kernel);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  printf("launch: %d checks, %d failed\n", checks, failures);
  return failures != 0;
}
