/*===- tritium-run.c - Run a Triton kernel on this machine's CPU -----------===*\
|*                                                                            *|
|* Plain C over the C API (tritium-c/Cpu.h): parses a TTIR module, compiles   *|
|* its kernel for the host (tritiumCpuKernelLoad), launches the grid on a     *|
|* thread pool (tritiumCpuKernelLaunch), and reads/writes buffers from/to     *|
|* raw or .npy files.                                                         *|
\*===----------------------------------------------------------------------===*/

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "tritium-c/Cpu.h"
#include "tritium-c/Dialects.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *USAGE =
    "usage: tritium-run KERNEL.ttir.mlir --grid X[,Y[,Z]] [--arg SPEC]... [options]\n"
    "\n"
    "Compiles the kernel of a TTIR module (make_ttir's output) for this CPU and\n"
    "runs every program id of the grid on a pool of threads.\n"
    "\n"
    "One --arg per kernel argument, in order:\n"
    "  NUMBER              a scalar argument (i1..i64, f16..f64), e.g. 1024 or 0.5;\n"
    "                      it must fit the type: never truncated or wrapped\n"
    "  vals:V1,V2,...      a buffer holding these values (of the pointee type)\n"
    "  zeros:N             a buffer of N zeros\n"
    "  in:FILE[:N]         a buffer read from FILE: raw bytes (whole elements), or\n"
    "                      a .npy file whose dtype must be the pointee type's\n"
    "                      (header checked); with :N it must hold N elements\n"
    "  inout:FILE[:N]      read from FILE, written back after the run\n"
    "  out:FILE:N          N zeros, written to FILE after the run (.npy: with a header)\n"
    "  print:N             N zeros, printed after the run (`arg I: v0 v1 ...`)\n"
    "  a buffer spec may end with @print to print it after the run too\n"
    "\n"
    "Options:\n"
    "  --target cpu        the only target tritium-run runs (default)\n"
    "  --grid X[,Y[,Z]]    the grid (required)\n"
    "  --threads N         worker threads (default, or 0: one per core)\n"
    "  -O N                LLVM optimization level, 0-3 (default 3)\n"
    "  --time              print the compile and run times\n"
    "  --help              this text\n"
    "\n"
    "Example:\n"
    "  tritium-run vec_add.ttir.mlir --grid 2 --arg vals:1,2,3 --arg vals:10,20,30 \\\n"
    "      --arg print:3 --arg 3\n";

/* ---- diagnostics, printed as `file:line:col: error: ...` ---- */

static void printLocation(MlirLocation loc, int depth) {
  if (mlirLocationIsNull(loc) || depth > 16)
    return;
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    fprintf(stderr, "%.*s:%d:%d: ", (int)file.length, file.data,
            mlirLocationFileLineColRangeGetStartLine(loc),
            mlirLocationFileLineColRangeGetStartColumn(loc));
  } else if (mlirLocationIsAName(loc)) {
    printLocation(mlirLocationNameGetChildLoc(loc), depth + 1);
  } else if (mlirLocationIsACallSite(loc)) {
    printLocation(mlirLocationCallSiteGetCallee(loc), depth + 1);
  }
}

static void printText(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stderr);
}

static MlirLogicalResult handleDiagnostic(MlirDiagnostic diagnostic, void *userData) {
  (void)userData;
  printLocation(mlirDiagnosticGetLocation(diagnostic), 0);
  MlirDiagnosticSeverity s = mlirDiagnosticGetSeverity(diagnostic);
  fprintf(stderr, "%s: ", s == MlirDiagnosticError     ? "error"
                          : s == MlirDiagnosticWarning ? "warning"
                          : s == MlirDiagnosticNote    ? "note"
                                                       : "remark");
  mlirDiagnosticPrint(diagnostic, printText, NULL);
  fputc('\n', stderr);
  return mlirLogicalResultSuccess();
}

/* ---- element types ---- */

typedef enum { T_INT, T_UINT, T_FLOAT, T_HALF, T_BF16 } Kind;

