# lit configuration of Tritium's tests: stock mlir-opt with the plugin, and tritium-opt.
import os

import lit.formats

config.name = "Tritium"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".c"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["lit.cfg.py", "corpus", "fuzz", "gpu", "README.md", "CMakeLists.txt", "Inputs"]

repo = os.path.dirname(config.test_source_root)
build = os.environ.get("TRITIUM_BUILD_DIR", os.path.join(repo, "build"))
config.test_exec_root = os.path.join(build, "lit")
llvm_bin = "/usr/lib/llvm-22/bin"
plugin = os.path.join(build, "lib", "libtritium.so")

config.environment["PATH"] = os.pathsep.join(
    [os.path.join(build, "bin"), llvm_bin, config.environment.get("PATH", os.environ["PATH"])]
)
# tools/snapshot.py puts a FileCheck shim (it saves what each RUN line's tool printed) first.
if os.environ.get("TRITIUM_LIT_PATH_PREPEND"):
    config.environment["PATH"] = os.environ["TRITIUM_LIT_PATH_PREPEND"] + os.pathsep + config.environment["PATH"]
# Triton's convention: variables defined by CHECK lines are scoped to a CHECK-LABEL.
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"

config.substitutions.append(("%plugin", plugin))
config.substitutions.append(
    ("%mlir-opt", f"{llvm_bin}/mlir-opt --load-dialect-plugin={plugin} --load-pass-plugin={plugin}")
)

# The test backend (tests/backends/fixture, built by tests/CMakeLists.txt).
fixture_plugin = os.path.join(build, "lib", "libtritium_fixture.so")
config.substitutions.append(("%fixture-plugin", fixture_plugin))
config.substitutions.append(
    (
        "%fixture-mlir-opt",
        f"{llvm_bin}/mlir-opt --load-dialect-plugin={fixture_plugin} --load-pass-plugin={fixture_plugin}",
    )
)
config.substitutions.append(("%tritium-build", build))
config.substitutions.append(("%tritium-src", repo))

# The C API contract test built with AddressSanitizer (tests/CMakeLists.txt,
# when the ASan runtime is installed). MLIR's process-lifetime registries are
# not freed at exit, so leak detection is off.
if os.path.exists(os.path.join(build, "bin", "tritium-capi-contract-asan")):
    config.available_features.add("asan")
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0"

# The C API thread test built with ThreadSanitizer (tests/CMakeLists.txt, when
# the TSan runtime is installed).
if os.path.exists(os.path.join(build, "bin", "tritium-capi-threads-tsan")):
    config.available_features.add("tsan")

# libdevice from the Triton 3.9.0 wheel that `make deps` installs (linked by
# default into kernels that call it, as Triton does).
import glob
_venv = os.environ.get("TRITIUM_TRITON_VENV", os.path.expanduser("~/.cache/tritium/triton-3.9.0"))
if glob.glob(os.path.join(_venv, "lib", "*", "site-packages", "triton", "backends", "nvidia", "lib", "libdevice.10.bc")):
    config.available_features.add("libdevice")
