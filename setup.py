"""Ship the top-level templates/ inside the wheel as autobot/templates (everything else is in
pyproject.toml). The source keeps them at the top level; autobot.vision.glyphs finds either."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithTemplates(build_py):
    """build_py, plus templates/ copied to autobot/templates in the build tree."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's templates/ directly
        source = Path(__file__).resolve().parent / "templates"
        target = Path(self.build_lib) / "autobot" / "templates"
        shutil.copytree(source, target, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithTemplates})
