"""A pytest plugin (loaded by run.py with `-p tritium_sample`) that keeps a fixed sample of the
parametrizations of each test function: `--tritium-sample=K` keeps, of a function with n > MIN
cases, the max(MIN, ceil(n / K)) cases whose node ids hash lowest (sha1), so every function
runs and the sample is the same on every run and every xdist worker. K = 0 keeps everything."""
import collections
import hashlib

MIN = 16


def pytest_addoption(parser):
    parser.addoption("--tritium-sample", type=int, default=0,
                     help="keep about 1/K of each test function's parametrizations (0: all)")


def pytest_collection_modifyitems(config, items):
    k = config.getoption("--tritium-sample")
    if k <= 0:
        return
    groups = collections.defaultdict(list)
    for item in items:
        groups[item.nodeid.split("[", 1)[0]].append(item)
    keep = set()
    for members in groups.values():
        n = len(members)
        want = n if n <= MIN else max(MIN, -(-n // k))
        ranked = sorted(members, key=lambda it: hashlib.sha1(it.nodeid.encode()).hexdigest())
        keep.update(id(it) for it in ranked[:want])
    selected = [it for it in items if id(it) in keep]
    deselected = [it for it in items if id(it) not in keep]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = selected
