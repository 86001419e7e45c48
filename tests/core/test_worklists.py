"""The erasure loops' worklists: drained in the rungs' order, stopped at a contradiction, emptied."""

from __future__ import annotations

from pencilbox.core.worklists import drain, empty


def test_the_first_rung_with_work_goes_first_and_a_later_one_waits_for_it() -> None:
    seen: list[tuple[str, int]] = []
    low: list[int] = [1]
    high: list[int] = [7]
    low_due, high_due = [False, True], [False] * 7 + [True]

    def cheap(i: int) -> bool:
        seen.append(("cheap", i))
        return True

    def dear(i: int) -> bool:
        seen.append(("dear", i))
        if i == 7:  # the dear rung hands the cheap one work, which runs before its own next item
            low.append(0)
            low_due[0] = True
            high.append(3)
            high_due[3] = True
        return True
    assert drain(((low, low_due, cheap), (high, high_due, dear)))
    assert seen == [("cheap", 1), ("dear", 7), ("cheap", 0), ("dear", 3)]
    assert not any(low_due) and not any(high_due)


def test_a_contradiction_stops_the_drain_and_empty_forgets_what_was_due() -> None:
    items, due = [2, 4], [False, False, True, False, True]
    work = ((items, due, lambda i: i != 4),)
    assert not drain(work)
    assert items == [2] and due[2] and not due[4]
    empty(work)
    assert items == [] and not any(due)