typedef struct {
  Kind kind;
  int bytes;
  const char *npy; /* numpy dtype descr */
} ElemType;

/* The element type named `name` (i32, f16, ...); false if unknown. */
static bool parseElemType(const char *name, size_t n, ElemType *t) {
  static const struct {
    const char *name;
    ElemType type;
  } table[] = {
      {"i1", {T_UINT, 1, "|b1"}},   {"i8", {T_INT, 1, "|i1"}},   {"i16", {T_INT, 2, "<i2"}},
      {"i32", {T_INT, 4, "<i4"}},   {"i64", {T_INT, 8, "<i8"}},  {"f16", {T_HALF, 2, "<f2"}},
      {"bf16", {T_BF16, 2, "<V2"}}, {"f32", {T_FLOAT, 4, "<f4"}}, {"f64", {T_FLOAT, 8, "<f8"}},
  };
  for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); ++i)
    if (strlen(table[i].name) == n && !strncmp(table[i].name, name, n)) {
      *t = table[i].type;
      return true;
    }
  return false;
}

static uint16_t floatToHalf(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000, mant = x & 0x7fffff;
  int exp = (int)((x >> 23) & 0xff) - 127 + 15;
  if (((x >> 23) & 0xff) == 0xff)
    return (uint16_t)(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31)
    return (uint16_t)(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10)
      return (uint16_t)sign;
    mant |= 0x800000;
    uint32_t shift = (uint32_t)(14 - exp);
    uint32_t h = mant >> shift, rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1)))
      ++h;
    return (uint16_t)(sign | h);
  }
  uint32_t h = sign | ((uint32_t)exp << 10) | (mant >> 13);
  uint32_t rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
    ++h;
  return (uint16_t)h;
}

static float halfToFloat(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, mant = h & 0x3ff, x;
  if (exp == 0) {
    if (mant == 0) {
      x = sign;
    } else {
      exp = 127 - 15 + 1;
      while (!(mant & 0x400)) {
        mant <<= 1;
        --exp;
      }
      x = sign | (exp << 23) | ((mant & 0x3ff) << 13);
    }
  } else if (exp == 31) {
    x = sign | 0x7f800000 | (mant << 13);
  } else {
    x = sign | ((exp + 127 - 15) << 23) | (mant << 13);
  }
  float f;
  memcpy(&f, &x, 4);
  return f;
}

/* Stores `v` (read as a double, or an integer for integers) at `p`. */
static void storeValue(void *p, ElemType t, double v, long long iv, bool isInt) {
  switch (t.kind) {
  case T_INT:
  case T_UINT: {
    long long x = isInt ? iv : (long long)v;
    memcpy(p, &x, (size_t)t.bytes); /* little-endian: the low bytes */
    break;
  }
  case T_FLOAT:
    if (t.bytes == 4) {
      float f = (float)(isInt ? (double)iv : v);
      memcpy(p, &f, 4);
    } else {
      double d = isInt ? (double)iv : v;
      memcpy(p, &d, 8);
    }
    break;
  case T_HALF: {
    uint16_t h = floatToHalf((float)(isInt ? (double)iv : v));
    memcpy(p, &h, 2);
    break;
  }
  case T_BF16: {
    float f = (float)(isInt ? (double)iv : v);
    uint32_t x;
    memcpy(&x, &f, 4);
    uint16_t b = (uint16_t)((x + 0x7fff + ((x >> 16) & 1)) >> 16);
    memcpy(p, &b, 2);
    break;
  }
  }
}

typedef enum { PARSE_OK, PARSE_NOT_NUMBER, PARSE_OUT_OF_RANGE } ParseResult;

