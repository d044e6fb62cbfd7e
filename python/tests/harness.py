"""What python/tests/test_*.py share: `expect` (the exception a call must
raise) and `run_tests` (run a module's test_* functions as a script, report
each failure, print `<name>: passed/total passed`). pytest can run the same
test_* functions without it."""

import sys


def expect(exc_type, fn, *args, **kw):
    """Calls `fn` and returns the `exc_type` it raises; fails if it raises none."""
    try:
        fn(*args, **kw)
    except exc_type as e:
        return e
    raise AssertionError(f"{fn} did not raise {exc_type.__name__}")


def run_tests(namespace, name):
    """Runs every callable `test_*` of `namespace` (a module's globals) in name
    order; `-v` prints the passing ones too. Returns the exit status."""
    verbose = "-v" in sys.argv
    tests = [(k, v) for k, v in sorted(namespace.items()) if k.startswith("test_") and callable(v)]
    failed = 0
    for test, fn in tests:
        try:
            fn()
            if verbose:
                print(f"  PASS {test}")
        except Exception as e:  # report every test, then fail
            failed += 1
            print(f"  FAIL {test}: {type(e).__name__}: {e}")
    print(f"{name}: {len(tests) - failed}/{len(tests)} passed")
    return 1 if failed else 0
