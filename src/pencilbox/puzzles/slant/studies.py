"""Slant studies (slant.md, Studies 1-6): the raw stream through the ladder, ablation,
density sweep, clue values, branchings of the counting search, and R + C + 1 trees.

Board k of the raw R x C stream at density p is drawn from ``rng(seed, "raw", R, C, p, k)``
(not from the study's name), so studies 1-5 read the same boards: study 2 ablates exactly
study 1's boards, study 3's 0.75 point and studies 4-5 start with study 1's 10 x 10 ones.
Every uniqueness verdict of the ladder is held, board for board, to the brute and SAT
counters (which share no code with it), and every fixpoint that finishes must finish to the
filling that made the board. The raw stream is cheap: all six full runs take ~10 CPU-seconds.
"""

from __future__ import annotations

import statistics
from typing import Any

from pencilbox.core import engine
from pencilbox.puzzles.slant import PUZZLE, generate, rules
from pencilbox.puzzles.slant.board import Board
from pencilbox.studies import Figures, Params, Study, at_least, figure, plot, rng, table

LEVELS = ("count", "cycle", "duet", "probe")
ABLATIONS = ("full", "-count", "-cycle", "-duet")  # the full ladder, then minus one rung everywhere
STATUSES = ("unique", "multiple", "capped", "none")


def sig(x: float) -> float:
    """Four significant digits, so stats files diff well."""
    return float(f"{x:.4g}")


def share(k: int, n: int) -> float:
    return sig(k / n) if n else 0.0


def raw_board(seed: int, rows: int, cols: int, density: float, k: int) -> tuple[Board, tuple[int, ...]]:
    """Board k of the raw stream and its filling, the same in every study."""
    return generate.raw(rows, cols, density, rng(seed, "raw", rows, cols, density, k).getrandbits(63))


def size_name(rows: int, cols: int) -> str:
    return f"{rows}x{cols}"


# ---------------------------------------------------------------- per-board verdicts

def fixpoint_verdict(board: Board, filling: tuple[int, ...], names: tuple[str, ...]) -> str:
    """``finished`` (to the filling), ``open``, ``contradiction`` or ``wrong`` (finished to
    another answer) for the fixpoint of ``names``; the last two mean an unsound rung."""
    dom = engine.run_fixpoint(PUZZLE, board, PUZZLE.initial_state(board), names)
    if dom is None:
        return "contradiction"
    if not all(engine.single(d) for d in dom):
        return "open"
    return "finished" if tuple(dom) == filling else "wrong"


def ablation_names(config: str) -> tuple[str, ...]:
    """The rung set of an ablation: the full ladder, or it minus one rung (inside probe too)."""
    off = () if config == "full" else (config[1:],)
    return engine.ladder(PUZZLE, None, off)


def statuses(board: Board, node_cap: int, engines: tuple[str, ...]) -> dict[str, str]:
    """Uniqueness verdicts (count limit 2) of the ladder's search and the independent engines."""
    out = {"ladder": engine.count(PUZZLE, board, limit=2, node_cap=node_cap).status}
    for name in engines:
        counter = PUZZLE.brute_count if name == "brute" else PUZZLE.sat_count
        out[name] = counter(board, 2, node_cap).status
    return out


def nested(verdicts: list[str]) -> bool:
    """Once a rung set finishes a board, every larger one does (fixpoints only shrink)."""
    done = [v == "finished" for v in verdicts]
    return all(not a or b for a, b in zip(done, done[1:], strict=False))


# ---------------------------------------------------------------- 1 incremental

def plan_sizes(p: Params, seed: int) -> list[tuple]:
    return [tuple(s) for s in p["sizes"]]


def work_incremental(p: Params, seed: int, rows: int, cols: int) -> dict[str, Any]:
    """Per size: boards finished by each cumulative level, and uniqueness by three engines."""
    out: dict[str, Any] = {"boards": p["boards"], "finished": dict.fromkeys(LEVELS, 0),
                           "status": {e: dict.fromkeys(STATUSES, 0) for e in ("ladder", *p["engines"])},
                           "disagree": 0, "unsound": 0, "not_nested": 0, "finished_not_unique": 0}
    for k in range(p["boards"]):
        board, filling = raw_board(seed, rows, cols, p["density"], k)
        verdicts = [fixpoint_verdict(board, filling, engine.ladder(PUZZLE, lv)) for lv in LEVELS]
        for lv, v in zip(LEVELS, verdicts, strict=True):
            out["finished"][lv] += v == "finished"
        out["unsound"] += sum(v in ("contradiction", "wrong") for v in verdicts)
        out["not_nested"] += not nested(verdicts)
        st = statuses(board, p["node_cap"], tuple(p["engines"]))
        for e, s in st.items():
            out["status"][e][s] += 1
        out["disagree"] += len(set(st.values())) > 1
        out["finished_not_unique"] += "finished" in verdicts and st["ladder"] != "unique"
    return out


