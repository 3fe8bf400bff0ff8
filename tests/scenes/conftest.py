"""One offscreen ShowBase for the whole scene test session (Panda3D allows one per process)."""
from __future__ import annotations

from pathlib import Path

import pytest

OFFSCREEN_PRC = """
window-type offscreen
load-display p3headlessgl
aux-display p3tinydisplay
audio-library-name null
win-size 1280 720
sync-video false
"""


@pytest.fixture(scope="session")
def showbase():
    from panda3d.core import loadPrcFileData
    from direct.showbase.ShowBase import ShowBase

    loadPrcFileData("junkart-tests", OFFSCREEN_PRC)
    base = ShowBase()
    yield base
    base.destroy()


@pytest.fixture
def screenshot(showbase, tmp_path):
    """screenshot(name) -> Path of a PNG of the current frame (after two task-manager steps)."""
    from panda3d.core import Filename, PNMImage

    def take(name: str = "shot.png", directory: Path | None = None) -> Path:
        for _ in range(2):
            showbase.taskMgr.step()
        image = PNMImage()
        assert showbase.win.get_screenshot(image), "offscreen window produced no frame"
        path = (directory or tmp_path) / name
        image.write(Filename.from_os_specific(str(path)))
        return path

    return take
