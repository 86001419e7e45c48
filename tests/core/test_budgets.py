"""The work budget (core/budgets.py; issue 27, item 8, in part), as the engine, the service and
the command line spend it: default caps shrink with the board and the node cost, probe trials and
readable passes are capped, and every verb at the cell budget's edge answers, capped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli_hostile import run


def test_default_node_caps_shrink_with_the_board(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A node costs more on a larger board: past WORK cell-nodes a default cap shrinks (a cap
    asked for is kept), and the count says which cap it ran under."""
    from pencilbox import api, boardio, service
    from pencilbox.core import budgets
    assert budgets.scaled(10**7, 400) == 10**7 and budgets.scaled(10**7, 40_000) == 10**5
    assert budgets.scaled(10**5, 10**12) == 1
    cost = service.puzzles.get("sukoro").node_cost  # its nodes' work per cell
    monkeypatch.setattr(budgets, "WORK", 2500 * 40 * cost)  # a 50x50 board: 40 nodes
    data = {"puzzle": "sukoro", "rows": 50, "cols": 50, "clues": [[None] * 50 for _ in range(50)]}
    board = boardio.board_from_json(data)
    out = service.count(api.Board(board))
    quick = service.puzzles.get("sukoro").quick_nodes
    assert out.node_cap == 40 and out.capped and out.nodes <= 40 + quick
    assert service.count(api.Board(board), opts=service.Options(node_cap=7)).node_cap == 7
    path = tmp_path / "blank.json"
    path.write_text(json.dumps(data))
    monkeypatch.setenv("PENCILBOX_KERNELS", "compile")  # the compiled budget, built or not
    code, out_text, _ = run(capsys, "count", str(path))
    assert code == 0 and "the node cap 40 ran out" in out_text


def _probe_board() -> tuple[object, object]:
    """A shipped Fill-a-Pix board of grade probe: its search needs the root probe."""
    from pencilbox import bank, puzzles
    puzzle = puzzles.get("fillapix")
    rec = next(r for r in bank.load("fillapix") if r["grade"] == "probe")
    return puzzle, puzzle.from_json({k: v for k, v in rec.items() if k != "answer"})


@pytest.mark.parametrize("accel", [False, True])
def test_a_probe_cap_bounds_the_probe_of_count_and_grade(accel: bool) -> None:
    """The root probe ran unbounded, readable (a 100x100 blank Slant: 223 s at --node-cap 10)
    and compiled (a 312x310 Ripple of 60-cell regions: 108 s for one fixpoint); past its trials
    the count is node-capped and the grade unknown, never a wrong verdict."""
    from pencilbox.core import engine
    puzzle, board = _probe_board()
    full = engine.ladder(puzzle)  # probe at every node
    assert engine.count(puzzle, board, full, accel=accel).status == "unique"
    capped = engine.count(puzzle, board, full, accel=accel, probe_cap=0)
    assert capped.status == "capped" and capped.node_capped and capped.count == 0
    assert engine.grade(puzzle, board, accel=accel).grade == "probe"
    unknown = engine.grade(puzzle, board, accel=accel, probe_cap=0)
    assert unknown.grade is None and unknown.status == "capped" and unknown.settled["probe"] is None