def reduce_incremental(p: Params, seed: int, results: list[Any]) -> Figures:
    n = p["boards"]
    rows, checks, engines = [], [], []
    for (r, c), res in zip(p["sizes"], results, strict=True):
        name = size_name(r, c)
        rows.append([name, *(share(res["finished"][lv], n) for lv in LEVELS),
                     share(res["status"]["ladder"]["unique"], n)])
        checks.append([name, res["boards"], res["unsound"], res["not_nested"], res["finished_not_unique"],
                       res["disagree"]])
        for e, counts in res["status"].items():
            engines.append([name, e, *(counts[s] for s in STATUSES)])
    cols = ["size", *LEVELS, "unique"]
    return {
        "finished": figure("sample", table(cols, rows), n=n,
                           title=f"Share of {n} raw boards per size (density {p['density']}) finished by the "
                                 "fixpoint at each cumulative level, and the share with a unique answer",
                           plot=plot("bar", "size", cols[1:], ylabel="share of boards")),
        "engines": figure("sample", table(["size", "engine", *STATUSES], engines), n=n,
                          title="Uniqueness verdicts (count limit 2) of the ladder's search and the "
                                "independent brute and SAT counters, boards per verdict"),
        "soundness": figure("sample", table(["size", "boards", "unsound fixpoints", "not nested",
                                             "finished but not unique", "engines disagree"], checks), n=n,
                            note="unsound: a fixpoint that contradicts or finishes to another answer "
                                 "than the filling that made the board"),
    }


def check_engines(figures: Figures, key: str = "engines") -> list[str]:
    """Every engine gives every verdict to the same number of boards, none capped or none
    (board for board agreement is the soundness table's ``engines disagree``)."""
    out = []
    by_row: dict[str, dict[str, list[int]]] = {}
    for row in figures[key]["value"]["rows"]:
        by_row.setdefault(str(row[0]), {})[row[1]] = row[2:]
    for where, verdicts in by_row.items():
        if len({tuple(v) for v in verdicts.values()}) > 1:
            out.append(f"{where}: engines disagree on uniqueness {verdicts}")
        for e, v in verdicts.items():
            if v[2] or v[3]:
                out.append(f"{where}: {e} capped {v[2]} boards and found no answer on {v[3]}")
    return out


def check_soundness(figures: Figures, key: str = "soundness") -> list[str]:
    out = []
    for row in figures[key]["value"]["rows"]:
        for col, v in zip(figures[key]["value"]["columns"][2:], row[2:], strict=True):
            if v:
                out.append(f"{row[0]}: {v} boards with {col}")
    return out


def check_incremental(p: Params, figures: Figures) -> list[str]:
    out = check_engines(figures) + check_soundness(figures)
    for row in figures["finished"]["value"]["rows"]:
        if row[1:] != sorted(row[1:]):
            out.append(f"{row[0]}: shares not rising along the ladder up to unique: {row[1:]}")
    for res in figures["soundness"]["value"]["rows"]:
        if res[1] != p["boards"]:
            out.append(f"{res[0]}: {res[1]} boards, not {p['boards']}")
    return out


# ---------------------------------------------------------------- 2 ablation

def work_ablation(p: Params, seed: int, rows: int, cols: int) -> dict[str, Any]:
    """Per size: boards finished by the full ladder and by it minus each rung."""
    finished = dict.fromkeys(ABLATIONS, 0)
    unsound = beyond_full = 0
    for k in range(p["boards"]):
        board, filling = raw_board(seed, rows, cols, p["density"], k)
        verdicts = {c: fixpoint_verdict(board, filling, ablation_names(c)) for c in ABLATIONS}
        for c, v in verdicts.items():
            finished[c] += v == "finished"
        unsound += sum(v in ("contradiction", "wrong") for v in verdicts.values())
        beyond_full += any(v == "finished" for v in verdicts.values()) and verdicts["full"] != "finished"
    return {"boards": p["boards"], "finished": finished, "unsound": unsound, "beyond_full": beyond_full}


