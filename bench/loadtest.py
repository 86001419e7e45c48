"""Load-test a running player: ``python bench/loadtest.py URL`` sends the mixed load
(bench/load/loadtest.py), ``python bench/loadtest.py URL overload`` runs the overload phase
(bench/load/flood.py); either prints its figures as JSON."""

from __future__ import annotations

import json
import sys

from load import flood, loadtest  # bench/ is on the path when this runs as a script

if __name__ == "__main__":
    base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
    print(json.dumps(flood.overload(base) if sys.argv[2:3] == ["overload"] else loadtest.run(base), indent=1))
