/* threads.c - Compiles from several threads at once: one context shared by all, and one context per thread. */
// RUN: tritium-capi-threads 2>&1 | FileCheck %s
// The same program built with -fsanitize=thread (tests/CMakeLists.txt, when
// the TSan runtime is installed: libclang-rt-22-dev). libtritium.so and
// libMLIR are not instrumented, so TSan sees the races of this program's own
// memory and of what its interceptors see (memcpy, malloc, the pthread and
// atomic calls that order the threads), not every access inside MLIR
// (tsan.supp: the one false-positive shape this leaves, and why).
// RUN: %if tsan %{ env TSAN_OPTIONS=halt_on_error=1:report_signal_unsafe=0:suppressions=%S/tsan.supp tritium-capi-threads-tsan 2>&1 | FileCheck %s %}
// CHECK-NOT: FAIL
// CHECK-NOT: ThreadSanitizer
// CHECK: threads: {{[0-9]+}} checks, 0 failed
//
// Issue 26, class 4: two compiles on one MlirContext at once segfaulted in
// MLIR's lazy dialect loading (PassManager::run loads the dialects its passes
// depend on into the context, which is not thread-safe). Tritium's calls that
// run passes on a context now hold that context's lock (they run one at a
// time on a shared context, in parallel on separate ones); a context that is
// shared must have its dialects loaded before the threads start
// (mlirContextLoadAllAvailableDialects), since the caller's own parsing would
// load them lazily too. Every thread's PTX and CPU results must equal the
// single-threaded ones.

#include "tritium-c/Compile.h"
#include "tritium-c/Cpu.h"
#include "tritium-c/Dialects.h"

#include "mlir-c/IR.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4
#define ROUNDS 2

static atomic_int checks, failures;

#define EXPECT(cond)                                                           \
  do {                                                                         \
    atomic_fetch_add(&checks, 1);                                              \
    if (!(cond)) {                                                             \
      atomic_fetch_add(&failures, 1);                                          \
      printf("FAIL line %d: %s\n", __LINE__, #cond);                           \
    }                                                                          \
  } while (0)

/* out[i] = x[i] + k * y[i] for i < n, 64 elements per program. */
static const char *kKernel =
    "module {\n"
    "  tt.func public @axpy(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32},\n"
    "                       %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32, %k: f32) {\n"
    "    %c64 = arith.constant 64 : i32\n"
    "    %pid = tt.get_program_id x : i32\n"
    "    %base = arith.muli %pid, %c64 : i32\n"
    "    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>\n"
    "    %bs = tt.splat %base : i32 -> tensor<64xi32>\n"
    "    %i = arith.addi %bs, %r : tensor<64xi32>\n"
    "    %ns = tt.splat %n : i32 -> tensor<64xi32>\n"
    "    %m = arith.cmpi slt, %i, %ns : tensor<64xi32>\n"
    "    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
    "    %xp = tt.addptr %xs, %i : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
    "    %xv = tt.load %xp, %m : tensor<64x!tt.ptr<f32>>\n"
    "    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
    "    %yp = tt.addptr %ys, %i : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
    "    %yv = tt.load %yp, %m : tensor<64x!tt.ptr<f32>>\n"
    "    %ks = tt.splat %k : f32 -> tensor<64xf32>\n"
    "    %p = arith.mulf %ks, %yv : tensor<64xf32>\n"
    "    %s = arith.addf %xv, %p : tensor<64xf32>\n"
    "    %os = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
    "    %op = tt.addptr %os, %i : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
    "    tt.store %op, %s, %m : tensor<64x!tt.ptr<f32>>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

typedef struct {
  char *data;
  size_t size;
} Text;

static void append(MlirStringRef s, void *userData) {
  Text *t = userData;
  char *grown = realloc(t->data, t->size + s.length + 1);
  if (!grown)
    return;
  memcpy(grown + t->size, s.data, s.length);
  t->size += s.length;
  grown[t->size] = '\0';
  t->data = grown;
}

static MlirContext newContext(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tritiumRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  return ctx;
}

/* PTX of the kernel for cuda:80 (TTIR -> make_ttgir -> make_llir -> PTX). */
static Text ptx(MlirContext ctx) {
  Text t = {NULL, 0};
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernel));
  EXPECT(!mlirModuleIsNull(m));
  if (mlirModuleIsNull(m))
    return t;
  TritiumCompileOptions options = tritiumCompileOptionsGetDefault();
  options.target = mlirStringRefCreateFromCString("cuda:80");
  EXPECT(mlirLogicalResultIsSuccess(tritiumCompileToPTX(m, options, append, &t)));
  mlirModuleDestroy(m);
  return t;
}