def reduce_ablation(p: Params, seed: int, results: list[Any]) -> Figures:
    n = p["boards"]
    rows, checks = [], []
    for (r, c), res in zip(p["sizes"], results, strict=True):
        rows.append([size_name(r, c), *(share(res["finished"][a], n) for a in ABLATIONS)])
        checks.append([size_name(r, c), res["boards"], res["unsound"], res["beyond_full"]])
    rungs = ", ".join(f"{a}: {'+'.join(ablation_names(a))}" for a in ABLATIONS)
    return {
        "finished": figure("sample", table(["size", *ABLATIONS], rows), n=n,
                           title=f"Share of study 1's {n} raw boards per size finished by the full ladder "
                                 "and by it with one rung switched off (inside probe too)",
                           note=f"rung sets {rungs}",
                           plot=plot("bar", "size", ABLATIONS, ylabel="share of boards")),
        "soundness": figure("sample", table(["size", "boards", "unsound fixpoints",
                                             "finished by an ablation, not by the full ladder"], checks),
                            n=n),
    }


def check_ablation(p: Params, figures: Figures) -> list[str]:
    out = check_soundness(figures)
    for row in figures["finished"]["value"]["rows"]:
        if max(row[2:]) > row[1]:
            out.append(f"{row[0]}: an ablation finishes more boards than the full ladder: {row[1:]}")
    return out


# ---------------------------------------------------------------- 3 density sweep

def densities(p: Params) -> list[float]:
    lo, hi, k = p["density_from"], p["density_to"], p["points"]
    return [round(lo + (hi - lo) * i / (k - 1), 4) for i in range(k)]


def plan_densities(p: Params, seed: int) -> list[tuple]:
    return [(d,) for d in densities(p)]


def work_density(p: Params, seed: int, density: float) -> dict[str, Any]:
    """One density point: boards finished per level, unique by the ladder and by brute."""
    rows, cols = p["size"]
    finished = dict.fromkeys(LEVELS, 0)
    status = {e: dict.fromkeys(STATUSES, 0) for e in ("ladder", *p["engines"])}
    unsound = not_nested = clues = disagree = 0
    for k in range(p["boards"]):
        board, filling = raw_board(seed, rows, cols, density, k)
        clues += len(board.clued)
        verdicts = [fixpoint_verdict(board, filling, engine.ladder(PUZZLE, lv)) for lv in LEVELS]
        for lv, v in zip(LEVELS, verdicts, strict=True):
            finished[lv] += v == "finished"
        unsound += sum(v in ("contradiction", "wrong") for v in verdicts)
        not_nested += not nested(verdicts)
        st = statuses(board, p["node_cap"], tuple(p["engines"]))
        for e, s in st.items():
            status[e][s] += 1
        disagree += len(set(st.values())) > 1
    return {"boards": p["boards"], "finished": finished, "status": status, "unsound": unsound,
            "not_nested": not_nested, "clues": clues, "disagree": disagree}


def reduce_density(p: Params, seed: int, results: list[Any]) -> Figures:
    n = p["boards"]
    rows, engines, checks = [], [], []
    for d, res in zip(densities(p), results, strict=True):
        rows.append([d, share(res["status"]["ladder"]["unique"], n),
                     *(share(res["finished"][lv], n) for lv in reversed(LEVELS)), sig(res["clues"] / n)])
        engines.extend([d, e, *(counts[s] for s in STATUSES)] for e, counts in res["status"].items())
        checks.append([d, res["boards"], res["unsound"], res["not_nested"], res["disagree"]])
    r, c = p["size"]
    return {
        "sweep": figure("sample", table(["density", "unique", *reversed(LEVELS), "clues per board"], rows),
                        n=n,
                        title=f"Density sweep on {n} raw {size_name(r, c)} boards per point: share unique, "
                              "share finished by the fixpoint at probe (and each level below), down to count",
                        plot=plot("line", "density", ["unique", "probe", "count"], ylabel="share of boards")),
        "engines": figure("sample", table(["density", "engine", *STATUSES], engines), n=n,
                          title="Uniqueness verdicts (count limit 2) of the ladder's search and the "
                                "brute and SAT counters, boards per verdict"),
        "soundness": figure("sample", table(["density", "boards", "unsound fixpoints", "not nested",
                                             "engines disagree"], checks),
                            n=n),
    }


def check_density(p: Params, figures: Figures) -> list[str]:
    out = check_engines(figures) + check_soundness(figures)
    for row in figures["sweep"]["value"]["rows"]:
        if row[1:6] != sorted(row[1:6], reverse=True):
            out.append(f"density {row[0]}: unique >= probe >= duet >= cycle >= count fails: {row[1:6]}")
    return out


