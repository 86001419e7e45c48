"""Study 2: the print-everything lemma on 100 random answers, and its failure without the
connectivity rule, under two ways of drawing an answer.

The seed's draw (as its generator describes it): one randomised search on the blank board, at
the seed's sizes 6x6, 8x8 and 10x10 in turn, the first answer it reaches kept. Our draw
(``generate.random_answer``): sides drawn from 4..10, the best of up to 50 randomised walks
that try digits before empty, stopping at the first answer numbering 40% of the cells. Bigger
answers leave less room for a second group, so the lemma survives dropping connectivity more
often under our draw."""

from __future__ import annotations

import random
from typing import Any

from pencilbox.puzzles.sukoro import PUZZLE, generate, rules
from pencilbox.puzzles.sukoro.levels import Level
from pencilbox.puzzles.sukoro.studies.common import (
    SIZES,
    count_cell,
    ladder_count,
    printed,
    seed_answer,
)
from pencilbox.studies import Figures, Params, Row, figure, rng, sig, table

NUMBER = 2
NAME = "lemma"
TITLE = "The print-everything lemma on 100 random answers (two draws), and its failure without connectivity"
FULL = {"answers": 100, "chunk": 10, "sides": [4, 10], "node_cap": 10**6, "draw_nodes": 5000}
QUICK = {"answers": 8, "chunk": 4, "sides": [7, 9], "node_cap": 10**6, "draw_nodes": 5000}
DRAWS = ("seed", "ours")
DRAW_NAMES = {
    "seed": "the seed's draw (one randomised search, 6x6 / 8x8 / 10x10)",
    "ours": "our draw (best of 50 walks, 40% cover, sides 4..10)",
}


def seed_draw(k: int, g: random.Random, draw_nodes: int) -> tuple[int, int, tuple[int, ...]]:
    """The seed's draw at the seed's sizes in turn (see ``common.seed_answer``)."""
    rows, cols = SIZES[k % len(SIZES)]
    return rows, cols, seed_answer(rows, cols, g, draw_nodes)


def our_draw(p: Params, g: random.Random) -> tuple[int, int, tuple[int, ...]]:
    """Our generator's draw: random sides, the best of up to 50 walks (40% cover)."""
    lo, hi = p["sides"]
    rows, cols = g.randint(lo, hi), g.randint(lo, hi)
    return rows, cols, generate.random_answer(rows, cols, g)


def plan(p: Params, seed: int) -> list[tuple[str, int, int]]:
    step, n = p["chunk"], p["answers"]
    return [(draw, a, min(a + step, n)) for draw in DRAWS for a in range(0, n, step)]


def _one(p: Params, rows: int, cols: int, answer: tuple[int, ...]) -> dict[str, Any]:
    """The printed answer counted with every rule (engine 1, SAT, and engine 2, which may run
    out of nodes on a small answer in a big board) and with connectivity off (engine 1 without
    the conn rung); a rival is checked by rules.py."""
    board = printed(rows, cols, answer)
    strict = ladder_count(board, node_cap=p["node_cap"])
    brute = PUZZLE.brute_count(board, 2, p["node_cap"])
    sat = PUZZLE.sat_count(board, 2, 0)
    loose = ladder_count(board, (Level.DEG, Level.NEQ), node_cap=p["node_cap"], dropped=("connected",))
    found = [PUZZLE.answer_from_state(board, d) for d in loose.answers]
    rival = next((a for a in found if a != answer), None)
    rival_ok = None
    if rival is not None:
        broken = {b.rule for b in rules.validate(board, rival)}
        rival_ok = not rules.validate(board, rival, ("connected",)) and broken == {"connected"}
    same = bool(strict.answers) and PUZZLE.answer_from_state(board, strict.answers[0]) == answer
    return {
        "size": [rows, cols],
        "numbers": sum(map(bool, answer)),
        "same": same,
        "strict": [strict.count, strict.node_capped],
        "brute": [brute.count, brute.node_capped],
        "sat": [sat.count, False],
        "loose": [loose.count, loose.node_capped],
        "rival_ok": rival_ok,
    }


def work(p: Params, seed: int, draw: str, start: int, stop: int) -> list[dict[str, Any]]:
    """Answers start..stop of one draw, each printed in full and counted."""
    out = []
    for k in range(start, stop):
        if draw == "seed":
            rows, cols, answer = seed_draw(k, rng(seed, "lemma-seed", k), p["draw_nodes"])
        else:
            rows, cols, answer = our_draw(p, rng(seed, "lemma", k))
        out.append(_one(p, rows, cols, answer))
    return out


