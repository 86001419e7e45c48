"""JSON read within bounds (jsonread.py; issue 47, item 2): a list's elements one at a time,
decoded in windows where the text holds many values, each refused past the bound, with
json's own values and json's own error positions."""

from __future__ import annotations

import json
import random

import pytest

from pencilbox import jsonread
from pencilbox.errors import BoardError


def shaped(rng: random.Random, depth: int = 0) -> object:
    """A random JSON value: scalars that end at a window's edge ('12345', '1.5', '2e-09'), strings
    that hold brackets and quotes, nested lists and objects."""
    r = rng.random()
    if depth > 2 or r < 0.3:
        return rng.choice([None, True, 1, 12345, -7, 1.5, 2e-9, "a", 'b"c', "x]y{", "", "q\\"])
    if r < 0.65:
        return [shaped(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {str(rng.randrange(9)): shaped(rng, depth + 1) for _ in range(rng.randrange(3))}


def held(v: object) -> tuple[int, int]:
    """(arrays, objects and strings; numbers) a value holds, keys included."""
    if isinstance(v, list):
        parts = [held(x) for x in v]
        return 1 + sum(p[0] for p in parts), sum(p[1] for p in parts)
    if isinstance(v, dict):
        parts = [held(x) for x in v.values()]
        return 1 + len(v) + sum(p[0] for p in parts), sum(p[1] for p in parts)
    return int(isinstance(v, str)), int(isinstance(v, int | float) and not isinstance(v, bool))


@pytest.mark.parametrize("items", [1, 2, 3, 5, 8, 1000])
def test_a_list_s_elements_are_json_s_own_in_windows_of_any_size(items: int) -> None:
    rng = random.Random(47)
    refused = 0
    for _ in range(400):
        data = [shaped(rng) for _ in range(rng.randrange(1, 8))]
        text = json.dumps(data, indent=rng.choice([None, 1]))
        got = []
        try:
            got.extend(jsonread.elements(text, 0, items))
        except BoardError as e:
            k = len(got)
            arrays, numbers = held(data[k])
            assert (arrays if "arrays" in str(e) else numbers) > items, (text, e)
            refused += 1
        assert got == data[:len(got)]
        if len(got) == len(data):
            assert got == data
    assert items == 1000 or refused  # the small bounds refuse some elements, never a wrong one


BAD = ["[1, 2", "[1 2]", "[1,]", '[{"a": 1}, {"a" 1}]', "[1] x", '["abc', "[" + "1," * 50 + "x]",
       "[" + '"ab",' * 50 + "1.]", "[\n" + "{},\n" * 30 + "{]"]


@pytest.mark.parametrize("text", BAD)
@pytest.mark.parametrize("items", [2, 1000])
def test_bad_json_is_refused_where_json_refuses_it(text: str, items: int) -> None:
    with pytest.raises(json.JSONDecodeError) as want:
        json.loads(text)
    e = want.value
    with pytest.raises(BoardError, match=rf"^line {e.lineno}, column {e.colno}: invalid JSON: {e.msg}$"):
        list(jsonread.elements(text, 0, items))


def test_an_element_longer_than_a_window_is_read_whole_within_the_bound() -> None:
    """A window of ``items`` characters cannot hold an element of more characters: it is scanned,
    then decoded from the whole text (a long string is one value)."""
    text = json.dumps([{"id": "x" * 50}, [1, 2, [3]], "y" * 40])
    assert list(jsonread.elements(text, 0, 6)) == [{"id": "x" * 50}, [1, 2, [3]], "y" * 40]


def test_one_value_past_the_bound_is_refused_before_it_is_built() -> None:
    with pytest.raises(BoardError, match=r"^line 1, column 1: board: more than 4 arrays, objects and"):
        jsonread.value("[[], [], [], [], []]", 0, 4, "board")
    with pytest.raises(BoardError, match=r"^line 1, column 2: board 0: more than 4 numbers"):
        list(jsonread.elements("[[1, 2, 3, 4, 5.5]]", 0, 4))
    assert jsonread.value(' {"a": ["]]]]]]"]} ', 1, 4, "board") == {"a": ["]]]]]]"]}