# ---------------------------------------------------------------- 4 clue values

PLACES = ("corner", "edge", "interior")


def place(rows: int, cols: int, p: int) -> str:
    r, c = divmod(p, cols + 1)
    outer = (r in (0, rows)) + (c in (0, cols))
    return PLACES[2 - outer]


def plan_chunks(p: Params, seed: int) -> list[tuple]:
    step = p["chunk"]
    return [(a, min(a + step, p["boards"])) for a in range(0, p["boards"], step)]


def work_clues(p: Params, seed: int, start: int, stop: int) -> dict[str, Any]:
    """Shown clue values by place, and every lattice value of the fillings (for the ends sum)."""
    rows, cols = p["size"]
    shown = {pl: [0] * 5 for pl in PLACES}
    lattice = {pl: [0] * 5 for pl in PLACES}
    ends = 0
    for k in range(start, stop):
        board, filling = raw_board(seed, rows, cols, p["density"], k)
        for pt, v in enumerate(generate.all_clues(rows, cols, filling)):
            lattice[place(rows, cols, pt)][v] += 1
            ends += v
        for pt in board.clued:
            shown[place(rows, cols, pt)][board.clues[pt]] += 1
    return {"boards": stop - start, "shown": shown, "lattice": lattice, "ends": ends}


def reduce_clues(p: Params, seed: int, results: list[Any]) -> Figures:
    n = sum(r["boards"] for r in results)
    rows, cols = p["size"]
    shown = {pl: [sum(r["shown"][pl][v] for r in results) for v in range(5)] for pl in PLACES}
    lattice = {pl: [sum(r["lattice"][pl][v] for r in results) for v in range(5)] for pl in PLACES}
    total = sum(map(sum, shown.values()))
    every = sum(map(sum, lattice.values()))
    value_rows = []
    for v in range(5):
        k = sum(shown[pl][v] for pl in PLACES)
        value_rows.append([v, k, share(k, total), *(shown[pl][v] for pl in PLACES),
                           share(sum(lattice[pl][v] for pl in PLACES), every)])
    return {
        "clue_values": figure("sample", table(["value", "clues", "share", *PLACES, "share of all points"],
                                              value_rows), n=n,
                              title=f"Clue values of {n} raw {size_name(rows, cols)} boards (density "
                                    f"{p['density']}): shown clues per value and place, and the value "
                                    "share over every lattice point of the fillings",
                              plot=plot("bar", "value", ["share", "share of all points"], ylabel="share")),
        "lattice_by_place": figure("sample", table(["place", *map(str, range(5))],
                                                   [[pl, *lattice[pl]] for pl in PLACES]), n=n,
                                   title="Every lattice point of the fillings, values per place"),
        "clues_per_board": figure("sample", sig(total / n), n=n),
        "diagonal_ends_per_board": figure("sample", sig(sum(r["ends"] for r in results) / n), n=n,
                                          note="every diagonal has two ends: 2RC on every filling"),
    }


def check_clues(p: Params, figures: Figures) -> list[str]:
    rows, cols = p["size"]
    out = []
    if figures["diagonal_ends_per_board"]["value"] != 2 * rows * cols:
        out.append(f"diagonal ends per board {figures['diagonal_ends_per_board']['value']} != 2RC")
    top = {"corner": 1, "edge": 2, "interior": 4}
    for pl, *counts in figures["lattice_by_place"]["value"]["rows"]:
        if any(counts[v] for v in range(top[pl] + 1, 5)):
            out.append(f"a {pl} point reaches more than {top[pl]}: {counts}")
        if pl == "interior" and counts[0]:
            out.append(f"{counts[0]} interior points at 0: each is a diamond loop")
    return out


# ---------------------------------------------------------------- 5 branchings

def plan_branchings(p: Params, seed: int) -> list[tuple]:
    return [("anchor",), *(("boards", a, b) for a, b in plan_chunks(p, seed))]