def _wide_ripple(rows: int, cols: int) -> object:
    """A blank Ripple of 6x10-cell regions (60 values a cell): the dearest probe trials."""
    from pencilbox import boardio
    return boardio.board_from_json({"puzzle": "ripple", "rows": rows, "cols": cols,
                                    "clues": [[None] * cols for _ in range(rows)],
                                    "regions": [[r // 6 * (cols // 10) + c // 10 for c in range(cols)]
                                                for r in range(rows)]})


@pytest.mark.parametrize("accel", [False, True])
def test_a_hint_past_its_probe_trials_is_capped_and_within_them_the_same(accel: bool) -> None:
    """A hint's compiled probe ran every trial (one fixpoint of a 312x310 Ripple of 60-cell
    regions: 108 s); past the cap it says capped, and a hint the trials reach is found as before."""
    from pencilbox import puzzles
    from pencilbox.core import engine
    ripple = puzzles.get("ripple")
    board = _wide_ripple(12, 20)
    dom, names = ripple.initial_state(board), engine.ladder(ripple)
    stuck = engine.hint(ripple, board, dom, names, early=True, node_cap=50, accel=accel)
    assert isinstance(stuck, engine.Stuck) and stuck.capped and not stuck.contradiction
    puzzle, probe_board = _probe_board()
    start, full = puzzle.initial_state(probe_board), engine.ladder(puzzle)
    found = engine.hint(puzzle, probe_board, start, full, early=True, node_cap=10**5, accel=accel)
    assert found == engine.hint(puzzle, probe_board, start, full, early=True, node_cap=10**5, accel=not accel)
    assert isinstance(found, engine.Hint)


def test_every_verb_on_the_dearest_ripple_at_the_cell_budget_answers(capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    """At the budget's edge (a 498x500 Ripple of 60-cell regions, bench/budget.py --dense) hint,
    solve, count and grade ran for minutes; with default caps each answers, capped (under the
    compiled budget: the command line's ``auto`` would take the readable one where the kernels'
    cache is not built yet)."""
    from pencilbox import boardio
    monkeypatch.setenv("PENCILBOX_KERNELS", "compile")
    cols = boardio.MAX_CELLS // 498 // 10 * 10
    path = tmp_path / "wide.json"
    path.write_text(boardio.dump(_wide_ripple(498, cols), "json"))
    for verb, said in (("hint", "capped"), ("solve", "capped"), ("count", "ran out (in probe trials)"),
                       ("grade", "capped")):
        code, out_text, err = run(capsys, verb, str(path))
        assert code in (0, 1, 2) and said in out_text.lower() + err.lower(), (verb, out_text, err)


def test_the_readable_path_runs_under_its_own_smaller_work_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the kernels are not built, a readable node costs about a thousand compiled ones: the
    default caps come from WORK_READABLE, and the probe trials of the search are capped with them."""
    from pencilbox import api, boardio, service
    from pencilbox.core import budgets, engine
    data = {"puzzle": "slant", "rows": 30, "cols": 30, "clues": [[None] * 31 for _ in range(31)]}
    board = boardio.board_from_json(data)
    monkeypatch.setenv("PENCILBOX_KERNELS", "compile")
    assert service.Options().nodes(budgets.SOLVE_NODES, board) == budgets.SOLVE_NODES
    monkeypatch.setenv("PENCILBOX_KERNELS", "reference")
    assert service.Options().nodes(budgets.COUNT_NODES, board) == budgets.WORK_READABLE // 900
    assert service.Options(node_cap=7).nodes(budgets.COUNT_NODES, board) == 7
    monkeypatch.setattr(budgets, "WORK_READABLE", 900 * 5)  # 5 nodes and 5 probe trials
    spent: list[int | None] = []
    real = engine.Budget.spend
    monkeypatch.setattr(engine.Budget, "spend", lambda self: (spent.append(self.left), real(self))[1])
    out = service.count(api.Board(board))
    assert out.node_cap == 5 and out.capped
    assert 0 < sum(left is not None for left in spent) <= 6  # the sixth trial finds none left
    assert service.grade(api.Board(board)).status == "capped"


def test_sukoro_default_caps_shrink_by_its_node_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a Sukoro strip every node and probe trial runs a whole-board conn pass (a blank
    1x40,000 strip ran hint, solve, count and grade past 60 s): its compiled default caps are
    WORK / node_cost cell-nodes, every other puzzle's WORK."""
    from pencilbox import boardio, puzzles, service
    from pencilbox.core import budgets
    monkeypatch.setenv("PENCILBOX_KERNELS", "compile")
    caps: dict[str, int] = {}
    for name in ("sukoro", "fillapix"):
        strip = {"puzzle": name, "rows": 1, "cols": 40_000, "clues": [[None] * 40_000]}
        board = boardio.board_from_json(strip)
        caps[name] = service.Options().nodes(budgets.COUNT_NODES, board)
    assert caps == {"sukoro": budgets.WORK // puzzles.get("sukoro").node_cost // 40_000,
                    "fillapix": budgets.WORK // 40_000}
    assert puzzles.get("sukoro").node_cost > 1 == puzzles.get("fillapix").node_cost


def test_a_readable_verb_stops_at_its_pass_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ripple strip of 2x2 regions settles one region a readable pass (a 2x20,000 strip ran
    solve and count past 60 s, cold): the verb's rung passes share PASS_WORK, past it capped;
    a --node-cap given lifts it, as it lifts the probe's trial cap. (Ripple's propagator, the
    readable fast path, settles the strip in one run: switched off here but at the end, where
    its rule evaluations are charged to the same budget.)"""
    from pencilbox import api, boardio, puzzles, service
    from pencilbox.core import budgets, engine, ladder
    monkeypatch.setenv("PENCILBOX_KERNELS", "reference")
    ripple = puzzles.get("ripple")
    fast = ripple.propagators
    monkeypatch.setattr(type(ripple), "propagators", None)
    cols = 4000
    strip = {"puzzle": "ripple", "rows": 2, "cols": cols, "clues": [[None] * cols] * 2,
             "regions": [[c // 2 for c in range(cols)]] * 2}
    board = boardio.board_from_json(strip)
    monkeypatch.setattr(budgets, "PASS_WORK", 200 * 2 * cols)  # 200 passes of this board
    toiled: list[int] = []
    real = engine.Budget.toil
    monkeypatch.setattr(engine.Budget, "toil", lambda self, n: (toiled.append(n), real(self, n))[1])
    assert service.solve(api.Board(board)).status == "capped"
    assert sum(toiled) > budgets.PASS_WORK  # the pass that found the budget spent ended it
    assert service.count(api.Board(board)).capped
    assert service.grade(api.Board(board)).status == "capped"
    assert 0 < len(toiled) and all(n == 2 * cols for n in toiled)
    start, names = ripple.initial_state(board), ("region", "ripple")
    with engine.passes(10):
        with pytest.raises(engine.OutOfNodes):
            engine.run_fixpoint(ripple, board, start, names, accel=False)
    monkeypatch.setattr(type(ripple), "propagators", fast)
    readable = engine.run_fixpoint(ripple, board, start, names, accel=False)
    toiled.clear()
    with engine.passes(10 * 2 * cols):  # ten passes' worth: the propagator's run takes less
        assert engine.run_fixpoint(ripple, board, start, names) == readable
    assert 0 < sum(toiled) < 10 * 2 * cols
    with engine.passes(10), pytest.raises(engine.OutOfNodes):
        engine.run_fixpoint(ripple, board, start, names)
    assert ladder._PASSES.get() is None  # the budget ends with its verb
    assert service.Options(node_cap=10).passes() is None and service.Options().passes() == budgets.PASS_WORK


def test_generate_refuses_a_board_past_its_size_with_the_reason(capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47 item 3: generate sukoro 100x100 ran past 120 s. Each puzzle states the largest
    board it generates (generate_cells); past it, one line and exit 2 before any work."""
    from pencilbox import api, puzzles
    from pencilbox.errors import BoardError
    code, _, err = run(capsys, "generate", "sukoro", "41x40", "--seed", "1")
    assert code == 2 and "generate sukoro 41x40: 1,640 cells, past the " in err
    monkeypatch.setattr(api, "generator_ready", lambda puzzle: True)  # built or not: the built bound
    for name in puzzles.names():
        most = puzzles.get(name).generate_cells
        with pytest.raises(BoardError, match=f"cells, past the {most:,} .* it makes within its bound"):
            api.generate(name, 1, most + 1, seed=1)
    assert api.generate("slant", 3, 3, density=0.5, seed=1).made.seed == 1  # the raw stream: no erasure loop


def test_generate_takes_smaller_boards_until_its_loop_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """The readable erasure loops are far slower (a 20x20 Slant: 26 s of CPU against 1): until
    the build, generate_cells_readable bounds the size, and the refusal says what the build
    lifts it to."""
    from pencilbox import api, puzzles
    from pencilbox.errors import BoardError
    monkeypatch.setattr(api, "generator_ready", lambda puzzle: False)
    for name in puzzles.names():
        p = puzzles.get(name)
        assert p.generate_cells_readable < p.generate_cells
        said = f"past the {p.generate_cells_readable:,} .* while its compiled loop is not built \\("
        with pytest.raises(BoardError, match=f"{said}{p.generate_cells:,} once pencilbox warm"):
            api.generate(name, 1, p.generate_cells_readable + 1, seed=1)


def test_generate_seeks_a_grade_within_its_seeds_and_its_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A grade is sought in GENERATE_SEED_CELLS cells' worth of seeds at a time, at most
    GENERATE_TRIES of them and none more once GENERATE_S has passed (a rare grade on a large
    board would take hours); the seeds run in order, so a seed makes the board it always made."""
    from pencilbox import api, puzzles
    from pencilbox.core.outcomes import NoGrade
    from pencilbox.errors import BoardError
    slant = puzzles.get("slant")
    real, calls = slant.generate, []

    def after_seed_12(rows: int, cols: int, level: object, seed: int, tries: int = 500) -> object:
        calls.append((seed, tries))
        if seed + tries <= 12:
            raise NoGrade("Slant", "duet", tries, seed)
        return real(rows, cols, None, 12, 1)
    monkeypatch.setattr(slant, "generate", after_seed_12)
    monkeypatch.setattr(api, "GENERATE_SEED_CELLS", 4 * 9)  # four 3x3 seeds a call
    assert api.generate("slant", 3, 3, grade="duet", seed=2).shape == real(3, 3, None, 12, 1).board
    assert calls == [(2, 4), (6, 4), (10, 4)]
    calls.clear()
    monkeypatch.setattr(api, "GENERATE_TRIES", 6)
    with pytest.raises(BoardError, match=r"no Slant \(Gokigen Naname\) 3x3 board of grade duet in 6 seeds "
                                         r"from 0 \(generate tries up to 6 seeds within 30 s\)"):
        api.generate("slant", 3, 3, grade="duet", seed=0)
    assert calls == [(0, 4), (4, 2)]
    calls.clear()
    monkeypatch.setattr(api, "GENERATE_TRIES", 500)
    monkeypatch.setattr(api, "GENERATE_S", 0.0)
    with pytest.raises(BoardError, match="in 4 seeds from 0"):
        api.generate("slant", 3, 3, grade="duet", seed=0)
    assert calls == [(0, 4)]
