"""The player's load-test tooling, kept beside the benchmarks rather than shipped in the package:
``drive`` solves a board by hints through the API's own hint call, ``loadtest`` sends a mixed
load to a running player (and serves one in a thread), ``flood`` runs the overload phase
against ``pencilbox play`` in a process of its own. The tests and bench/player.py,
bench/page.py, bench/fuzz.py and bench/first_run.py import it; ``python bench/loadtest.py URL
[overload]`` runs it against a player.

Its modules import each other relatively: the benchmarks find it as ``load`` (bench/ is their
path), the tests as ``bench.load``."""
