"""Colour-blind marks on the pieces themselves: a pattern per colour, painted on every face.

orange: diagonal stripes   blue: dots   green: checks   grey: plain
(the same order as the cards' shapes ▲ ● ■ ◆: the plain one is the diamond's colour).

Fixed-function, like the rest of the table: a small 3D texture per pattern, looked up at each
point's position in the piece's own frame (texture coordinates generated from the world
position, brought into the piece's frame by a projector that rides with it), so the pattern wraps every face of every shape and moves with the piece. The
texture darkens the paint (modulate): the piece keeps its colour.
"""
from __future__ import annotations

import numpy as np
from panda3d.core import NodePath, TexGenAttrib, Texture, TextureStage

PERIOD_M = 0.014           # one repeat of a pattern on the piece (metres)
SIZE = 16                  # texels per repeat and axis
DARK = 0.55                # the pattern's dark share of the paint
PATTERNS = {"orange": "stripes", "blue": "dots", "green": "checks", "grey": "plain"}

STAGE = TextureStage("colour-pattern")
STAGE.set_mode(TextureStage.M_modulate)


def pattern_values(kind: str) -> np.ndarray:
    """(SIZE, SIZE, SIZE) brightness 0..1 of one repeat of a pattern (z, y, x)."""
    z, y, x = (np.mgrid[0:SIZE, 0:SIZE, 0:SIZE].astype(np.float32) + 0.5) / SIZE
    if kind == "stripes":          # sheets across x + y + z: stripes on every face
        dark = ((x + y + z) * 2.0) % 1.0 < 0.4
    elif kind == "dots":           # a ball in each cell: round dots on every face
        dark = (x - 0.5) ** 2 + (y - 0.5) ** 2 + (z - 0.5) ** 2 < 0.09
    elif kind == "checks":
        dark = ((np.floor(x * 2) + np.floor(y * 2) + np.floor(z * 2)) % 2) == 1
    else:
        dark = np.zeros_like(x, dtype=bool)
    return np.where(dark, DARK, 1.0).astype(np.float32)


_textures: dict[str, Texture] = {}


def pattern_texture(colour: str) -> Texture | None:
    kind = PATTERNS.get(colour)
    if kind is None or kind == "plain":
        return None
    if kind not in _textures:
        texture = Texture(f"pattern-{kind}")
        texture.setup_3d_texture(SIZE, SIZE, SIZE, Texture.T_unsigned_byte, Texture.F_luminance)
        texture.set_ram_image((pattern_values(kind) * 255).astype(np.uint8).tobytes())
        for wrap in (texture.set_wrap_u, texture.set_wrap_v, texture.set_wrap_w):
            wrap(Texture.WM_repeat)
        texture.set_minfilter(Texture.FT_linear)
        texture.set_magfilter(Texture.FT_linear)
        _textures[kind] = texture
    return _textures[kind]


def mark(node: NodePath, colour: str, on: bool) -> None:
    """Paint (or clear) `colour`'s pattern on a piece's node."""
    texture = pattern_texture(colour) if on else None
    if texture is None:
        node.clear_texture(STAGE)
        node.clear_tex_gen(STAGE)
        node.clear_tex_projector(STAGE)
        return
    # Panda's fixed-function texgen has world positions, not object ones: a projector node
    # that rides with the piece turns them back into the piece's frame, scaled to one repeat.
    space = node.find("pattern-space")
    if space.is_empty():
        space = node.attach_new_node("pattern-space")
        space.set_scale(PERIOD_M)
    node.set_texture(STAGE, texture)
    node.set_tex_gen(STAGE, TexGenAttrib.M_world_position)
    node.set_tex_projector(STAGE, node.get_top(), space)
