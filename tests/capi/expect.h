/* The C API tests' check counter: EXPECT(cond) counts a check and prints the
 * line of each one that fails; a test ends by printing `checks`/`failures`.
 * (tests/capi/threads.c has its own atomic form.) */
#ifndef TRITIUM_TESTS_CAPI_EXPECT_H
#define TRITIUM_TESTS_CAPI_EXPECT_H

#include <stdio.h>

static int checks, failures;

#define EXPECT(cond)                                                           \
  do {                                                                         \
    ++checks;                                                                  \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      printf("FAIL line %d: %s\n", __LINE__, #cond);                           \
    }                                                                          \
  } while (0)

#endif
