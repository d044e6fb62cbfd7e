"""The CPU backend's Python spec functions (spec/cpu/spec.toml's `python`
key; python/tritium/spec.py, docs/backends.md).

The tritium_cpu Triton backend (python/tritium/backend) calls these by name
through tritium.spec with backend "cpu"; a vendor spec directory that names
itself in TRITIUM_SPEC_BACKEND replaces any of them by defining a function of
the same name in its own module.
"""
import os


def cpu_launch_threads(grid):
    """Threads for one launch of `grid` (gridX, gridY, gridZ) on Tritium's
    thread pool: TRITIUM_CPU_THREADS when set (0 means one per core), else
    one per core but no more than the grid has programs (a launch starts its
    threads anew: a small grid does not pay for idle ones)."""
    env = os.environ.get("TRITIUM_CPU_THREADS")
    if env:
        try:
            threads = int(env)
        except ValueError:
            raise ValueError(f"TRITIUM_CPU_THREADS must be an int >= 0, not {env!r}") from None
        if threads < 0:
            raise ValueError(f"TRITIUM_CPU_THREADS must be an int >= 0, not {env!r}")
        return threads
    programs = grid[0] * grid[1] * grid[2]
    return max(1, min(programs, os.cpu_count() or 1))