/* The range of the integer type `t` as text, for errors. */
static void describeRange(ElemType t, char *out, size_t size) {
  if (t.kind == T_UINT) {
    snprintf(out, size, "[0, 1] (or true/false)");
    return;
  }
  if (t.kind != T_INT) {
    const char *max = t.kind == T_HALF ? "65504" : t.kind == T_BF16 ? "3.38953e+38"
                      : t.bytes == 4   ? "3.40282e+38" : "1.79769e+308";
    snprintf(out, size, "finite values round to at most %s in magnitude (inf and nan are allowed as written)", max);
    return;
  }
  int bits = 8 * t.bytes;
  long long hi = bits == 64 ? LLONG_MAX : (1LL << (bits - 1)) - 1;
  snprintf(out, size, "[%lld, %lld]", -hi - 1, hi);
}

/* Parses a number of type `t` into `p`. An integer must be representable in
 * `t` (i1: 0 or 1; i8..i64: their signed range); a finite float must not
 * round to infinity in `t`. Nothing is truncated or wrapped. */
static ParseResult parseValue(const char *text, ElemType t, void *p) {
  char *end = NULL;
  errno = 0;
  /* No surrounding blanks (strtoll/strtod would skip leading ones). */
  if (!*text || isspace((unsigned char)text[0]))
    return PARSE_NOT_NUMBER;
  if (t.kind == T_INT || t.kind == T_UINT) {
    if (!strcmp(text, "true") || !strcmp(text, "false")) {
      storeValue(p, t, 0, text[0] == 't', true);
      return PARSE_OK;
    }
    /* Decimal, or hexadecimal with 0x: a leading 0 is not octal (010 is 10). */
    const char *digits = text + (text[0] == '-' || text[0] == '+');
    int base = (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) ? 16 : 10;
    long long v = strtoll(text, &end, base);
    if (end == text || *end)
      return PARSE_NOT_NUMBER;
    if (errno == ERANGE)
      return PARSE_OUT_OF_RANGE;
    if (t.kind == T_UINT) {
      if (v != 0 && v != 1)
        return PARSE_OUT_OF_RANGE;
    } else if (t.bytes < 8) {
      long long hi = (1LL << (8 * t.bytes - 1)) - 1;
      if (v < -hi - 1 || v > hi)
        return PARSE_OUT_OF_RANGE;
    }
    storeValue(p, t, 0, v, true);
    return PARSE_OK;
  }
  double v = strtod(text, &end);
  if (end == text || *end)
    return PARSE_NOT_NUMBER;
  if (errno == ERANGE && isinf(v))
    return PARSE_OUT_OF_RANGE; /* beyond double */
  storeValue(p, t, v, 0, false);
  if (isfinite(v)) {
    /* The stored value must not have overflowed to infinity. */
    double stored = v;
    if (t.kind == T_FLOAT && t.bytes == 4)
      stored = (double)*(const float *)p;
    else if (t.kind == T_HALF)
      stored = (double)halfToFloat(*(const uint16_t *)p);
    else if (t.kind == T_BF16) {
      uint32_t x = (uint32_t)(*(const uint16_t *)p) << 16;
      float f;
      memcpy(&f, &x, 4);
      stored = (double)f;
    }
    if (isinf(stored))
      return PARSE_OUT_OF_RANGE;
  }
  return PARSE_OK;
}

static void printElement(const void *p, ElemType t) {
  switch (t.kind) {
  case T_INT: {
    long long v = 0;
    if (t.bytes == 1) v = *(const int8_t *)p;
    if (t.bytes == 2) v = *(const int16_t *)p;
    if (t.bytes == 4) v = *(const int32_t *)p;
    if (t.bytes == 8) v = *(const int64_t *)p;
    printf("%lld", v);
    break;
  }
  case T_UINT:
    printf("%u", (unsigned)*(const uint8_t *)p);
    break;
  case T_FLOAT:
    printf("%g", t.bytes == 4 ? (double)*(const float *)p : *(const double *)p);
    break;
  case T_HALF:
    printf("%g", (double)halfToFloat(*(const uint16_t *)p));
    break;
  case T_BF16: {
    uint32_t x = (uint32_t)(*(const uint16_t *)p) << 16;
    float f;
    memcpy(&f, &x, 4);
    printf("%g", (double)f);
    break;
  }
  }
}

