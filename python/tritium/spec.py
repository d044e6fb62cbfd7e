"""Backend specialization of Python code, as FlagTree does it (issue 28).

Shared code calls a *named* function; the active backend's implementation
runs when its spec directory provides one, else the shared default:

    from tritium import spec

    @spec.default("cpu_launch_threads")
    def _all_cores(grid):
        return 0

    threads = spec.spec("cpu_launch_threads", grid)    # or spec.spec_func("cpu_launch_threads")(grid)

A spec directory's `spec.toml` (the manifest its C++/Rust parts are built
from, docs/backends.md) names its Python module with a `python` key:

    [backend]
    name = "myvendor"
    target = "cpu"
    python = "python/myvendor_spec.py"     # relative to the spec directory

and the module's top-level functions (names not starting with `_`) are its
spec functions. The registry holds the in-tree spec directories (`spec/*/`
next to this package's checkout), the spec directory of the vendor backend
built into the loaded library (TRITIUM_LIBRARY=libtritium_<name>.so: the
library's registry, tritiumSpecReport, names its manifest) and the
directories listed in TRITIUM_SPEC_DIRS (os.pathsep-separated) or passed to
`add_spec_dir`, so a
vendor specializes the Python side without patching Tritium's or Triton's
files. The library parses the same manifest and checks the `python` key's
form (capi/src/spec.rs); this module checks the rest: the file exists, it
imports, and a manifest's `python` path stays inside its directory.

The active backend is TRITIUM_SPEC_BACKEND when set (a manifest's name),
else the one a caller names as its own (`spec(..., backend="cpu")`, as the
tritium_cpu Triton backend does), else none (the defaults run). Errors
(unknown backend, a broken manifest or module, an unknown function name)
raise `SpecError`; nothing is silently skipped.
"""

import ctypes
import importlib.util
import os
import re
import threading

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IN_TREE = os.path.join(_ROOT, "spec")

_lock = threading.RLock()
_defaults = {}
_extra_dirs = []
_registry = None  # name -> Backend
_active = None


class SpecError(Exception):
    """A spec directory or spec function problem."""


class Backend:
    """One spec directory: its manifest's name, target and Python module."""

    def __init__(self, name, target, directory, python):
        self.name = name
        self.target = target
        self.directory = directory
        self.python = python  # absolute path or None
        self._module = None
        self._functions = None

    def module(self):
        if self.python is None:
            return None
        if self._module is None:
            mod_name = f"tritium_spec_{self.name}"
            loader_spec = importlib.util.spec_from_file_location(mod_name, self.python)
            if loader_spec is None:
                raise SpecError(f"{self.directory}/spec.toml: cannot import {self.python}")
            module = importlib.util.module_from_spec(loader_spec)
            try:
                loader_spec.loader.exec_module(module)
            except Exception as e:
                raise SpecError(f"{self.directory}/spec.toml: importing {self.python} failed: "
                                f"{type(e).__name__}: {e}") from e
            self._module = module
        return self._module

    def functions(self):
        """The module's spec functions (its public top-level functions)."""
        if self._functions is None:
            module = self.module()
            self._functions = {} if module is None else {
                k: v for k, v in vars(module).items()
                if not k.startswith("_") and callable(v) and getattr(v, "__module__", None) == module.__name__
            }
        return self._functions

    def __repr__(self):
        return f"spec.Backend({self.name!r}, target={self.target!r}, python={self.python!r})"


def _load_manifest(directory):
    path = os.path.join(directory, "spec.toml")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise SpecError(f"{path}: {e.strerror}") from None
    if tomllib is None:
        raise SpecError("reading spec.toml needs Python 3.11's tomllib")
    try:
        manifest = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise SpecError(f"{path}: not valid TOML: {e}") from None
    backend = manifest.get("backend")
    if not isinstance(backend, dict):
        raise SpecError(f"{path}: [backend] is missing")
    for key in ("name", "target"):
        if not isinstance(backend.get(key), str) or not backend[key]:
            raise SpecError(f"{path}: [backend].{key} must be a non-empty string")
    python = backend.get("python")
    if python is not None:
        if not isinstance(python, str) or not python or os.path.isabs(python) or ".." in python.split("/"):
            raise SpecError(f"{path}: [backend].python must be a non-empty path relative to the spec directory")
        python = os.path.join(directory, python)
        if not os.path.isfile(python):
            raise SpecError(f"{path}: [backend].python names {python}, which does not exist")
    return Backend(backend["name"], backend["target"], os.path.abspath(directory), python)


