"""The stats files (studies/stats.py; issue 27, item 9): two runs saving one file keep both."""

from __future__ import annotations

from pathlib import Path


def _save_many(args: tuple[str, int, str]) -> None:
    where, k, name = args
    from pencilbox.studies import stats
    for i in range(25):
        stats.save("sukoro", {f"{name}-{i}": {"number": k * 100 + i}}, Path(where))


def test_two_runs_saving_one_stats_file_keep_both_entries(tmp_path: Path) -> None:
    from multiprocessing import get_context

    from pencilbox.studies import stats
    with get_context("spawn").Pool(2) as pool:
        pool.map(_save_many, [(str(tmp_path), 1, "a"), (str(tmp_path), 2, "b")])
    assert len(stats.load("sukoro", tmp_path)["studies"]) == 50