/* ---- arguments ---- */

typedef struct {
  const char *spec;
  bool isPointer;
  ElemType elem;
  unsigned char scalar[8]; /* a scalar's value */
  void *buffer;            /* a buffer's memory (for a pointer: `pointer` holds it) */
  void *pointer;
  size_t count;
  int64_t *shape; /* a .npy input's shape (rank `rank`), written back as read */
  int rank;
  const char *writeTo; /* written back after the run */
  bool print;
} Arg;

static bool endsWith(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

/* Reads `path` into a new buffer for argument `index` of `kernel`: a .npy
 * file through tritiumCpuKernelParseNpy (its header must match the pointee
 * type; C order, native byte order), any other file as raw elements (its
 * size a whole number of them). `expected`: the element count the spec
 * gave, or -1. */
static bool readFile(const char *path, Arg *a, int index, TritiumCpuKernel kernel, long long expected) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "tritium-run: argument %d: cannot read '%s'\n", index, path);
    return false;
  }
  long size = -1;
  if (fseek(f, 0, SEEK_END) == 0)
    size = ftell(f);
  if (size < 0 || fseek(f, 0, SEEK_SET) != 0) {
    fprintf(stderr, "tritium-run: argument %d: cannot read '%s'\n", index, path);
    fclose(f);
    return false;
  }
  char *contents = malloc(size ? (size_t)size : 1);
  bool ok = contents && fread(contents, 1, (size_t)size, f) == (size_t)size;
  fclose(f);
  if (!ok) {
    fprintf(stderr, "tritium-run: argument %d: cannot read '%s'\n", index, path);
    free(contents);
    return false;
  }
  size_t elem = (size_t)a->elem.bytes;
  if (endsWith(path, ".npy")) {
    TritiumCpuArray array = {NULL};
    MlirStringRef bytes = {contents, (size_t)size};
    if (mlirLogicalResultIsFailure(tritiumCpuKernelParseNpy(kernel, index, bytes, expected, &array))) {
      MlirStringRef why = tritiumCpuKernelGetLastError(kernel);
      fprintf(stderr, "tritium-run: '%s': %.*s\n", path, (int)why.length, why.data);
      free(contents);
      return false;
    }
    free(contents);
    a->count = (size_t)tritiumCpuArrayGetNumElements(array);
    a->rank = (int)tritiumCpuArrayGetRank(array);
    a->shape = calloc(a->rank ? (size_t)a->rank : 1, sizeof(int64_t));
    a->buffer = calloc(a->count ? a->count : 1, elem);
    if (a->shape && a->buffer) {
      for (int d = 0; d < a->rank; ++d)
        a->shape[d] = tritiumCpuArrayGetDimSize(array, d);
      memcpy(a->buffer, tritiumCpuArrayGetData(array), a->count * elem);
    }
    tritiumCpuArrayDestroy(array);
    return true; /* an allocation failure is reported by the caller */
  }
  a->rank = -1;
  if ((size_t)size % elem) {
    fprintf(stderr, "tritium-run: argument %d: '%s' has %ld bytes, not a whole number of %d-byte elements\n", index,
            path, size, a->elem.bytes);
    free(contents);
    return false;
  }
  a->count = (size_t)size / elem;
  if (expected >= 0 && a->count != (size_t)expected) {
    fprintf(stderr, "tritium-run: argument %d: '%s' holds %zu elements, expected %lld\n", index, path, a->count,
            expected);
    free(contents);
    return false;
  }
  a->buffer = contents;
  return true;
}