def work_branchings(p: Params, seed: int, kind: str, start: int = 0, stop: int = 0) -> Any:
    """Branch points of the counting search (limit 2) at each level, per board, with the
    brute count; or the anchor: the clueless 2x2 board counted by every engine."""
    if kind == "anchor":
        blank = Board(2, 2, (None,) * 9)
        out = {lv: PUZZLE.kernel.count(blank, PUZZLE.initial_state(blank), engine.ladder(PUZZLE, lv),
                                       10**6, p["node_cap"]).count for lv in LEVELS}
        out["brute"] = PUZZLE.brute_count(blank, 10**6, p["node_cap"]).count
        out["sat"] = PUZZLE.sat_count(blank, 10**6, p["node_cap"]).count
        return out
    rows, cols = p["size"]
    boards = []
    for k in range(start, stop):
        board, _ = raw_board(seed, rows, cols, p["density"], k)
        per = []
        for lv in LEVELS:
            names = engine.ladder(PUZZLE, lv)
            res = PUZZLE.kernel.count(board, PUZZLE.initial_state(board), names, 2, p["node_cap"])
            per.append([res.nodes, res.node_capped, res.count])
        brute = PUZZLE.brute_count(board, 2, p["node_cap"])
        boards.append({"levels": per, "brute": [brute.count, brute.node_capped]})
    return boards


