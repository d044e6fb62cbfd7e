/* npy.c - tritiumCpuKernelParseNpy reads a .npy buffer only when it says exactly what the argument takes. */
// RUN: tritium-capi-npy 2>&1 | FileCheck %s
// RUN: %if asan %{ tritium-capi-npy-asan 2>&1 | FileCheck %s %}
// CHECK-NOT: FAIL
// CHECK: npy: {{[0-9]+}} checks, 0 failed
//
// Issue 26, class 3: tritium-run skipped a .npy header unread, so a file of
// another dtype, shape or byte order ran on garbage. The header is parsed
// in the library now (tests/cpu/npy-inputs.mlir runs tritium-run on files
// NumPy wrote); here the files are built byte by byte, for every pointee type
// tritium-run supports and the corner cases NumPy does not write.

#include "tritium-c/Cpu.h"
#include "tritium-c/Dialects.h"

#include "mlir-c/IR.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "expect.h"

/* One argument per pointee type, then a scalar; program 0 doubles f[0]. */
static const char *kKernel =
    "module {\n"
    "  tt.func public @k(%a: !tt.ptr<bf16>, %b: !tt.ptr<i1>, %c: !tt.ptr<i64>, %d: !tt.ptr<i8>,\n"
    "                    %e: !tt.ptr<f16>, %f: !tt.ptr<f32>, %g: !tt.ptr<f64, 1>, %n: i32) {\n"
    "    %v = tt.load %f : !tt.ptr<f32>\n"
    "    %w = arith.addf %v, %v : f32\n"
    "    tt.store %f, %w : !tt.ptr<f32>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static TritiumCpuKernel kernel;
static unsigned char file[4096];

/* Builds a .npy file of format `major`.0 with this header dict and data;
 * returns its size. */
static size_t npy(int major, const char *dict, const void *data, size_t bytes) {
  size_t prefix = major == 1 ? 10 : 12, n = strlen(dict);
  size_t header = n + 1;
  while ((prefix + header) % 64)
    ++header;
  memcpy(file, "\x93NUMPY", 6);
  file[6] = (unsigned char)major;
  file[7] = 0;
  file[8] = (unsigned char)(header & 0xff);
  file[9] = (unsigned char)(header >> 8);
  if (major != 1)
    file[10] = file[11] = 0;
  memcpy(file + prefix, dict, n);
  memset(file + prefix + n, ' ', header - n - 1);
  file[prefix + header - 1] = '\n';
  memcpy(file + prefix + header, data, bytes);
  return prefix + header + bytes;
}

/* Parses `size` bytes of `file` for argument `index`: the array, or a null
 * one after checking that the error contains `why` (when not NULL). */
static TritiumCpuArray parse(intptr_t index, size_t size, int64_t expected, const char *why) {
  TritiumCpuArray array = {(void *)1};
  MlirStringRef contents = {(const char *)file, size};
  MlirLogicalResult r = tritiumCpuKernelParseNpy(kernel, index, contents, expected, &array);
  MlirStringRef error = tritiumCpuKernelGetLastError(kernel);
  if (mlirLogicalResultIsSuccess(r)) {
    EXPECT(array.ptr != NULL && error.length == 0);
    if (why)
      printf("FAIL: accepted, expected an error saying '%s'\n", why), ++failures;
    return array;
  }
  EXPECT(array.ptr == NULL);
  char text[512];
  snprintf(text, sizeof(text), "%.*s", (int)error.length, error.data);
  printf("argument %ld: %s\n", (long)index, text);
  if (!why || !strstr(text, why)) {
    ++failures;
    printf("FAIL: the error does not say '%s'\n", why ? why : "(no error expected)");
  }
  return array;
}

