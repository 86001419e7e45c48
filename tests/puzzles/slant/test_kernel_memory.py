"""The counting search keeps O(cells) memory at any depth (a trail, not a copy of the
board per level): on a blank 70x70 a copy per level would take 4900^2 int64 = 192 MB."""

import json
import subprocess
import sys

CHILD = """
import json, resource
from pencilbox.puzzles.slant import PUZZLE, kernel
from pencilbox.puzzles.slant.board import Board
def blank(side):
    return Board(side, side, (None,) * ((side + 1) * (side + 1)))
small = blank(4)
kernel.search(small, PUZZLE.initial_state(small), ("count", "cycle", "duet"), 2, 100)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
big = blank(70)
res = kernel.search(big, PUZZLE.initial_state(big), ("count", "cycle", "duet"), 2, 10**5)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"grown_mb": (after - before) / 1024, "count": res.count, "nodes": res.nodes}))
"""


def test_deep_search_memory_does_not_grow_with_depth() -> None:
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=True)
    got = json.loads(out.stdout)
    assert got["count"] == 2
    assert got["nodes"] > 4000  # the search went about one level per cell deep
    assert got["grown_mb"] < 48
