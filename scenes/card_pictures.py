"""The small piece pictures on the Junk Art cards of the HUD, drawn from the piece meshes:

    python -m scenes.card_pictures [assets/cards/pieces]

One PNG per shape (grey + alpha, 96 x 96): the piece in a three-quarter view, shaded white, with
a dark rim. The HUD tints it with the card's colour, so 15 pictures serve the 60 cards.

Drawn by a small numpy rasteriser rather than by Panda3D: the files must come out the same byte
for byte wherever they are regenerated (a test checks that the committed ones are current), and
a GL driver's rounding is not something to depend on. So only +, -, *, / and sqrt touch the
pixels (IEEE-exact everywhere); the view's sines come from Python's math, once.
"""
from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

import numpy as np

from game.assets import assets_path
from game.pieces import SHAPES
from physics.meshfile import read_obj

SIZE = 96                  # pixels, square
SUPER = 4                  # drawn this many times larger, then averaged: smooth edges
MARGIN = 0.08              # share of the picture left empty on each side
YAW_DEG, PITCH_DEG = -32.0, 28.0      # the view: turned a little, seen from a little above
LIGHT = (-0.45, 0.55, 0.70)           # towards the light, in view space (upper left, in front)
AMBIENT, DIFFUSE = 0.42, 0.62
RIM = 0.18                 # the outline's grey


def pictures_dir() -> Path:
    return assets_path("cards", "pieces")


def picture_path(shape: str) -> Path:
    return pictures_dir() / f"{shape}.png"


def _view_matrix() -> np.ndarray:
    """Rows: the view's right, up and towards-the-viewer axes in the piece frame (z up)."""
    yaw, pitch = math.radians(YAW_DEG), math.radians(PITCH_DEG)
    cy, sy, cp, sp = math.cos(yaw), math.sin(yaw), math.cos(pitch), math.sin(pitch)
    right = (cy, sy, 0.0)
    towards = (-sy * cp, cy * cp, sp)          # from the piece to the eye
    # A plank lies along x: seen from the front-left so its length and thickness both show.
    towards = (towards[0], -towards[1], towards[2])
    right = (right[0], -right[1], right[2])
    up = (towards[1] * right[2] - towards[2] * right[1], towards[2] * right[0] - towards[0] * right[2],
          towards[0] * right[1] - towards[1] * right[0])
    return np.array([right, up, towards], np.float64)


def _rotate(points: np.ndarray, m: np.ndarray) -> np.ndarray:
    # Written out (no matmul): BLAS may sum in another order on another machine.
    x, y, z = points[:, 0], points[:, 1], points[:, 2]
    return np.stack([m[r, 0] * x + m[r, 1] * y + m[r, 2] * z for r in range(3)], axis=1)


def render(shape: str) -> np.ndarray:
    """(SIZE, SIZE, 2) uint8: grey and alpha of the shape's picture, top row first."""
    group = read_obj(assets_path("meshes", f"{shape}_visual.obj"))[0]
    m = _view_matrix()
    v = _rotate(np.asarray(group.vertices, np.float64), m)
    faces = np.asarray(group.faces, np.int64)
    lo, hi = v.min(axis=0), v.max(axis=0)
    big = SIZE * SUPER
    span = max(hi[0] - lo[0], hi[1] - lo[1])
    scale = big * (1.0 - 2 * MARGIN) / span
    # Pixel coordinates: x right, y down; centred in the picture.
    px = (v[:, 0] - (lo[0] + hi[0]) / 2) * scale + big / 2
    py = big / 2 - (v[:, 1] - (lo[1] + hi[1]) / 2) * scale
    depth = np.full((big, big), -np.inf)
    shade = np.zeros((big, big))
    light = np.array(LIGHT) / math.sqrt(sum(c * c for c in LIGHT))
    for a, b, c in faces:
        ax, ay, bx, by, cx, cy = px[a], py[a], px[b], py[b], px[c], py[c]
        area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        if area == 0.0:
            continue
        # Face normal in view space: facing away from the viewer means hidden (closed meshes).
        e1, e2 = v[b] - v[a], v[c] - v[a]
        n = np.array([e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]])
        length = math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
        if length == 0.0 or n[2] <= 0.0:
            continue
        lit = AMBIENT + DIFFUSE * max(0.0, (n[0] * light[0] + n[1] * light[1] + n[2] * light[2]) / length)
        x0, x1 = max(0, int(math.floor(min(ax, bx, cx)))), min(big - 1, int(math.ceil(max(ax, bx, cx))))
        y0, y1 = max(0, int(math.floor(min(ay, by, cy)))), min(big - 1, int(math.ceil(max(ay, by, cy))))
        if x1 < x0 or y1 < y0:
            continue
        gy, gx = np.mgrid[y0:y1 + 1, x0:x1 + 1] + 0.5
        w0 = ((bx - gx) * (cy - gy) - (by - gy) * (cx - gx)) / area
        w1 = ((cx - gx) * (ay - gy) - (cy - gy) * (ax - gx)) / area
        w2 = 1.0 - w0 - w1
        inside = (w0 >= 0) & (w1 >= 0) & (w2 >= 0)
        z = w0 * v[a, 2] + w1 * v[b, 2] + w2 * v[c, 2]
        window = depth[y0:y1 + 1, x0:x1 + 1]
        nearer = inside & (z > window)
        window[nearer] = z[nearer]
        shade[y0:y1 + 1, x0:x1 + 1][nearer] = lit
    covered = depth > -np.inf
    # A dark rim two (super-sampled) pixels wide around the silhouette: the piece reads on any card.
    rim = np.zeros_like(covered)
    for dy in range(-2 * SUPER // 2, 2 * SUPER // 2 + 1):
        for dx in range(-2 * SUPER // 2, 2 * SUPER // 2 + 1):
            rim |= np.roll(np.roll(covered, dy, axis=0), dx, axis=1)
    rim &= ~covered
    grey = np.where(covered, shade, np.where(rim, RIM, 0.0))
    alpha = (covered | rim).astype(np.float64)
    # Average SUPER x SUPER blocks; grey weighted by coverage so edges do not darken.
    def down(a: np.ndarray) -> np.ndarray:
        return a.reshape(SIZE, SUPER, SIZE, SUPER).sum(axis=(1, 3)) / (SUPER * SUPER)
    a_small = down(alpha)
    g_small = np.where(a_small > 0, down(grey * alpha) / np.maximum(a_small, 1e-9), 0.0)
    out = np.stack([np.floor(np.clip(g_small, 0, 1) * 255 + 0.5), np.floor(a_small * 255 + 0.5)], axis=-1)
    return out.astype(np.uint8)


def png_bytes(pixels: np.ndarray) -> bytes:
    """A grey + alpha PNG (colour type 4), written by hand: deterministic, no imaging library."""
    h, w, _ = pixels.shape
    raw = b"".join(b"\x00" + pixels[row].tobytes() for row in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 4, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def build_all(out: Path | None = None) -> list[Path]:
    """Write every shape's picture into `out` (default: the committed folder)."""
    folder = out or pictures_dir()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for shape in SHAPES:
        path = folder / f"{shape}.png"
        path.write_bytes(png_bytes(render(shape)))
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in build_all(Path(sys.argv[1]) if len(sys.argv) > 1 else None):
        print(f"wrote {written_path}")