_REPORTED = re.compile(r"^backend (\S+) \(target prefix '[^']*'\), manifest (.+)$", re.M)


def library_spec_dir():
    """The spec directory of the vendor backend built into the loaded library
    (TRITIUM_LIBRARY=.../libtritium_<name>.so; tritiumSpecReport names its
    manifest), or None: the default library has no vendor backend, and an
    in-tree one's manifest is found under spec/ anyway."""
    from . import _capi
    if not os.path.exists(_capi.library_path()):
        return None
    # The library installs its backends (in-tree, then the vendor's) when it
    # first registers its dialects.
    L = _capi.lib()
    registry = L.mlirDialectRegistryCreate()
    L.tritiumRegisterAllDialects(registry)
    L.mlirDialectRegistryDestroy(registry)
    chunks = []
    callback = _capi.STRING_CALLBACK(lambda data, size, _: chunks.append(ctypes.string_at(data, size)))
    _capi.lib().tritiumSpecReport(callback, None)
    m = _REPORTED.search(b"".join(chunks).decode("utf-8", "replace"))
    if m is None or not os.path.isabs(m.group(2)):
        return None
    return os.path.dirname(m.group(2))


def _spec_dirs():
    dirs = []
    if os.path.isdir(IN_TREE):
        dirs += sorted(os.path.join(IN_TREE, d) for d in os.listdir(IN_TREE)
                       if os.path.isfile(os.path.join(IN_TREE, d, "spec.toml")))
    env = os.environ.get("TRITIUM_SPEC_DIRS", "")
    dirs += [d for d in env.split(os.pathsep) if d]
    dirs += _extra_dirs
    vendor = library_spec_dir()
    if vendor is not None:
        dirs.append(vendor)
    seen, unique = set(), []
    for d in dirs:
        key = os.path.realpath(d)
        if key not in seen:
            seen.add(key)
            unique.append(d)
    return unique


def backends():
    """name -> Backend of every registered spec directory (read once)."""
    global _registry
    with _lock:
        if _registry is None:
            registry = {}
            for d in _spec_dirs():
                b = _load_manifest(d)
                if b.name in registry and registry[b.name].directory != b.directory:
                    raise SpecError(f"two spec directories name backend {b.name!r}: "
                                    f"{registry[b.name].directory} and {b.directory}")
                registry[b.name] = b
            _registry = registry
        return _registry


def add_spec_dir(directory):
    """Registers a vendor spec directory (as TRITIUM_SPEC_DIRS does)."""
    global _registry
    with _lock:
        b = _load_manifest(directory)  # fail now, on a broken manifest
        _extra_dirs.append(os.path.abspath(directory))
        _registry = None
        return b


def reset():
    """Forgets the registry, extra directories and the active backend
    (tests; TRITIUM_SPEC_DIRS is read again)."""
    global _registry, _active
    with _lock:
        _extra_dirs.clear()
        _registry = None
        _active = None


def set_active(name):
    """Makes `name` (a manifest's backend name, or None) the active backend."""
    global _active
    if name is not None and name not in backends():
        raise SpecError(f"no spec directory names backend {name!r} (known: {', '.join(sorted(backends()))})")
    _active = name


def active(backend=None):
    """The active backend's name: TRITIUM_SPEC_BACKEND, else set_active's,
    else `backend` (the caller's own), else None."""
    name = os.environ.get("TRITIUM_SPEC_BACKEND") or _active or backend
    if name is not None and name not in backends():
        raise SpecError(f"no spec directory names backend {name!r} (known: {', '.join(sorted(backends()))})")
    return name


def default(name):
    """Decorator: the shared default implementation of spec function `name`."""

    def register(fn):
        _defaults[name] = fn
        return fn

    return register


def spec_func(name, backend=None):
    """The implementation of `name` for the active backend: its spec module's
    function when it has one, else the registered default."""
    b = active(backend)
    if b is not None:
        fn = backends()[b].functions().get(name)
        if fn is not None:
            return fn
    fn = _defaults.get(name)
    if fn is None:
        raise SpecError(f"no spec function {name!r}: no default is registered"
                        + (f" and backend {b!r} does not provide one" if b else ""))
    return fn


def spec(name, *args, backend=None, **kwargs):
    """Calls spec_func(name, backend)(*args, **kwargs)."""
    return spec_func(name, backend)(*args, **kwargs)


def provider(name, backend=None):
    """Who implements `name` now: a backend's name or "default"."""
    b = active(backend)
    if b is not None and name in backends()[b].functions():
        return b
    return "default"
