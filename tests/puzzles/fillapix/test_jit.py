"""The Fill-a-Pix kernels (jit.py) compile each helper once: numba compiles a jitted callee once per
literal constant passed to it, which made a first ``generate`` compile ``_set`` six times and
``_fixpoint``, ``_seed`` and ``_part_cell`` more than once (a first run's compile is a new user's
first wait; see jit.py's note)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

# A fresh process with an empty numba cache (only a fresh compile lists every signature);
# NUMBA_OPT=0 compiles faster and types the same.
PROBE = r'''
import json, random
from pencilbox.core import engine
from pencilbox.puzzles.fillapix import PUZZLE, generate, jit, kernel
from pencilbox.puzzles.fillapix.board import BLANK, PAINT, Board
rng = random.Random(3)
pic, _ = generate.picture(4, 4, rng)
board = Board(4, 4, generate.all_clues(4, 4, pic))
avoid = [PAINT if v else BLANK for v in pic]
kernel.minimise_checked(board, list(range(16)), avoid, generate.check_rungs(), generate.NODE_CAP)
engine.count(PUZZLE, board, limit=2)
names = ("_set", "_part_cell", "_seed", "_push_cell", "_base", "_base_hook", "_fixpoint")
print(json.dumps({name: [str(s) for s in getattr(jit, name).signatures] for name in names}))
'''


def test_a_first_run_compiles_each_rule_helper_once(tmp_path: Path) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba"), "PENCILBOX_AOT": "0", "NUMBA_OPT": "0"}
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=600,
                         check=True)
    signatures = json.loads(out.stdout.splitlines()[-1])
    assert all(signatures.values()), signatures  # each was compiled in this process
    assert {name: len(s) for name, s in signatures.items()} == dict.fromkeys(signatures, 1), signatures
