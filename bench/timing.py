"""Wall-clock timing shared by the CPU benchmarks and the demo."""
import time


def best_of(fn, reps=5):
    """The shortest of `reps` timed calls of `fn`, in seconds, after one untimed warm-up call (page
    faults, caches, first-call compilation)."""
    fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)