static bool writeBuffer(const Arg *a) {
  FILE *f = fopen(a->writeTo, "wb");
  if (!f) {
    fprintf(stderr, "tritium-run: cannot write '%s'\n", a->writeTo);
    return false;
  }
  bool ok = true;
  if (endsWith(a->writeTo, ".npy")) {
    /* The shape the input had (a .npy inout), else one dimension. */
    char shape[2048] = "";
    size_t used = 0;
    if (a->rank < 0 || !a->shape)
      snprintf(shape, sizeof(shape), "%zu,", a->count);
    for (int d = 0; a->rank >= 0 && a->shape && d < a->rank && used < sizeof(shape); ++d)
      used += (size_t)snprintf(shape + used, sizeof(shape) - used, d + 1 == a->rank && d ? "%lld" : "%lld, ",
                               (long long)a->shape[d]);
    char dict[2200];
    int n = snprintf(dict, sizeof(dict), "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", a->elem.npy,
                     shape);
    if (n < 0 || (size_t)n >= sizeof(dict) || used >= sizeof(shape)) {
      fprintf(stderr, "tritium-run: cannot write '%s': its shape is too long\n", a->writeTo);
      fclose(f);
      return false;
    }
    int total = 10 + n + 1;
    int pad = (64 - total % 64) % 64;
    unsigned headerLength = (unsigned)(n + pad + 1);
    unsigned char head[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(headerLength & 0xff),
                              (unsigned char)(headerLength >> 8)};
    ok = fwrite(head, 1, 10, f) == 10 && fwrite(dict, 1, (size_t)n, f) == (size_t)n;
    for (int i = 0; i < pad && ok; ++i)
      ok = fputc(' ', f) != EOF;
    ok = ok && fputc('\n', f) != EOF;
  }
  size_t bytes = a->count * (size_t)a->elem.bytes;
  ok = ok && fwrite(a->buffer, 1, bytes, f) == bytes;
  ok = (fclose(f) == 0) && ok;
  if (!ok)
    fprintf(stderr, "tritium-run: cannot write '%s'\n", a->writeTo);
  return ok;
}

/* Parses a buffer's element count N (all of `text`, decimal, 0 to 2^40);
 * false with an error naming the argument otherwise. */
static bool parseCount(const char *text, int index, const char *kind, size_t *count) {
  char *end = NULL;
  errno = 0;
  unsigned long long v = (*text >= '0' && *text <= '9') ? strtoull(text, &end, 10) : 0;
  if (!end || end == text || *end || errno || v > (1ULL << 40)) {
    fprintf(stderr, "tritium-run: argument %d: bad element count '%s' in %s: (expected 0 to %llu)\n", index, text, kind,
            1ULL << 40);
    return false;
  }
  *count = (size_t)v;
  return true;
}

