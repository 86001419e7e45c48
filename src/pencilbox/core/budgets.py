"""Every node budget the verbs, the player and the generators' checks run under, named
once: a node is one branch point of a search, or one probe trial of a hint."""

from __future__ import annotations

MAX_COUNT = 2**62  # --limit and --node-cap fit the kernels' int64 counters below this
SOLVE_NODES = 10**6  # solve and grade: branch points of the uniqueness search
COUNT_NODES = 10**7  # count: branch points before the count is a lower bound
COUNT_LIMIT = 10**6  # count: answers before it stops and says so
HINT_NODES = 10**5  # hint: probe trials (and the search for wrong entries) before it says capped
QUICK_NODES = 256  # the engine's quick first search before it escalates to a probe at the root
UNIQUE_NODES = 200_000  # the generators' uniqueness check per erasure (capped: the clue stays)
PLAYER_NODES = 20_000  # the player: per search in one request (answers 503 or "2+" past it)