static const char *kF32x4 = "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }";

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tritiumRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernel));
  EXPECT(!mlirModuleIsNull(module));
  if (mlirModuleIsNull(module))
    return 1;
  MlirLogicalResult loaded = tritiumCpuKernelLoad(module, tritiumCpuKernelOptionsGetDefault(), &kernel);
  EXPECT(mlirLogicalResultIsSuccess(loaded));
  if (mlirLogicalResultIsFailure(loaded))
    return 1;

  float f4[4] = {1.5f, -2.0f, 3.25f, 8.0f};
  size_t n;

  /* Every format version; the data is copied, 8-byte aligned. */
  for (int major = 1; major <= 3; ++major) {
    n = npy(major, kF32x4, f4, sizeof(f4));
    TritiumCpuArray a = parse(5, n, 4, NULL);
    EXPECT(tritiumCpuArrayGetNumElements(a) == 4);
    EXPECT(tritiumCpuArrayGetRank(a) == 1 && tritiumCpuArrayGetDimSize(a, 0) == 4);
    EXPECT(tritiumCpuArrayGetDimSize(a, 1) == -1 && tritiumCpuArrayGetDimSize(a, -1) == -1);
    const float *data = tritiumCpuArrayGetData(a);
    EXPECT(data && ((uintptr_t)data % 8) == 0 && !memcmp(data, f4, sizeof(f4)));
    tritiumCpuArrayDestroy(a);
  }

  /* The array's data is a buffer a launch may use as is. */
  n = npy(1, kF32x4, f4, sizeof(f4));
  TritiumCpuArray fa = parse(5, n, -1, NULL);
  void *pointers[8] = {0};
  void *args[8];
  int32_t scalar = 0;
  for (int i = 0; i < 7; ++i)
    args[i] = &pointers[i];
  pointers[5] = tritiumCpuArrayGetData(fa);
  args[7] = &scalar;
  EXPECT(mlirLogicalResultIsSuccess(tritiumCpuKernelLaunch(kernel, 1, 1, 1, args, 1)));
  EXPECT(((float *)tritiumCpuArrayGetData(fa))[0] == 3.0f);
  tritiumCpuArrayDestroy(fa);

  /* Each pointee type takes its own descr, and no other. */
  uint16_t bf16[2] = {0x3f80, 0xc000}; /* 1.0, -2.0 */
  n = npy(1, "{'descr': '|V2', 'fortran_order': False, 'shape': (2,), }", bf16, sizeof(bf16));
  TritiumCpuArray a = parse(0, n, 2, NULL);
  EXPECT(a.ptr && !memcmp(tritiumCpuArrayGetData(a), bf16, sizeof(bf16)));
  tritiumCpuArrayDestroy(a);
  n = npy(1, "{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }", bf16, sizeof(bf16));
  parse(0, n, -1, "argument 0 (!tt.ptr<bf16>): the .npy dtype is '<u2', the kernel takes bf16 elements");
  n = npy(1, "{'descr': '<f2', 'fortran_order': False, 'shape': (2,), }", bf16, sizeof(bf16));
  parse(0, n, -1, "the kernel takes bf16 elements");
  tritiumCpuArrayDestroy(parse(4, n, 2, NULL)); /* <f2 is f16's */

  unsigned char bools[3] = {1, 0, 1};
  n = npy(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", bools, 3);
  tritiumCpuArrayDestroy(parse(1, n, 3, NULL));
  parse(3, n, -1, "argument 3 (!tt.ptr<i8>): the .npy dtype is '|b1'");
  bools[1] = 2;
  n = npy(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", bools, 3);
  parse(1, n, -1, "element 1 of the .npy bool array is 2, not 0 or 1");

  signed char i8[2] = {-3, 7};
  n = npy(1, "{'descr': '|i1', 'fortran_order': False, 'shape': (2,), }", i8, 2);
  tritiumCpuArrayDestroy(parse(3, n, 2, NULL));
  n = npy(1, "{'descr': '|u1', 'fortran_order': False, 'shape': (2,), }", i8, 2);
  parse(3, n, -1, "the .npy dtype is '|u1', the kernel takes i8 elements ('|i1')");

  /* Big-endian data is converted. */
  unsigned char be64[16] = {0, 0, 0, 0, 0, 0, 0x01, 0x02, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe};
  n = npy(1, "{'descr': '>i8', 'fortran_order': False, 'shape': (2,), }", be64, 16);
  a = parse(2, n, 2, NULL);
  EXPECT(a.ptr && ((int64_t *)tritiumCpuArrayGetData(a))[0] == 0x102 && ((int64_t *)tritiumCpuArrayGetData(a))[1] == -2);
  tritiumCpuArrayDestroy(a);
  double d2[2] = {0.5, 4.0};
  n = npy(2, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 1), }", d2, 16);
  a = parse(6, n, 2, NULL); /* !tt.ptr<f64, 1>: the address space does not matter */
  EXPECT(a.ptr && tritiumCpuArrayGetRank(a) == 2 && tritiumCpuArrayGetDimSize(a, 1) == 1);
  tritiumCpuArrayDestroy(a);

  /* fortran_order True: transposed to C order. A 2x3x2 array stored column-major. */
  float fo[12], expect[12];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k) {
        float v = (float)(100 * i + 10 * j + k);
        expect[(i * 3 + j) * 2 + k] = v;
        fo[i + 2 * (j + 3 * k)] = v;
      }
  n = npy(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3, 2), }", fo, sizeof(fo));
  a = parse(5, n, 12, NULL);
  EXPECT(a.ptr && !memcmp(tritiumCpuArrayGetData(a), expect, sizeof(expect)));
  EXPECT(tritiumCpuArrayGetRank(a) == 3 && tritiumCpuArrayGetDimSize(a, 2) == 2);
  tritiumCpuArrayDestroy(a);

  /* A 0-d array holds one element; shape (0,) none. */
  n = npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (), }", f4, 4);
  a = parse(5, n, 1, NULL);
  EXPECT(tritiumCpuArrayGetNumElements(a) == 1 && tritiumCpuArrayGetRank(a) == 0);
  tritiumCpuArrayDestroy(a);
  n = npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (0,), }", f4, 0);
  a = parse(5, n, 0, NULL);
  EXPECT(tritiumCpuArrayGetNumElements(a) == 0 && tritiumCpuArrayGetData(a) != NULL);
  tritiumCpuArrayDestroy(a);

  /* The extent: the expected count, and exactly the shape's bytes. */
  n = npy(1, kF32x4, f4, sizeof(f4));
  parse(5, n, 5, "the .npy array has 4 elements (shape (4,)), the launch expects 5");
  parse(5, n, 0, "the launch expects 0");
  parse(5, n, -2, "-1 (any) or at least 0");
  parse(5, n - 1, -1, "truncated .npy data");
  n = npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", f4, sizeof(f4));
  parse(5, n, -1, "4 bytes after its data");
  n = npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (9223372036854775807, 2), }", f4, 16);
  parse(5, n, -1, "has too many elements");
  n = npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3.0), }", f4, 16);
  parse(5, n, -1, "malformed .npy header");

  /* Malformed preambles and headers. */
  n = npy(1, kF32x4, f4, sizeof(f4));
  for (size_t cut = 0; cut < 64; ++cut)
    parse(5, cut, -1, cut < 8 ? "no \\x93NUMPY magic" : "truncated .npy header");
  file[7] = 1; /* version 1.1 */
  parse(5, n, -1, "unsupported .npy format version 1.1");
  n = npy(1, kF32x4, f4, sizeof(f4));
  file[9] = 0xff; /* a header length past the end */
  parse(5, n, -1, "truncated .npy header: it claims");
  n = npy(2, kF32x4, f4, sizeof(f4));
  file[11] = 0xff; /* a 4 GiB header */
  parse(5, n, -1, "truncated .npy header: it claims");
  n = npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), 'descr': '<f4'}", f4, sizeof(f4));
  parse(5, n, -1, "key 'descr' appears twice");
  n = npy(1, "{'descr': '<f4', 'fortran_order': 0, 'shape': (4,), }", f4, sizeof(f4));
  parse(5, n, -1, "'fortran_order' value is not a bool");
  n = npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': [4], 'extra': None}", f4, sizeof(f4));
  parse(5, n, -1, "unknown key 'extra'");
  n = npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\xe9", f4, sizeof(f4));
  parse(5, n, -1, "not ASCII");
  n = npy(3, "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\xe9", f4, sizeof(f4));
  parse(5, n, -1, "not UTF-8");
  n = npy(1, "{'descr': [('x', '<f4')], 'fortran_order': False, 'shape': (4,), }", f4, sizeof(f4));
  parse(5, n, -1, "is structured");

  /* Arguments that take no .npy buffer, and careless calls. */
  n = npy(1, kF32x4, f4, sizeof(f4));
  parse(7, n, -1, "argument 7 (i32) is not a pointer");
  parse(8, n, -1, "has no argument 8");
  parse(-1, n, -1, "has no argument -1");
  TritiumCpuArray out = {(void *)1};
  MlirStringRef null = {NULL, 4};
  EXPECT(mlirLogicalResultIsFailure(tritiumCpuKernelParseNpy(kernel, 5, null, -1, &out)) && out.ptr == NULL);
  MlirStringRef ok = {(const char *)file, n};
  EXPECT(mlirLogicalResultIsFailure(tritiumCpuKernelParseNpy(kernel, 5, ok, -1, NULL)));
  TritiumCpuKernel none = {NULL};
  EXPECT(mlirLogicalResultIsFailure(tritiumCpuKernelParseNpy(none, 5, ok, -1, &out)) && out.ptr == NULL);
  TritiumCpuArray empty = {NULL};
  EXPECT(tritiumCpuArrayGetData(empty) == NULL && tritiumCpuArrayGetNumElements(empty) == -1);
  EXPECT(tritiumCpuArrayGetRank(empty) == -1 && tritiumCpuArrayGetDimSize(empty, 0) == -1);
  tritiumCpuArrayDestroy(empty);
  /* Mutants: 20,000 copies of a valid file with 1 to 4 random bytes of the
   * preamble and header replaced. None may crash (the ASan build runs them
   * too); an accepted one must describe exactly its data: 4-byte elements,
   * as many as the bytes after its header. */
  {
    n = npy(1, kF32x4, f4, sizeof(f4));
    unsigned char valid[256];
    memcpy(valid, file, n);
    size_t header_end = n - sizeof(f4);
    uint64_t seed = 0x9e3779b97f4a7c15ULL;
    int accepted = 0, refused = 0, wrong = 0;
    for (int m = 0; m < 20000; ++m) {
      memcpy(file, valid, n);
      int edits = 1 + (int)((seed >> 60) & 3);
      for (int e = 0; e < edits; ++e) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        size_t at = (size_t)((seed >> 33) % header_end);
        file[at] = (unsigned char)(seed >> 20);
      }
      TritiumCpuArray arr = {NULL};
      MlirStringRef bytes = {(const char *)file, n};
      if (mlirLogicalResultIsSuccess(tritiumCpuKernelParseNpy(kernel, 5, bytes, -1, &arr))) {
        ++accepted;
        size_t header = 10 + (size_t)(file[8] | (file[9] << 8));
        if (header > n || (size_t)tritiumCpuArrayGetNumElements(arr) * 4 != n - header)
          ++wrong;
        tritiumCpuArrayDestroy(arr);
      } else {
        ++refused;
      }
    }
    printf("mutants: %d accepted, %d refused, %d accepted with a wrong extent\n", accepted, refused, wrong);
    EXPECT(wrong == 0 && accepted + refused == 20000 && refused > 0);
  }

  /* A success clears the error of the last failure. */
  n = npy(1, kF32x4, f4, sizeof(f4));
  parse(5, n, 3, "the launch expects 3");
  tritiumCpuArrayDestroy(parse(5, n, 4, NULL));
  EXPECT(tritiumCpuKernelGetLastError(kernel).length == 0);

  tritiumCpuKernelDestroy(kernel);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  printf("npy: %d checks, %d failed\n", checks, failures);
  return failures != 0;
}
