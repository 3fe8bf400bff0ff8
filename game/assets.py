"""The one way to find shipped assets (meshes, card data) — they are package data of `assets`."""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def assets_path(*parts: str) -> Path:
    """Path of a file or folder under the `assets` package, e.g. assets_path("cards", "cities.json")."""
    return Path(str(files("assets"))).joinpath(*parts)
