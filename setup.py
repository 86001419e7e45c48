"""The wheel is pure Python (py3-none-any) unless PENCILBOX_WHEEL=platform is set, as
``python3 dev.py wheel`` does: only then do the ahead-of-time modules in src/pencilbox/_built
go in, making it a platform wheel. A checkout with modules left in _built still builds the pure
wheel with ``pip install .``, ``pip wheel .`` or ``python -m build``."""

import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

BUILT = Path(__file__).parent / "src" / "pencilbox" / "_built"
PLATFORM = os.environ.get("PENCILBOX_WHEEL") == "platform"


class MaybeBinary(Distribution):
    def has_ext_modules(self) -> bool:
        return PLATFORM and (any(BUILT.glob("*.so")) or any(BUILT.glob("*.pyd")))


class BuildPy(build_py):
    """Leaves _built out of a pure build, and out of what an earlier platform build left in build/."""

    def exclude_data_files(self, package: str, src_dir: str, files: list[str]) -> list[str]:
        files = super().exclude_data_files(package, src_dir, files)
        if PLATFORM:
            return files
        if package.startswith("pencilbox._built"):  # a namespace package, once a manifest lists it
            return []
        if package != "pencilbox":
            return files
        return [f for f in files if Path(f).relative_to(src_dir).parts[0] != "_built"]

    def run(self) -> None:
        if not PLATFORM:
            shutil.rmtree(Path(self.build_lib) / "pencilbox" / "_built", ignore_errors=True)
        super().run()


setup(distclass=MaybeBinary, cmdclass={"build_py": BuildPy})
