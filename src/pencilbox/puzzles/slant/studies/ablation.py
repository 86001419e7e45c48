"""Study 2: the seed's ablation. Study 1's very boards finished by the full ladder and by it
with one rung switched off everywhere (inside probe too), and the points each loss costs."""

from __future__ import annotations

from typing import Any

from pencilbox.core import engine
from pencilbox.puzzles.slant import PUZZLE
from pencilbox.puzzles.slant.studies.common import (
    SIZES,
    check_soundness,
    fixpoint_verdict,
    plan_sizes,
    points,
    raw_board,
    size_name,
    unsound,
)
from pencilbox.studies import Figures, Params, cell_value, figure, plot, proportion, table

NUMBER = 2
NAME = "ablation"
TITLE = "The same raw boards finished by the full ladder and it minus count, cycle or duet"
FULL = {"sizes": SIZES, "boards": 300, "density": 0.75}
QUICK = {"sizes": SIZES, "boards": 12, "density": 0.75}
ABLATIONS = ("full", "−count", "−cycle", "−duet")  # the seed's headings: the ladder, then minus one rung


def ablation_names(config: str) -> tuple[engine.Level, ...]:
    """The rung set of an ablation: the full ladder, or it minus one rung (inside probe too)."""
    off = () if config == "full" else (config[1:],)
    return engine.asked(PUZZLE, None, off)


def plan(p: Params, seed: int) -> list[tuple[int, int]]:
    """One job per size, the sizes of study 1."""
    return plan_sizes(p, seed)


def work(p: Params, seed: int, rows: int, cols: int) -> dict[str, Any]:
    """Per size: boards finished by the full ladder and by it minus each rung, and boards
    each ablation loses (or, unsoundly, gains) against the full ladder."""
    finished = dict.fromkeys(ABLATIONS, 0)
    lost = {a: [0, 0] for a in ABLATIONS[1:]}
    bad = beyond_full = 0
    for k in range(p["boards"]):
        board, filling = raw_board(seed, rows, cols, p["density"], k)
        done = {c: fixpoint_verdict(board, filling, ablation_names(c)) for c in ABLATIONS}
        for c, v in done.items():
            finished[c] += v == "finished"
        full = done["full"] == "finished"
        for c in ABLATIONS[1:]:
            lost[c][0] += full and done[c] != "finished"
            lost[c][1] += done[c] == "finished" and not full
        bad += unsound(list(done.values()))
        beyond_full += any(v == "finished" for v in done.values()) and not full
    return {"boards": p["boards"], "finished": finished, "lost": lost, "unsound": bad,
            "beyond_full": beyond_full}


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    n = p["boards"]
    names = [size_name(r, c) for r, c in p["sizes"]]
    shares = [[name, *(proportion(res["finished"][a], n) for a in ABLATIONS)]
              for name, res in zip(names, results, strict=True)]
    losses = [[name, *(points(res["lost"][a], n) for a in ABLATIONS[1:])]
              for name, res in zip(names, results, strict=True)]
    checks = [[name, res["boards"], res["unsound"], res["beyond_full"]]
              for name, res in zip(names, results, strict=True)]
    return {
        "finished": _finished(p, shares),
        "losses": _losses(n, losses, [res["lost"]["−duet"][0] for res in results]),
        "soundness": figure("sample", table(["size", "boards", "unsound fixpoints",
                                             "finished by an ablation, not by the full ladder"], checks), n=n,
                            lead=f"Over {sum(r[1] for r in checks)} boards, "
                                 f"{sum(r[2] for r in checks)} ablated fixpoints were unsound and "
                                 f"{sum(r[3] for r in checks)} boards were finished by an ablation "
                                 "but not by the full ladder."),
    }


def _finished(p: Params, shares: list[list[Any]]) -> dict[str, Any]:
    large = shares[-1]
    rungs = ", ".join(f"{a}: {'+'.join(ablation_names(a))}" for a in ABLATIONS)
    full, minus_count, minus_cycle, minus_duet = (f"{100 * cell_value(c):.1f}%" for c in large[1:])
    return figure("sample", table(["size", *ABLATIONS], shares), n=p["boards"], seed="ablation",
                  headline=True,
                  title=f"Share of study 1's {p['boards']} raw boards per size finished by the full "
                        "ladder and by it with one rung switched off (inside probe too)",
                  note=f"rung sets {rungs}",
                  lead=f"Ablation ranks the rungs otherwise than the incremental table: at {large[0]} "
                       f"the ladder finishes {full}, without duet still {minus_duet}, without cycle "
                       f"{minus_cycle} and without count {minus_count}.",
                  plot=plot("bar", "size", ABLATIONS, ylabel="share of boards"))


def _losses(n: int, losses: list[list[Any]], duet_lost: list[int]) -> dict[str, Any]:
    large = losses[-1]
    why = "" if sum(duet_lost) else ": probe catches every board duet would have caught"
    return figure("sample", table(["size", *ABLATIONS[1:]], losses), n=n, seed="ablation_losses",
                  title="Points the full ladder's share drops with one rung switched off (the mean "
                        "over boards of +100 when only the full ladder finishes)",
                  lead=f"At {large[0]} switching off cycle costs {cell_value(large[2]):.1f} points and "
                       f"count {cell_value(large[1]):.1f}; switching off duet loses "
                       f"{_boards(sum(duet_lost))} over all sizes{why}.")


def _boards(k: int) -> str:
    return "no board" if k == 0 else f"{k} board" + ("s" if k > 1 else "")


def check(p: Params, figures: Figures) -> list[str]:
    out = check_soundness(figures)
    for row in figures["finished"]["value"]["rows"]:
        values = [cell_value(c) for c in row[1:]]
        if max(values[1:]) > values[0]:
            out.append(f"{row[0]}: an ablation finishes more boards than the full ladder: {values}")
    return out