/* Sets up argument `index` of MLIR type `type` from its spec. */
static bool setupArg(Arg *a, int index, MlirStringRef type, TritiumCpuKernel kernel) {
  char spec[4096];
  snprintf(spec, sizeof(spec), "%s", a->spec);
  const char *prefix = "!tt.ptr<";
  if (type.length > strlen(prefix) && !strncmp(type.data, prefix, strlen(prefix))) {
    a->isPointer = true;
    const char *name = type.data + strlen(prefix);
    size_t n = 0;
    while (name + n < type.data + type.length && name[n] != '>' && name[n] != ',')
      ++n;
    if (!parseElemType(name, n, &a->elem)) {
      fprintf(stderr, "tritium-run: argument %d: unsupported pointee type '%.*s'\n", index, (int)type.length,
              type.data);
      return false;
    }
    size_t len = strlen(spec);
    if (len > 6 && endsWith(spec, "@print")) {
      spec[len - 6] = '\0';
      a->print = true;
    }
    char *colon = strchr(spec, ':');
    if (!colon) {
      fprintf(stderr, "tritium-run: argument %d is a pointer (%.*s): give a buffer (vals:, zeros:, in:, inout:, out:, print:), not '%s'\n",
              index, (int)type.length, type.data, a->spec);
      return false;
    }
    *colon = '\0';
    const char *kind = spec, *rest = colon + 1;
    if (!strcmp(kind, "vals")) {
      size_t count = 1;
      for (const char *c = rest; *c; ++c)
        count += *c == ',';
      a->count = count;
      a->buffer = calloc(count, (size_t)a->elem.bytes);
      char *copy = strdup(rest);
      size_t i = 0;
      /* Every comma-separated token is one element: an empty one (`vals:`,
       * `1,,2`, a trailing comma) is an error, not a skipped element. */
      for (char *tok = copy, *next; tok; tok = next, ++i) {
        next = strchr(tok, ',');
        if (next)
          *next++ = '\0';
        if (!*tok) {
          fprintf(stderr, "tritium-run: argument %d: element %zu of vals: is empty\n", index, i);
          free(copy);
          return false;
        }
        switch (parseValue(tok, a->elem, (char *)a->buffer + i * (size_t)a->elem.bytes)) {
        case PARSE_OK:
          break;
        case PARSE_NOT_NUMBER:
          fprintf(stderr, "tritium-run: argument %d: '%s' is not a number\n", index, tok);
          free(copy);
          return false;
        case PARSE_OUT_OF_RANGE: {
          char range[96];
          describeRange(a->elem, range, sizeof(range));
          fprintf(stderr, "tritium-run: argument %d (%.*s): element %zu, '%s', is out of range for %.*s: %s\n", index,
                  (int)type.length, type.data, i, tok, (int)n, name, range);
          free(copy);
          return false;
        }
        }
      }
      free(copy);
    } else if (!strcmp(kind, "zeros") || !strcmp(kind, "print")) {
      if (!parseCount(rest, index, kind, &a->count))
        return false;
      a->buffer = calloc(a->count ? a->count : 1, (size_t)a->elem.bytes);
      a->print = a->print || !strcmp(kind, "print");
    } else if (!strcmp(kind, "in") || !strcmp(kind, "inout")) {
      /* FILE[:N]: N when the text after the last ':' is all digits. */
      long long expected = -1;
      char *last = strrchr(rest, ':');
      if (last && last[1] && strspn(last + 1, "0123456789") == strlen(last + 1)) {
        size_t n;
        if (!parseCount(last + 1, index, kind, &n))
          return false;
        expected = (long long)n;
        *last = '\0';
      }
      if (!readFile(rest, a, index, kernel, expected))
        return false;
      if (!strcmp(kind, "inout"))
        a->writeTo = strdup(rest);
    } else if (!strcmp(kind, "out")) {
      char *count = strrchr(colon + 1, ':');
      if (!count) {
        fprintf(stderr, "tritium-run: argument %d: out:FILE:N needs the element count N\n", index);
        return false;
      }
      *count = '\0';
      if (!parseCount(count + 1, index, kind, &a->count))
        return false;
      a->buffer = calloc(a->count ? a->count : 1, (size_t)a->elem.bytes);
      a->writeTo = strdup(rest);
    } else {
      fprintf(stderr, "tritium-run: argument %d: unknown buffer kind '%s'\n", index, kind);
      return false;
    }
    if (!a->buffer) {
      fprintf(stderr, "tritium-run: out of memory\n");
      return false;
    }
    a->pointer = a->buffer;
    return true;
  }
  if (!parseElemType(type.data, type.length, &a->elem)) {
    fprintf(stderr, "tritium-run: argument %d: unsupported type '%.*s'\n", index, (int)type.length, type.data);
    return false;
  }
  switch (parseValue(spec, a->elem, a->scalar)) {
  case PARSE_OK:
    break;
  case PARSE_NOT_NUMBER:
    fprintf(stderr, "tritium-run: argument %d (%.*s): '%s' is not %s\n", index, (int)type.length, type.data,
            a->spec, a->elem.kind == T_INT || a->elem.kind == T_UINT ? "an integer" : "a number");
    return false;
  case PARSE_OUT_OF_RANGE: {
    char range[96];
    describeRange(a->elem, range, sizeof(range));
    fprintf(stderr, "tritium-run: argument %d (%.*s): '%s' is out of range for %.*s: %s\n", index, (int)type.length,
            type.data, a->spec, (int)type.length, type.data, range);
    return false;
  }
  }
  return true;
}

/* ---- the driver ---- */

