"""Every node budget the verbs, the player and the generators' checks run under, named
once: a node is one branch point of a search, or one probe trial of a hint."""

from __future__ import annotations

MAX_COUNT = 2**62  # --limit and --node-cap fit the kernels' int64 counters below this
SOLVE_NODES = 10**6  # solve and grade: branch points of the uniqueness search
COUNT_NODES = 10**7  # count: branch points before the count is a lower bound
COUNT_LIMIT = 10**6  # count: answers before it stops and says so
SPREAD_LIMIT = 100  # backbone: answers counted before it says "at least"; the solver calls grow with it
SPREAD_SHOWN = 10  # backbone: answers listed (the setter steps through them)
HINT_NODES = 10**5  # hint: probe trials (and the search for wrong entries) before it says capped
QUICK_NODES = 256  # the engine's quick first search before it escalates to a probe at the root
QUICK_MISSES = 128  # the player's quick search where the puzzle has a lookahead: the dead ends it gives up
# at (a hard board meets one a node; a loose one, few: it runs on to QUICK_NODES + its variables), where a
# board of several answers shows two before them (bench/lookahead.py: 16 was dearer on such boards)
UNIQUE_NODES = 200_000  # the generators' uniqueness check per erasure (capped: the clue stays)
PLAYER_NODES = 20_000  # the player: per search in one request (answers 503 or "2+" past it)
PLAYER_SAT_WORK = 10**6  # the player's SAT calls (the ambiguity view's backbone), as SAT_WORK below:
# a quarter of the command line's, a few seconds of the heavy lane's 60 s
WORK = 4 * 10**9  # cell-nodes: a node's work grows with the board, so default caps shrink on large ones
WORK_READABLE = 2 * 10**6  # cell-nodes while the kernels are not built: a readable node (or probe
# trial) costs far more than a compiled one (bench/budget.py --cold measures it at the cell budget)
SAT_WORK = 4 * 10**6  # cell-calls: SAT's default node cap (solver calls, a lazy cut's re-solve one) is
# its verb's cap or fewer, as ``scaled``: a call reads a model and cuts it in Python, work that grows
# with the board (bench/budget.py: a blank 20x20 Sukoro's backbone made 3,600 calls in 25 s)
SAT_CALL_PROPS = 5  # unit propagations a SAT call may use per cell allowed, pooled over a run's
# calls (a call on n cells assigns n to 5n variables): 2*10^7 under the default caps, a hard call's
# conflicts included; a cap asked for raises it in step
SAT_CLAUSES = 25 * 10**5  # the largest SAT encoding a verb builds (puzzle.sat_clauses, about): its
# clauses are built in Python (a 250x250 Sukoro's 2.4*10^6 held 620 MB; a 500x500 one ran past 2.6 GB)
GENERATE_TRIES = 500  # generate --grade: seeds tried for the grade (the board is the first that has it)
GENERATE_S = 30.0  # ... and no seed more once this long has passed (a rare grade on a 40x40 board: 500
# seeds would take hours); a board of a puzzle's largest generated size (its generate_cells) takes a
# seed's make under 20 s (bench/budget.py), so generate answers or refuses within a minute
GENERATE_SEED_CELLS = 4_000  # seeds handed to a generator at a time: this many cells' worth (40 at
# 10x10, one past 63x63), the clock read between them
PASS_WORK = 2 * 10**7  # a verb's readable rung passes under its default caps: cells x the rung's
# weight each (a unit is about a microsecond of readable work; a heavy rung's weight says how many)


def scaled(cap: int, cells: int, work: int | None = None) -> int:
    """A verb's default node cap on a board of ``cells`` cells: ``cap``, or fewer where ``cap``
    nodes would be more than ``work`` cell-nodes (WORK compiled: past 400 cells for count's
    10^7; WORK_READABLE readable), so a default run stays within a minute on any board the
    readers accept (bench/budget.py). A cap asked for is taken as it is."""
    return max(1, min(cap, (WORK if work is None else work) // max(cells, 1)))


def sat_budget(calls: int, cells: int) -> tuple[int, int]:
    """A SAT run's budget (core/satloop.py's Limits): ``calls`` solver calls and, pooled,
    SAT_CALL_PROPS unit propagations per cell per call."""
    return calls, calls * max(cells, 1) * SAT_CALL_PROPS
