"""A wheel that carries the ahead-of-time modules (``src/pencilbox/_built``, put there by
``python3 dev.py wheel``) is a platform wheel; without them the wheel is pure Python."""

from pathlib import Path

from setuptools import setup
from setuptools.dist import Distribution

BUILT = Path(__file__).parent / "src" / "pencilbox" / "_built"


class MaybeBinary(Distribution):
    def has_ext_modules(self) -> bool:
        return any(BUILT.glob("*.so")) or any(BUILT.glob("*.pyd"))


setup(distclass=MaybeBinary)