def _tally(boards: list[dict[str, Any]], key: str) -> list[int]:
    vals = [b[key] for b in boards]
    return [
        sum(c == 1 and not cap for c, cap in vals),
        sum(c >= 2 for c, _ in vals),
        sum(c == 0 and not cap for c, cap in vals),
        sum(cap and c < 2 for c, cap in vals),
    ]


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    by: dict[str, list[dict[str, Any]]] = {d: [] for d in DRAWS}
    for (draw, _, _), chunk in zip(plan(p, seed), results, strict=True):
        by[draw].extend(chunk)
    n = p["answers"]
    held = {d: [_tally(by[d], "strict")[0], _tally(by[d], "loose")[0]] for d in DRAWS}
    cover = {d: sig(sum(b["numbers"] / (b["size"][0] * b["size"][1]) for b in by[d]) / n) for d in DRAWS}
    seed_rows = [
        [rule, count_cell(held["seed"][i], n), count_cell(held["ours"][i], n)]
        for i, rule in enumerate(("all rules", "connectivity off"))
    ]
    engines: list[Row] = [
        [DRAW_NAMES[d], rules_, eng, *_tally(by[d], key)]
        for d in DRAWS
        for rules_, eng, key in (
            ("all rules", "engine 1 (ladder)", "strict"),
            ("all rules", "engine 2 (brute)", "brute"),
            ("all rules", "SAT", "sat"),
            ("connectivity off", "engine 1 (deg + neq)", "loose"),
        )
    ]
    rivals = [
        [
            DRAW_NAMES[d],
            sum(b["loose"][0] >= 2 for b in by[d]),
            sum(bool(b["rival_ok"]) for b in by[d]),
            sum(not b["same"] for b in by[d]),
            cover[d],
        ]
        for d in DRAWS
    ]
    return {
        "lemma": figure(
            "sample",
            table(["rules", "holds", "holds (our draw)"], seed_rows),
            n=n,
            seed="lemma",
            lead=f"Printing every number of an answer pins it on {held['seed'][0]} of {n} answers "
            f"drawn as the seed draws them; switch connectivity off and it holds on "
            f"{held['seed'][1]} of {n} (on {held['ours'][1]} of {n} under our draw, whose "
            f"answers number {100 * cover['ours']:.0f}% of the cells against "
            f"{100 * cover['seed']:.0f}%).",
            title=f"{n} random answers printed in full: boards whose only answer is the printed one, "
            "with every rule and with rule 3 switched off, under the seed's draw and ours",
            note="the seed's draw: one randomised search on the blank board at 6x6, 8x8, 10x10 in "
            "turn, first answer kept; ours: generate.random_answer (best of up to 50 walks, "
            f"40% cover) on sides {p['sides'][0]}..{p['sides'][1]}; node cap {p['node_cap']}",
        ),
        "engines": figure(
            "sample",
            table(["draw", "rules", "engine", "unique", "several answers", "no answer", "capped"], engines),
            n=n,
            lead=f"Engine 1 and SAT find every one of the {2 * n} printed answers unique; engine 2 agrees "
            f"wherever it finishes (it runs out of nodes on {sum(r[6] for r in engines if 'brute' in r[2])} "
            "small answers in big boards).",
            title="Both draws counted by engine 1, SAT, engine 2 and engine 1 without connectivity",
        ),
        "rivals": figure(
            "sample",
            table(
                [
                    "draw",
                    "boards with a rival",
                    "rivals obeying every rule but connectivity",
                    "engine 1's answer is not the printed one",
                    "mean share of cells numbered",
                ],
                rivals,
            ),
            n=n,
            lead=f"The drawn answers number on average {100 * cover['seed']:.0f}% (seed's draw) and "
            f"{100 * cover['ours']:.0f}% (ours) of the cells; every rival found without "
            "rule 3 breaks connectivity and nothing else.",
            title="Without rule 3 the lemma fails: each rival is checked by rules.py",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    n = p["answers"]
    for r in figures["engines"]["value"]["rows"]:
        if r[1] == "all rules" and r[3] + (r[6] if "brute" in r[2] else 0) != n:
            out.append(f"lemma, {r[0]}: {r[2]} finds {r[3]} of {n} printed answers unique {r[3:]}")
        if r[5]:
            out.append(f"{r[0]}, {r[1]}, {r[2]}: {r[5]} printed answers have no answer")
    for draw, rivals, ok, differ, _ in figures["rivals"]["value"]["rows"]:
        if ok != rivals:
            out.append(f"{draw}: {rivals - ok} rivals without rule 3 break more than connectivity")
        if differ:
            out.append(f"{draw}: engine 1 found another answer than the printed one on {differ} boards")
    return out