/* Runs the kernel on this CPU for 100 elements (k = 0.5); 1 when every
 * result is right. */
static int runCpu(MlirContext ctx) {
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernel));
  EXPECT(!mlirModuleIsNull(m));
  if (mlirModuleIsNull(m))
    return 0;
  TritiumCpuKernelOptions options = tritiumCpuKernelOptionsGetDefault();
  options.optLevel = 1;
  TritiumCpuKernel kernel = {NULL};
  MlirLogicalResult loaded = tritiumCpuKernelLoad(m, options, &kernel);
  mlirModuleDestroy(m);
  EXPECT(mlirLogicalResultIsSuccess(loaded));
  if (mlirLogicalResultIsFailure(loaded))
    return 0;
  float x[128], y[128], out[128];
  for (int i = 0; i < 128; ++i) {
    x[i] = (float)i;
    y[i] = (float)(2 * i);
    out[i] = -1.0f;
  }
  void *px = x, *py = y, *pout = out;
  int32_t n = 100;
  float k = 0.5f;
  void *args[5] = {&px, &py, &pout, &n, &k};
  int ok = mlirLogicalResultIsSuccess(tritiumCpuKernelLaunch(kernel, 2, 1, 1, args, 1));
  for (int i = 0; i < 128; ++i)
    ok = ok && out[i] == (i < 100 ? 2.0f * (float)i : -1.0f);
  tritiumCpuKernelDestroy(kernel);
  return ok;
}

static Text reference;

typedef struct {
  MlirContext shared; /* null: the thread makes its own */
  int index;
} Job;

static void *work(void *arg) {
  Job *job = arg;
  MlirContext ctx = mlirContextIsNull(job->shared) ? newContext() : job->shared;
  for (int round = 0; round < ROUNDS; ++round) {
    Text t = ptx(ctx);
    EXPECT(t.data && reference.data && t.size == reference.size && !memcmp(t.data, reference.data, t.size));
    free(t.data);
    EXPECT(runCpu(ctx));
  }
  if (mlirContextIsNull(job->shared))
    mlirContextDestroy(ctx);
  return NULL;
}

static void runThreads(MlirContext shared, const char *what) {
  pthread_t threads[THREADS];
  Job jobs[THREADS];
  for (int i = 0; i < THREADS; ++i) {
    jobs[i].shared = shared;
    jobs[i].index = i;
    EXPECT(pthread_create(&threads[i], NULL, work, &jobs[i]) == 0);
  }
  for (int i = 0; i < THREADS; ++i)
    pthread_join(threads[i], NULL);
  printf("%s: %d threads x %d rounds done\n", what, THREADS, ROUNDS);
}

int main(void) {
  /* The single-threaded reference. */
  MlirContext first = newContext();
  reference = ptx(first);
  EXPECT(reference.data && strstr(reference.data, ".entry axpy"));
  EXPECT(runCpu(first));
  mlirContextDestroy(first);

  /* One context per thread. */
  runThreads((MlirContext){NULL}, "separate contexts");

  /* One context shared by every thread, its dialects loaded up front. */
  MlirContext shared = newContext();
  mlirContextLoadAllAvailableDialects(shared);
  runThreads(shared, "shared context");
  mlirContextDestroy(shared);

  free(reference.data);
  printf("threads: %d checks, %d failed\n", atomic_load(&checks), atomic_load(&failures));
  return atomic_load(&failures) != 0;
}
