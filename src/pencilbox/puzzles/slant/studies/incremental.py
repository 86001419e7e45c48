"""Study 1: the seed's first table. 300 raw boards per size at density 0.75, unfiltered:
the share the fixpoint finishes at count, +cycle, +duet, +probe, and the share with a
unique answer; each rung's gain in points; uniqueness by three engines, board for board."""

from __future__ import annotations

from typing import Any

from pencilbox.core.engine import PROBE
from pencilbox.puzzles.slant.studies.common import (
    CUMULATIVE,
    LEVELS,
    NODE_CAP,
    SIZES,
    STATUSES,
    check_engines,
    check_soundness,
    level_verdicts,
    nested,
    plan_sizes,
    points,
    raw_board,
    size_name,
    statuses,
    tally,
    unsound,
)
from pencilbox.studies import Figures, Params, cell_value, figure, plot, proportion, table

NUMBER = 1
NAME = "incremental"
TITLE = "Raw boards finished by the fixpoint at each cumulative level; the unique share"
FULL = {"sizes": SIZES, "boards": 300, "density": 0.75, "node_cap": NODE_CAP, "engines": ["brute", "sat"]}
QUICK = {"sizes": SIZES, "boards": 12, "density": 0.75, "node_cap": NODE_CAP, "engines": ["brute", "sat"]}
UNIQUE = "unique answers in the raw stream"


def plan(p: Params, seed: int) -> list[tuple[int, int]]:
    """One job per size."""
    return plan_sizes(p, seed)


def work(p: Params, seed: int, rows: int, cols: int) -> dict[str, Any]:
    """Per size: boards finished by each cumulative level, boards each rung adds (or loses)
    over the level below, and uniqueness by the ladder's search and the independent engines."""
    out: dict[str, Any] = {"boards": p["boards"], "finished": dict.fromkeys(LEVELS, 0),
                           "gain": {lv: [0, 0] for lv in LEVELS[1:]}, "status": tally(tuple(p["engines"])),
                           "disagree": 0, "unsound": 0, "not_nested": 0, "finished_not_unique": 0}
    for k in range(p["boards"]):
        board, filling = raw_board(seed, rows, cols, p["density"], k)
        verdicts = level_verdicts(board, filling)
        done = [v == "finished" for v in verdicts]
        for i, lv in enumerate(LEVELS):
            out["finished"][lv] += done[i]
            if i:
                out["gain"][lv][0] += done[i] and not done[i - 1]
                out["gain"][lv][1] += done[i - 1] and not done[i]
        out["unsound"] += unsound(verdicts)
        out["not_nested"] += not nested(verdicts)
        st = statuses(board, p["node_cap"], tuple(p["engines"]))
        for e, s in st.items():
            out["status"][e][s] += 1
        out["disagree"] += len(set(st.values())) > 1
        out["finished_not_unique"] += "finished" in verdicts and st["ladder"] != "unique"
    return out


def _pct(cell: Any) -> str:
    return f"{100 * cell_value(cell):.1f}%"


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    n = p["boards"]
    names = [size_name(r, c) for r, c in p["sizes"]]
    shares = [[name, *(proportion(res["finished"][lv], n) for lv in LEVELS),
               proportion(res["status"]["ladder"]["unique"], n)]
              for name, res in zip(names, results, strict=True)]
    gains = [[name, *(points(res["gain"][lv], n) for lv in LEVELS[1:])]
             for name, res in zip(names, results, strict=True)]
    engines = [[name, e, *(counts[s] for s in STATUSES)]
               for name, res in zip(names, results, strict=True) for e, counts in res["status"].items()]
    checks = [[name, res["boards"], res["unsound"], res["not_nested"], res["finished_not_unique"],
               res["disagree"]] for name, res in zip(names, results, strict=True)]
    return {"finished": _finished(p, shares), "gains": _gains(n, gains),
            "ceiling": _ceiling(n, results), "engines": _engines(n, engines, checks),
            "soundness": figure("sample", table(["size", "boards", "unsound fixpoints", "not nested",
                                                 "finished but not unique", "engines disagree"], checks), n=n,
                                note="unsound: a fixpoint that contradicts or finishes to another answer "
                                     "than the filling that made the board",
                                lead=f"Over {sum(r[1] for r in checks)} boards, "
                                     f"{sum(r[2] for r in checks)} fixpoints contradicted or finished to a "
                                     f"wrong answer, and {sum(r[4] for r in checks)} finished boards lacked "
                                     "a unique answer.")}


