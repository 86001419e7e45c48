"""How much a counting search's peak memory grows, measured in a fresh process: the kernels
keep O(cells) memory at any depth (a trail, not a copy of the state per level)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

CHILD = """
import json, resource
{setup}
{warm}
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
res = {search}
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"count": res.count, "nodes": res.nodes, "grown_mb": (after - before) / 1024}}))
"""


def growth(setup: str, warm: str, search: str) -> dict[str, Any]:
    """Run ``setup``, then ``warm`` (compiles on a small board, so the compile's memory is not
    counted), then the expression ``search`` (a Count): its count, nodes and the MB peak
    memory grew by."""
    code = CHILD.format(setup=setup, warm=warm, search=search)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)
