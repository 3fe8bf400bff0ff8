"""The card pictures: the committed PNGs are what the generator draws now, and each shows its piece."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from game.pieces import SHAPES
from scenes.card_pictures import build_all, pictures_dir, png_bytes, render


def test_committed_card_pictures_are_current(tmp_path: Path) -> None:
    written = build_all(tmp_path)
    assert sorted(p.name for p in written) == sorted(p.name for p in pictures_dir().glob("*.png"))
    for path in written:
        assert path.read_bytes() == (pictures_dir() / path.name).read_bytes(), \
            f"{path.name} differs: rerun python -m scenes.card_pictures"


def test_each_picture_shows_its_own_shape_lit_and_outlined() -> None:
    pictures = {shape: render(shape) for shape in SHAPES}
    for shape, pixels in pictures.items():
        grey, alpha = pixels[..., 0].astype(int), pixels[..., 1].astype(int)
        covered = alpha > 200
        assert 0.05 < covered.mean() < 0.8, shape            # the piece fills a fair part, not all
        assert (alpha[0] == 0).all() and (alpha[:, 0] == 0).all(), shape    # a margin all round
        lit = grey[covered]
        assert lit.max() - lit.min() > 60, shape              # shaded faces, not a flat silhouette
        assert (grey[(alpha > 0) & (grey < 60)]).size > 0, shape    # the dark rim
    silhouettes = [tuple(np.packbits(p[..., 1] > 127)) for p in pictures.values()]
    assert len(set(silhouettes)) == len(SHAPES)


def test_png_writer_round_trips_through_panda(tmp_path: Path) -> None:
    from panda3d.core import Filename, PNMImage

    pixels = render("cone")
    path = tmp_path / "cone.png"
    path.write_bytes(png_bytes(pixels))
    image = PNMImage(Filename.from_os_specific(str(path)))
    assert (image.get_x_size(), image.get_y_size(), image.get_num_channels()) == (96, 96, 2)
    y, x = np.argwhere(pixels[..., 1] == 255)[0]
    assert round(image.get_gray(int(x), int(y)) * 255) == pixels[y, x, 0]