def median_cell(values: list[tuple[int, bool]]) -> Any:
    """The median branch count; a lower bound when a capped board is not above it."""
    if not values:
        return None
    nodes = sorted(v for v, _ in values)
    med = statistics.median(nodes)
    med = int(med) if med == int(med) else med
    upper = nodes[len(nodes) // 2]
    return at_least(med) if any(capped and v <= upper for v, capped in values) else med


def reduce_branchings(p: Params, seed: int, results: list[Any]) -> Figures:
    anchor, boards = results[0], [b for chunk in results[1:] for b in chunk]
    n = len(boards)
    rows, agree = [], []
    for i, lv in enumerate(LEVELS):
        vals = [(b["levels"][i][0], bool(b["levels"][i][1])) for b in boards]
        uniq = [v for v, b in zip(vals, boards, strict=True) if b["brute"][0] == 1]
        mult = [v for v, b in zip(vals, boards, strict=True) if b["brute"][0] >= 2]
        capped = sum(c for _, c in vals)
        mean = sig(sum(v for v, _ in vals) / n)
        rows.append([lv, median_cell(vals), median_cell(uniq), median_cell(mult),
                     at_least(mean) if capped else mean, max(v for v, _ in vals), capped])
        agree.append([lv, sum(b["levels"][i][2] == b["brute"][0] and not b["levels"][i][1]
                              and not b["brute"][1] for b in boards)])
    unique = sum(b["brute"][0] == 1 for b in boards)
    r, c = p["size"]
    return {
        "branchings": figure("sample", table(["level", "median", "median unique", "median multiple", "mean",
                                              "max", "capped"], rows), n=n,
                             title=f"Branch points the counting search (limit 2, node cap {p['node_cap']}) "
                                   f"needs to certify the count of {n} raw {size_name(r, c)} boards "
                                   f"(density {p['density']}), per level",
                             note=f"{unique} unique and {n - unique} multiple boards by the brute counter; "
                                  "a capped board only bounds its count from below",
                             plot=plot("bar", "level", ["median", "mean"], ylabel="branch points")),
        "counts_agree": figure("sample", table(["level", "boards whose count (limit 2) matches brute"],
                                               agree), n=n),
        "anchor_2x2": figure("exact", table(["engine", "fillings"], [[e, v] for e, v in anchor.items()]),
                             title="Fillings of the clueless 2x2 board by every engine "
                                   "(16 minus the diamond)"),
    }


def check_branchings(p: Params, figures: Figures) -> list[str]:
    out = []
    n = figures["counts_agree"]["n"]
    for lv, k in figures["counts_agree"]["value"]["rows"]:
        if k != n:
            out.append(f"{lv}: {n - k} boards whose count differs from brute (or was capped)")
    for e, v in figures["anchor_2x2"]["value"]["rows"]:
        if v != 15:
            out.append(f"{e} counts {v} fillings of the clueless 2x2 board, not 15")
    return out


# ---------------------------------------------------------------- 6 trees

def plan_trees(p: Params, seed: int) -> list[tuple]:
    return [*(("raw", r, c) for r, c in p["raw_sizes"]), *(("graded", r, c) for r, c in p["graded_sizes"])]


def work_trees(p: Params, seed: int, source: str, rows: int, cols: int) -> dict[str, Any]:
    """Trees of every answer of one generator at one size: the raw stream's fillings, or the
    graded generator's boards (``graded`` per grade)."""
    made: list[tuple[Board, tuple[int, ...]]] = []
    if source == "raw":
        made = [raw_board(seed, rows, cols, p["density"], k) for k in range(p["raw"])]
    else:
        for grade in LEVELS:
            for k in range(p["graded"]):
                s = rng(seed, "trees", rows, cols, grade, k).getrandbits(31)
                m = generate.generate(rows, cols, grade, s)
                made.append((m.board, m.answer))
    trees = [rules.trees(b, a) for b, a in made]
    return {"boards": len(made), "holds": sum(t == rows + cols + 1 for t in trees),
            "valid": sum(rules.is_answer(b, a) for b, a in made), "min": min(trees), "max": max(trees)}


def reduce_trees(p: Params, seed: int, results: list[Any]) -> Figures:
    rows = [[src, size_name(r, c), r + c + 1, res["boards"], res["holds"], res["valid"], res["min"],
             res["max"]] for (src, r, c), res in zip(plan_trees(p, seed), results, strict=True)]
    total = sum(r["boards"] for r in results)
    return {
        "trees": figure("exact", table(["generator", "size", "R + C + 1", "boards", "with R + C + 1 trees",
                                        "valid answers", "fewest trees", "most trees"], rows),
                        title="Trees of the answer of every generated board: the raw stream's fillings and "
                              "the graded generator's boards (every grade)"),
        "boards": figure("exact", total, title="Generated boards checked"),
    }


def check_trees(p: Params, figures: Figures) -> list[str]:
    out = []
    for row in figures["trees"]["value"]["rows"]:
        if not row[3] == row[4] == row[5]:
            out.append(f"{row[0]} {row[1]}: {row[4]} of {row[3]} boards with R + C + 1 trees, {row[5]} valid")
    if figures["boards"]["value"] < p["min_boards"]:
        out.append(f"only {figures['boards']['value']} boards checked, fewer than {p['min_boards']}")
    return out


# ---------------------------------------------------------------- the list

SIZES = [[5, 5], [7, 7], [10, 10]]
NODE_CAP = 10**6

STUDIES = [
    Study(1, "incremental", "Raw boards finished by the fixpoint at each cumulative level; the unique share",
          {"sizes": SIZES, "boards": 300, "density": 0.75, "node_cap": NODE_CAP, "engines": ["brute", "sat"]},
          {"sizes": SIZES, "boards": 12, "density": 0.75, "node_cap": NODE_CAP, "engines": ["brute", "sat"]},
          plan_sizes, work_incremental, reduce_incremental, check_incremental),
    Study(2, "ablation", "The same raw boards finished by the full ladder and it minus count, cycle or duet",
          {"sizes": SIZES, "boards": 300, "density": 0.75},
          {"sizes": SIZES, "boards": 12, "density": 0.75},
          plan_sizes, work_ablation, reduce_ablation, check_ablation),
    Study(3, "density_sweep", "Unique, probe and count shares of raw 10x10 boards from density 0.55 to 0.95",
          {"size": [10, 10], "boards": 150, "density_from": 0.55, "density_to": 0.95, "points": 11,
           "node_cap": NODE_CAP, "engines": ["brute", "sat"]},
          {"size": [10, 10], "boards": 8, "density_from": 0.55, "density_to": 0.95, "points": 3,
           "node_cap": NODE_CAP, "engines": ["brute", "sat"]},
          plan_densities, work_density, reduce_density, check_density),
    Study(4, "clue_values", "Clue value distribution (0-4) of the raw 10x10 stream (1,000 boards at 0.75)",
          {"size": [10, 10], "boards": 1000, "chunk": 250, "density": 0.75},
          {"size": [10, 10], "boards": 20, "chunk": 10, "density": 0.75},
          plan_chunks, work_clues, reduce_clues, check_clues),
    Study(5, "branchings", "Median branch points certifying the solution count of 100 raw 10x10 boards",
          {"size": [10, 10], "boards": 100, "chunk": 25, "density": 0.75, "node_cap": NODE_CAP},
          {"size": [10, 10], "boards": 8, "chunk": 4, "density": 0.75, "node_cap": NODE_CAP},
          plan_branchings, work_branchings, reduce_branchings, check_branchings),
    Study(6, "trees", "R + C + 1 trees in the answer of every generated board (raw stream, graded generator)",
          {"raw_sizes": [*SIZES, [6, 9]], "raw": 400, "density": 0.75, "graded_sizes": SIZES, "graded": 25,
           "min_boards": 1500},
          {"raw_sizes": [*SIZES, [6, 9]], "raw": 10, "density": 0.75, "graded_sizes": [[5, 5]], "graded": 1,
           "min_boards": 40},
          plan_trees, work_trees, reduce_trees, check_trees),
]
