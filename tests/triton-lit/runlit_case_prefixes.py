#!/usr/bin/env python3
"""The shared Triton lit runner (`../shared/triton-lit/runlit.py`) with one change to its per-case
verdicts, for measuring: same arguments, same output format.

For a file with `-split-input-file`, the shared runner also runs every RUN line on each `// -----`
case alone. A RUN line piped into `FileCheck --check-prefix=P` then fails on every case that has no
`P:` lines ("no check strings found with prefix"), whatever the tool printed: Triton's
pipeline-lower-loop.mlir has a second RUN line whose prefix TMA-LOWERING only its first case uses, so
43 of its 44 cases fail for any tool. Real lit runs the whole file and never meets this. Here, on a
per-case run, a RUN line none of whose FileCheck prefixes occurs in the case keeps its tool command
(exit status still checked, `not` included) and drops the FileCheck stage. Whole-file verdicts and
cases that have the prefix are unchanged.

    python3 tests/triton-lit/runlit_case_prefixes.py <suite>/tests OUT.json DIR...   (as runlit.py)

tests/triton-lit/check.py --runner case-prefixes uses it; the project's official figure and the
expected-failures list come from the shared runner itself.
"""
import os
import re
import sys

SUITE = os.environ.get("TRITIUM_TRITON_LIT",
                       os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "triton-lit"))
sys.path.insert(0, os.path.abspath(SUITE))
import runlit  # noqa: E402

CASE_FILE = re.compile(r"case\d+\.mlir$")
PIPE_FILECHECK = re.compile(r"\|\s*FileCheck\b.*$")


def prefixes(run):
    """The check prefixes of the FileCheck stage of `run` (none when it has no FileCheck)."""
    m = PIPE_FILECHECK.search(run)
    if not m:
        return []
    found = []
    for opt in re.findall(r"--?check-prefix(?:es)?[= ]([\w,-]+)", m.group(0)):
        found += [p for p in opt.split(",") if p]
    return found or ["CHECK"]


_subst = runlit.subst


def subst(cmd, src, tmp):
    if CASE_FILE.search(os.path.basename(src)) and os.path.isfile(src):
        pre = prefixes(cmd)
        if pre:
            text = open(src, encoding="utf-8", errors="replace").read()
            if not any(re.search(re.escape(p) + r"(-[A-Z]+)?:", text) for p in pre):
                cmd = PIPE_FILECHECK.sub("> /dev/null", cmd)
    return _subst(cmd, src, tmp)


runlit.subst = subst

if __name__ == "__main__":
    sys.exit(runlit.main())
