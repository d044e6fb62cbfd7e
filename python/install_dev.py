#!/usr/bin/env python3
"""Makes this checkout's `tritium` package importable by a Python
environment, with its `triton.backends` entry point, without building
anything (what `pip install -e python/` does, for environments that lack
setuptools' `wheel` support or network access):

    python3 python/install_dev.py --python ~/.cache/tritium/triton-3.9.0/bin/python

writes, into that interpreter's site-packages,
  tritium-dev.pth                 the path of python/ (so `import tritium` works)
  tritium-<version>.dist-info/    METADATA, entry_points.txt (from
                                  pyproject.toml), INSTALLER and RECORD (so
                                  `pip uninstall tritium` removes both)
Idempotent: prints "up to date" when nothing changes. --check only reports.
"""

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def read_pyproject():
    """name, version and entry points of pyproject.toml (a tiny reader of the
    few keys used: tomllib is Python 3.11+ only)."""
    name = version = None
    entry_points = {}
    section = None
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        for raw in f:
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("["):
                section = line.strip("[]").strip()
                continue
            if "=" not in line:
                continue
            key, value = (s.strip() for s in line.split("=", 1))
            value = value.strip('"')
            if section == "project" and key == "name":
                name = value
            elif section == "project" and key == "version":
                version = value
            elif section and section.startswith("project.entry-points."):
                group = section[len("project.entry-points."):].strip('"')
                entry_points.setdefault(group, []).append((key, value))
    if not name or not version:
        raise SystemExit("install_dev: pyproject.toml lacks [project] name/version")
    return name, version, entry_points


def site_packages(python):
    out = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def wanted_files(name, version, entry_points):
    dist = f"{name}-{version}.dist-info"
    files = {
        f"{name}-dev.pth": HERE + "\n",
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: Tritium's C API from Python (ctypes) and a Triton CPU backend (development install of {HERE})\n",
        f"{dist}/INSTALLER": "tritium-install-dev\n",
        f"{dist}/entry_points.txt": "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps) + "\n"
                                            for group, eps in sorted(entry_points.items())),
    }
    files[f"{dist}/RECORD"] = "".join(f"{p},,\n" for p in sorted(files)) + f"{dist}/RECORD,,\n"
    return dist, files


def entry_point_dir():
    """A fresh temporary directory holding only the package's dist-info (its
    `triton.backends` entry point): put it on sys.path or PYTHONPATH, with
    python/ itself, to register the backend for one process without
    installing anything."""
    import tempfile

    name, version, entry_points = read_pyproject()
    dist, files = wanted_files(name, version, entry_points)
    root = tempfile.mkdtemp(prefix="tritium-entry-point-")
    os.makedirs(os.path.join(root, dist))
    for rel, text in files.items():
        if rel.startswith(dist + "/"):
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write(text)
    return root


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--python", default=sys.executable, help="the interpreter to install into")
    ap.add_argument("--check", action="store_true", help="only report whether it is up to date (exit 1 if not)")
    args = ap.parse_args()
    name, version, entry_points = read_pyproject()
    site = site_packages(args.python)
    dist, files = wanted_files(name, version, entry_points)
    stale = []
    for rel, text in files.items():
        path = os.path.join(site, rel)
        try:
            with open(path, encoding="utf-8") as f:
                if f.read() == text:
                    continue
        except OSError:
            pass
        stale.append(rel)
    # Other versions' dist-info of this package would register the entry point twice.
    others = [d for d in os.listdir(site) if d.startswith(f"{name}-") and d.endswith(".dist-info") and d != dist]
    if not stale and not others:
        print(f"install_dev: {name} {version} in {site}: up to date")
        return 0
    if args.check:
        print(f"install_dev: {name} in {site} is not up to date: {', '.join(stale + others)}")
        return 1
    import shutil
    for d in others:
        shutil.rmtree(os.path.join(site, d), ignore_errors=True)
    os.makedirs(os.path.join(site, dist), exist_ok=True)
    for rel in stale:
        with open(os.path.join(site, rel), "w", encoding="utf-8") as f:
            f.write(files[rel])
    print(f"install_dev: {name} {version} -> {site} ({', '.join(stale) or 'removed ' + ', '.join(others)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
