"""Helpers shared by the Panda3D scenes: opening a ShowBase, numpy meshes as GeomNodes, frames.

Facts these rely on (engine-notes section 5): Panda3D renders headless here with
`window-type offscreen` + `load-display p3headlessgl`; Panda quaternions are (w, x, y, z) while
PyBullet's are (x, y, z, w); a screenshot's rows come bottom-up and must be flipped.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Sequence

import numpy as np
from panda3d.core import (Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat, LQuaternionf,
                          NodePath, loadPrcFileData)

OFFSCREEN_PRC = """
window-type offscreen
load-display p3headlessgl
aux-display p3tinydisplay
audio-library-name null
sync-video false
"""


def has_display() -> bool:
    """False on Linux without an X or Wayland display; elsewhere a window is assumed possible."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def audio_library() -> str:
    """Panda3D's audio library for this machine: OpenAL where a sound device can exist, else
    the null manager (OpenAL would print a dozen ALSA errors before giving up)."""
    if os.environ.get("JUNKART_MUTE"):
        return "null"
    if sys.platform.startswith("linux"):
        pulse = os.environ.get("PULSE_SERVER") or (
            os.environ.get("XDG_RUNTIME_DIR") and Path(os.environ["XDG_RUNTIME_DIR"], "pulse", "native").exists())
        alsa = Path("/dev/snd").is_dir() and any(p.name.startswith("pcm") for p in Path("/dev/snd").iterdir())
        return "p3openal_audio" if pulse or alsa else "null"
    return "p3openal_audio"


# Panda3D's start-up lines ("Known pipe types", inotify on /dev/input, EGL) stay out of the
# terminal unless asked for with --verbose (play/cli.py sets JUNKART_VERBOSE).
QUIET_PRC = "print-pipe-types false\nnotify-level fatal\nnotify-level-display fatal\nnotify-level-device fatal\nnotify-level-ShowBase error\n"


def open_showbase(title: str, size: tuple[int, int] = (1280, 720), offscreen: bool = False,
                  fullscreen: bool = False, smooth: bool = True) -> Any:
    """One ShowBase per process: an onscreen window, or an offscreen buffer for screenshots.

    Raises RuntimeError mentioning 'window' when no window can be opened (the caller falls back
    to a headless mode)."""
    from direct.showbase.ShowBase import ShowBase

    audio = "null" if offscreen else audio_library()
    samples = "framebuffer-multisample 1\nmultisamples 4\n" if smooth else "framebuffer-multisample 0\n"
    prc = f"win-size {size[0]} {size[1]}\nwindow-title {title}\naudio-library-name {audio}\n{samples}"
    if fullscreen and not offscreen:
        prc += "fullscreen 1\n"
    if offscreen:
        prc += OFFSCREEN_PRC
    if not os.environ.get("JUNKART_VERBOSE"):
        prc += QUIET_PRC
    loadPrcFileData("junkart-window", prc)
    base = ShowBase()
    if base.win is None:
        raise RuntimeError("could not open a window")
    base.disable_mouse()
    return base


def panda_quat(xyzw: Sequence[float]) -> LQuaternionf:
    """PyBullet (x, y, z, w) -> Panda3D (w, x, y, z)."""
    x, y, z, w = xyzw
    return LQuaternionf(w, x, y, z)


def mesh_node(name: str, vertices: np.ndarray, faces: np.ndarray, normals: np.ndarray) -> GeomNode:
    """A GeomNode from numpy arrays, copied in bulk (a Python loop per vertex is far slower)."""
    vdata = GeomVertexData(name, GeomVertexFormat.get_v3n3(), Geom.UH_static)
    vdata.unclean_set_num_rows(len(vertices))
    packed = np.hstack([np.asarray(vertices, np.float32), np.asarray(normals, np.float32)])
    memoryview(vdata.modify_array(0)).cast("B")[:] = np.ascontiguousarray(packed).tobytes()
    prim = GeomTriangles(Geom.UH_static)
    prim.set_index_type(Geom.NT_uint32)
    indices = np.ascontiguousarray(np.asarray(faces, np.uint32).reshape(-1))
    prim.modify_vertices().unclean_set_num_rows(len(indices))
    memoryview(prim.modify_vertices()).cast("B")[:] = indices.tobytes()
    geom = Geom(vdata)
    geom.add_primitive(prim)
    node = GeomNode(name)
    node.add_geom(geom)
    return node


def box_mesh(hx: float, hy: float, hz: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A box with one set of vertices per face (crisp lighting): vertices, faces, normals."""
    verts: list[np.ndarray] = []
    faces: list[tuple[int, int, int]] = []
    normals: list[np.ndarray] = []
    for axis in range(3):
        for sign in (-1.0, 1.0):
            n = np.zeros(3)
            n[axis] = sign
            u, v = [a for a in range(3) if a != axis]
            corners = []
            for du, dv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                p = np.zeros(3)
                p[axis] = sign
                p[u], p[v] = du, dv
                corners.append(p * (hx, hy, hz))
            start = len(verts)
            verts += corners
            normals += [n] * 4
            # Wind counter-clockwise seen from outside.
            a, b, c, d = start, start + 1, start + 2, start + 3
            tri = [(a, b, c), (a, c, d)]
            if np.dot(np.cross(corners[1] - corners[0], corners[2] - corners[0]), n) < 0:
                tri = [(a, c, b), (a, d, c)]
            faces += tri
    return np.array(verts), np.array(faces), np.array(normals)


def render_frames(base: Any, frames: int = 2) -> None:
    for _ in range(frames):
        base.graphicsEngine.render_frame()


def frame_array(base: Any) -> np.ndarray:
    """The last rendered frame as an (h, w, 3) uint8 RGB array, top row first."""
    texture = base.win.get_screenshot()
    if texture is None:
        raise RuntimeError("the window produced no frame")
    h, w = texture.get_y_size(), texture.get_x_size()
    rgba = np.frombuffer(texture.get_ram_image_as("RGBA").get_data(), np.uint8).reshape(h, w, 4)
    return rgba[::-1, :, :3].copy()


def save_frame(base: Any, path: str) -> None:
    from panda3d.core import Filename, PNMImage

    image = PNMImage()
    if not base.win.get_screenshot(image):
        raise RuntimeError("the window produced no frame")
    image.write(Filename.from_os_specific(str(path)))


def remove_node(node: NodePath | None) -> None:
    if node is not None and not node.is_empty():
        node.remove_node()


_FONT_FILES = {
    True: ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
           "C:/Windows/Fonts/arialbd.ttf", "/Library/Fonts/Arial Bold.ttf"),
    False: ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans.ttf",
            "C:/Windows/Fonts/arial.ttf", "/Library/Fonts/Arial.ttf"),
}
_fonts: dict[bool, Any] = {}


def ui_font(loader: Any, bold: bool = False) -> Any:
    """A clean sans font if the system has one (cached); None means Panda3D's built-in font."""
    if bold not in _fonts:
        chosen = None
        for candidate in _FONT_FILES[bold]:
            if os.path.exists(candidate):
                loaded = loader.loadFont(candidate)
                if loaded is not None and loaded.is_valid():
                    loaded.set_pixels_per_unit(56)
                    chosen = loaded
                    break
        _fonts[bold] = chosen
    return _fonts[bold]
