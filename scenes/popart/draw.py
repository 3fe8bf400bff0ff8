"""2D drawing primitives for aspect2d: rectangles, discs, stars, text and the halftone-dot texture.

Coordinates are aspect2d's: x to the right, z up (passed here as y). Every function attaches to
`parent` and returns the new NodePath, so a whole card is one subtree that can be moved or removed.
"""
from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from panda3d.core import (CardMaker, Geom, GeomNode, GeomTrifans, GeomVertexData, GeomVertexFormat,
                          GeomVertexWriter, NodePath, PNMImage, SamplerState, TextNode, Texture,
                          TransparencyAttrib)

RGBA = tuple[float, float, float, float]

# Bundled with most Linux desktops; Panda3D's built-in font is the fallback.
FONT_CANDIDATES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
    "C:/Windows/Fonts/arialbd.ttf",
    "/Library/Fonts/Arial Bold.ttf",
)
_fonts: dict[str, object] = {}


def font(loader: object | None = None) -> object | None:
    """A bold sans font if the system has one (cached); None means Panda3D's default."""
    if "bold" in _fonts:
        return _fonts["bold"]
    chosen = None
    if loader is not None:
        for candidate in FONT_CANDIDATES:
            if Path(candidate).exists():
                loaded = loader.loadFont(candidate)  # type: ignore[attr-defined]
                if loaded is not None and loaded.is_valid():
                    loaded.set_pixels_per_unit(48)
                    chosen = loaded
                    break
    _fonts["bold"] = chosen
    return chosen


def rect(parent: NodePath, x0: float, y0: float, x1: float, y1: float, colour: RGBA, name: str = "rect") -> NodePath:
    maker = CardMaker(name)
    maker.set_frame(x0, x1, y0, y1)
    node = parent.attach_new_node(maker.generate())
    node.set_color(*colour)
    if colour[3] < 1:
        node.set_transparency(TransparencyAttrib.M_alpha)
    return node


def framed(parent: NodePath, cx: float, cy: float, w: float, h: float, fill: RGBA,
           border: RGBA = (0, 0, 0, 1), thickness: float = 0.008) -> NodePath:
    """A filled rectangle centred on (cx, cy) with a border, as one node."""
    node = parent.attach_new_node("framed")
    rect(node, cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, border)
    rect(node, cx - w / 2 + thickness, cy - h / 2 + thickness, cx + w / 2 - thickness, cy + h / 2 - thickness, fill)
    return node


def outline(parent: NodePath, cx: float, cy: float, w: float, h: float, colour: RGBA, thickness: float = 0.006) -> NodePath:
    node = parent.attach_new_node("outline")
    x0, x1, y0, y1 = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    for a, b, c, d in ((x0, y0, x1, y0 + thickness), (x0, y1 - thickness, x1, y1),
                       (x0, y0, x0 + thickness, y1), (x1 - thickness, y0, x1, y1)):
        rect(node, a, b, c, d, colour)
    return node


def polygon(parent: NodePath, points: Sequence[tuple[float, float]], colour: RGBA, name: str = "poly") -> NodePath:
    """A convex (or star-shaped around its first point) polygon as a triangle fan."""
    vdata = GeomVertexData(name, GeomVertexFormat.get_v3(), Geom.UH_static)
    vdata.set_num_rows(len(points))
    writer = GeomVertexWriter(vdata, "vertex")
    for x, y in points:
        writer.add_data3(x, 0, y)
    fan = GeomTrifans(Geom.UH_static)
    fan.add_consecutive_vertices(0, len(points))
    fan.close_primitive()
    geom = Geom(vdata)
    geom.add_primitive(fan)
    gnode = GeomNode(name)
    gnode.add_geom(geom)
    node = parent.attach_new_node(gnode)
    node.set_color(*colour)
    node.set_two_sided(True)
    if colour[3] < 1:
        node.set_transparency(TransparencyAttrib.M_alpha)
    return node


def disc(parent: NodePath, cx: float, cy: float, rx: float, ry: float, colour: RGBA,
         start: float = 0.0, end: float = 360.0, segments: int = 28) -> NodePath:
    points = [(cx, cy)]
    for i in range(segments + 1):
        a = math.radians(start + (end - start) * i / segments)
        points.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return polygon(parent, points, colour, "disc")


def star(parent: NodePath, cx: float, cy: float, radius: float, colour: RGBA, inner: float = 0.5) -> NodePath:
    points = [(cx, cy)]
    for i in range(11):
        r = radius if i % 2 == 0 else radius * inner
        a = math.radians(90 + 36 * i)
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return polygon(parent, points, colour, "star")


def text(parent: NodePath, content: str, x: float, y: float, scale: float, colour: RGBA = (0, 0, 0, 1),
         align: str = "center", wrap: float | None = None, fnt: object | None = None) -> NodePath:
    """Text with its baseline at y; `wrap` is a width in the parent's units."""
    node = TextNode("text")
    node.set_text(content)
    node.set_align({"center": TextNode.A_center, "left": TextNode.A_left, "right": TextNode.A_right}[align])
    node.set_text_color(*colour)
    chosen = fnt if fnt is not None else _fonts.get("bold")
    if chosen is not None:
        node.set_font(chosen)  # type: ignore[arg-type]
    if wrap:
        node.set_wordwrap(wrap / scale)
    path = parent.attach_new_node(node)
    path.set_scale(scale)
    path.set_pos(x, 0, y)
    return path


def text_lines(node: NodePath) -> int:
    return node.node().get_num_rows()  # type: ignore[attr-defined]


@lru_cache(maxsize=1)
def dot_texture() -> Texture:
    """Ben-Day halftone dots (white, translucent), tiled over print colours for the pop-art look."""
    size = 32
    image = PNMImage(size, size, 4)
    image.fill(1, 1, 1)
    image.alpha_fill(0)
    for px in range(size):
        for py in range(size):
            for cx, cy in ((8, 8), (24, 24)):
                if (px - cx) ** 2 + (py - cy) ** 2 <= 20:
                    image.set_alpha(px, py, 0.28)
    tex = Texture("dots")
    tex.load(image)
    tex.set_wrap_u(SamplerState.WM_repeat)
    tex.set_wrap_v(SamplerState.WM_repeat)
    tex.set_minfilter(SamplerState.FT_linear)
    return tex


def dots(parent: NodePath, cx: float, cy: float, w: float, h: float, density: float = 14.0,
         strength: float = 1.0) -> NodePath:
    maker = CardMaker("dots")
    maker.set_frame(cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2)
    maker.set_uv_range((0, 0), (w * density, h * density))
    node = parent.attach_new_node(maker.generate())
    node.set_texture(dot_texture())
    node.set_transparency(TransparencyAttrib.M_alpha)
    if strength != 1.0:
        node.set_alpha_scale(strength)
    return node