def _finished(p: Params, shares: list[list[Any]]) -> dict[str, Any]:
    small, large = shares[0], shares[-1]
    same = large[4]["k"] == large[5]["k"]
    ceiling = "exactly the share with a unique answer" if same else f"of {_pct(large[5])} unique"
    cols = ["size", *CUMULATIVE, UNIQUE]
    return figure("sample", table(cols, shares), n=p["boards"], seed="incremental", headline=True,
                  title=f"Share of {p['boards']} raw boards per size (density {p['density']}) finished "
                        "by the fixpoint at each cumulative level, and the share with a unique answer",
                  lead=f"The fixpoint alone finishes {_pct(small[1])} of raw {small[0]} boards with count "
                       f"and {_pct(small[4])} with the whole ladder; at {large[0]} count manages "
                       f"{_pct(large[1])} and the ladder {_pct(large[4])}, {ceiling}.",
                  plot=plot("bar", "size", cols[1:], ylabel="share of boards"))


def _gains(n: int, gains: list[list[Any]]) -> dict[str, Any]:
    large = gains[-1]
    steps = [f"{CUMULATIVE[i]} {cell_value(large[i]):.1f} over {CUMULATIVE[i - 1]}" for i in range(1, 4)]
    return figure("sample", table(["size", *CUMULATIVE[1:]], gains), n=n, seed="incremental_gains",
                  title="Points each rung adds to the share finished over the level below (the mean over "
                        "boards of +100 when only the larger level finishes)",
                  lead=f"Points each rung adds at {large[0]}: {', '.join(steps)}; the ablation "
                       "(study 2) asks which of these boards a later rung would have caught anyway.")


def _ceiling(n: int, results: list[Any]) -> dict[str, Any]:
    equal = sum(r["finished"][PROBE] == r["status"]["ladder"]["unique"] for r in results)
    return figure("sample", table(["where", "sizes where +probe equals unique"], [["sizes", equal]]), n=n,
                  seed="incremental_ceiling",
                  title="Sizes at which the ladder finishes exactly the boards with a unique answer",
                  lead=f"A sound fixpoint cannot finish a board with two answers, so the unique share is a "
                       f"ceiling; +probe reaches it at {equal} of {len(results)} sizes.")


def _engines(n: int, engines: list[list[Any]], checks: list[list[Any]]) -> dict[str, Any]:
    boards = sum(r[1] for r in checks)
    disagree = sum(r[5] for r in checks)
    return figure("sample", table(["size", "engine", *STATUSES], engines), n=n,
                  title="Uniqueness verdicts (count limit 2) of the ladder's search and the independent "
                        "brute and SAT counters, boards per verdict",
                  lead=f"The ladder's search, the brute counter and SAT give the same uniqueness verdict on "
                       f"{boards - disagree} of {boards} boards.")


def check(p: Params, figures: Figures) -> list[str]:
    out = check_engines(figures) + check_soundness(figures)
    for row in figures["finished"]["value"]["rows"]:
        values = [cell_value(c) for c in row[1:]]
        if values != sorted(values):
            out.append(f"{row[0]}: shares not rising along the ladder up to unique: {values}")
    for res in figures["soundness"]["value"]["rows"]:
        if res[1] != p["boards"]:
            out.append(f"{res[0]}: {res[1]} boards, not {p['boards']}")
    (_, equal), = figures["ceiling"]["value"]["rows"]
    if equal != len(p["sizes"]):
        out.append(f"+probe equals the unique share at only {equal} of {len(p['sizes'])} sizes")
    return out
