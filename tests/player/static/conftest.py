"""Every page test runs twice: against ``pencilbox play`` (the compiled kernels behind the JSON
API) and against the static site (pencilbox in the browser, served by a plain file server with
no pencilbox process). The site is built once per session from this checkout."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.player.chrome import BACKENDS
from tests.player.contexts import SITES


@pytest.fixture(scope="session")
def site_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static site, built by ``pencilbox site`` into a temporary folder."""
    from pencilbox import site
    out = tmp_path_factory.mktemp("site") / "site"
    site.build(out)
    return out


@pytest.fixture(scope="session")
def site_server(site_folder: Path) -> Iterator[str]:
    """The base URL of the static site on a plain static file server."""
    from pencilbox.site.local import serve
    with serve(site_folder) as base:
        SITES.add(base)
        yield base


@pytest.fixture(scope="session", params=BACKENDS)
def server(request: pytest.FixtureRequest) -> Any:
    """The page's back end: the player's server, or the static site."""
    return request.getfixturevalue("play_server" if request.param == "play" else "site_server")