/* Parses all of `text` as a decimal integer in [lo, hi]; false otherwise. */
static bool parseIntIn(const char *text, long long lo, long long hi, long long *out) {
  char *end = NULL;
  errno = 0;
  if (!*text || (*text != '-' && *text != '+' && (*text < '0' || *text > '9')))
    return false;
  long long v = strtoll(text, &end, 10);
  if (errno || end == text || *end || v < lo || v > hi)
    return false;
  *out = v;
  return true;
}

/* Parses --grid X[,Y[,Z]]: each size positive and within Triton's (CUDA's)
 * launch limits, x < 2^31 and y, z < 65536; false with an error otherwise. */
static bool parseGrid(const char *text, int grid[3]) {
  static const long long limit[3] = {2147483647LL, 65535, 65535};
  static const char axis[3] = {'x', 'y', 'z'};
  char copy[256];
  if (strlen(text) >= sizeof(copy)) {
    fprintf(stderr, "tritium-run: bad --grid '%s' (expected X[,Y[,Z]])\n", text);
    return false;
  }
  strcpy(copy, text);
  int n = 0;
  char *start = copy;
  for (;;) {
    char *comma = strchr(start, ',');
    if (comma)
      *comma = '\0';
    if (n == 3) {
      fprintf(stderr, "tritium-run: bad --grid '%s': at most 3 dimensions (X[,Y[,Z]])\n", text);
      return false;
    }
    long long v;
    if (!parseIntIn(start, LLONG_MIN, LLONG_MAX, &v)) {
      fprintf(stderr, "tritium-run: bad --grid '%s': '%s' is not an integer (expected X[,Y[,Z]])\n", text, start);
      return false;
    }
    if (v <= 0 || v > limit[n]) {
      fprintf(stderr, "tritium-run: bad --grid '%s': grid size %c = %s is out of range [1, %lld] (Triton's limit)\n",
              text, axis[n], start, limit[n]);
      return false;
    }
    grid[n++] = (int)v;
    if (!comma)
      break;
    start = comma + 1;
  }
  return true;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define MAX_ARGS 256

int main(int argc, char **argv) {
  const char *input = NULL, *target = "cpu";
  const char *specs[MAX_ARGS];
  int numSpecs = 0, grid[3] = {0, 1, 1}, threads = 0, optLevel = 3;
  bool timing = false, haveGrid = false;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    bool hasValue = i + 1 < argc;
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      fputs(USAGE, stdout);
      return 0;
    } else if (!strcmp(arg, "--grid") && hasValue) {
      grid[1] = grid[2] = 1;
      if (!parseGrid(argv[++i], grid))
        return 1;
      haveGrid = true;
    } else if (!strcmp(arg, "--arg") && hasValue) {
      if (numSpecs == MAX_ARGS) {
        fprintf(stderr, "tritium-run: too many --arg\n");
        return 1;
      }
      specs[numSpecs++] = argv[++i];
    } else if (!strcmp(arg, "--threads") && hasValue) {
      long long v;
      const char *t = argv[++i];
      if (!parseIntIn(t, 0, 1 << 20, &v)) {
        fprintf(stderr, "tritium-run: bad --threads '%s' (expected 0 for one per core, or a thread count up to %d)\n",
                t, 1 << 20);
        return 1;
      }
      threads = (int)v;
    } else if ((!strcmp(arg, "-O") && hasValue) || (!strncmp(arg, "-O", 2) && arg[2])) {
      const char *o = arg[2] ? arg + 2 : argv[++i];
      long long v;
      if (!parseIntIn(o, 0, 3, &v)) {
        fprintf(stderr, "tritium-run: bad -O '%s' (expected 0, 1, 2 or 3)\n", o);
        return 1;
      }
      optLevel = (int)v;
    } else if (!strcmp(arg, "--target") && hasValue) {
      target = argv[++i];
    } else if (!strcmp(arg, "--time")) {
      timing = true;
    } else if (arg[0] == '-' && arg[1]) {
      fprintf(stderr, "tritium-run: unknown option or missing value: '%s'\n%s", arg, USAGE);
      return 1;
    } else if (!input) {
      input = arg;
    } else {
      fprintf(stderr, "tritium-run: more than one input ('%s', '%s')\n", input, arg);
      return 1;
    }
  }
  if (!input || !haveGrid) {
    fprintf(stderr, "tritium-run: %s\n%s", input ? "--grid is required" : "no input file", USAGE);
    return 1;
  }
  if (strcmp(target, "cpu")) {
    fprintf(stderr, "tritium-run: target '%s' is not supported: tritium-run runs kernels on the CPU (--target cpu)\n",
            target);
    return 1;
  }

  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tritiumRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, handleDiagnostic, NULL, NULL);

  int status = 1;
  MlirModule module = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(input));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "tritium-run: cannot parse '%s'\n", input);
    mlirContextDestroy(ctx);
    return 1;
  }
  TritiumCpuKernelOptions options = tritiumCpuKernelOptionsGetDefault();
  options.optLevel = optLevel;
  TritiumCpuKernel kernel = {NULL};
  double t0 = now();
  MlirLogicalResult loaded = tritiumCpuKernelLoad(module, options, &kernel);
  double t1 = now();
  mlirModuleDestroy(module);
  if (mlirLogicalResultIsFailure(loaded)) {
    fprintf(stderr, "tritium-run: cannot compile '%s' for the CPU\n", input);
    mlirContextDestroy(ctx);
    return 1;
  }
  MlirStringRef name = tritiumCpuKernelGetName(kernel);
  intptr_t numArgs = tritiumCpuKernelGetNumArguments(kernel);
  Arg args[MAX_ARGS];
  void *argv2[MAX_ARGS];
  memset(args, 0, sizeof(args));
  if (numArgs != numSpecs) {
    fprintf(stderr, "tritium-run: error: kernel '%.*s' takes %ld arguments, got %d --arg\n", (int)name.length,
            name.data, (long)numArgs, numSpecs);
    for (intptr_t i = 0; i < numArgs; ++i) {
      MlirStringRef t = tritiumCpuKernelGetArgumentType(kernel, i);
      fprintf(stderr, "  argument %ld: %.*s\n", (long)i, (int)t.length, t.data);
    }
    goto done;
  }
  for (int i = 0; i < numSpecs; ++i) {
    args[i].spec = specs[i];
    if (!setupArg(&args[i], i, tritiumCpuKernelGetArgumentType(kernel, i), kernel))
      goto done;
    argv2[i] = args[i].isPointer ? (void *)&args[i].pointer : (void *)args[i].scalar;
  }
  double t2 = now();
  if (mlirLogicalResultIsFailure(tritiumCpuKernelLaunch(kernel, grid[0], grid[1], grid[2], argv2, threads))) {
    MlirStringRef why = tritiumCpuKernelGetLastError(kernel);
    fprintf(stderr, "tritium-run: error: %.*s\n", (int)why.length, why.data);
    goto done;
  }
  double t3 = now();
  fflush(stdout); /* the kernel's own printf output first */
  status = 0;
  for (int i = 0; i < numSpecs; ++i) {
    if (args[i].print) {
      printf("arg %d:", i);
      for (size_t j = 0; j < args[i].count; ++j) {
        putchar(' ');
        printElement((char *)args[i].buffer + j * (size_t)args[i].elem.bytes, args[i].elem);
      }
      putchar('\n');
    }
    if (args[i].writeTo && !writeBuffer(&args[i]))
      status = 1;
  }
  if (timing)
    fprintf(stderr, "tritium-run: %.*s compiled in %.3f s, ran in %.6f s\n", (int)name.length, name.data, t1 - t0,
            t3 - t2);
done:
  for (int i = 0; i < numSpecs; ++i) {
    free(args[i].buffer);
    free(args[i].shape);
  }
  tritiumCpuKernelDestroy(kernel);
  mlirContextDestroy(ctx);
  return status;
}
