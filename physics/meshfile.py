"""A deterministic OBJ writer and a small reader for the meshes this project writes.

The committed assets are compared byte for byte against a fresh build, so the writer uses one
fixed float format, never prints "-0.000000", and writes groups, vertices and faces in the order
given. The reader only understands what the writer produces (v, f, o, comments); it is not a
general OBJ parser and never evaluates anything.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

DECIMALS = 6  # metres -> micrometre resolution: far below any physics tolerance


@dataclass(frozen=True)
class MeshGroup:
    """One `o` object: vertices (n, 3) and triangle faces (m, 3), 0-based."""

    name: str
    vertices: np.ndarray
    faces: np.ndarray


def format_float(value: float) -> str:
    text = f"{value:.{DECIMALS}f}"
    return "0.000000" if text == "-0.000000" else text


def obj_text(groups: list[MeshGroup], header: str) -> str:
    lines = [f"# {line}" for line in header.splitlines()]
    offset = 1
    for group in groups:
        lines.append(f"o {group.name}")
        for x, y, z in group.vertices:
            lines.append(f"v {format_float(x)} {format_float(y)} {format_float(z)}")
        for a, b, c in group.faces:
            lines.append(f"f {a + offset} {b + offset} {c + offset}")
        offset += len(group.vertices)
    return "\n".join(lines) + "\n"


def write_obj(path: Path, groups: list[MeshGroup], header: str) -> None:
    # newline="\n": identical bytes on every platform.
    with open(path, "w", encoding="ascii", newline="\n") as handle:
        handle.write(obj_text(groups, header))


def read_obj(path: Path) -> list[MeshGroup]:
    """Groups of an OBJ written by `write_obj`; faces are re-based per group."""
    groups: list[tuple[str, list[list[float]], list[list[int]]]] = []
    all_vertices: list[list[float]] = []
    starts: list[int] = []
    with open(path, encoding="ascii") as handle:
        for number, line in enumerate(handle, 1):
            fields = line.split()
            if not fields or fields[0].startswith("#"):
                continue
            if fields[0] == "o":
                groups.append((fields[1] if len(fields) > 1 else f"g{len(groups)}", [], []))
                starts.append(len(all_vertices))
            elif fields[0] == "v":
                if not groups:
                    raise ValueError(f"{path}:{number}: vertex before any 'o' group")
                vertex = [float(v) for v in fields[1:4]]
                groups[-1][1].append(vertex)
                all_vertices.append(vertex)
            elif fields[0] == "f":
                if not groups:
                    raise ValueError(f"{path}:{number}: face before any 'o' group")
                groups[-1][2].append([int(v.split("/")[0]) - 1 - starts[-1] for v in fields[1:4]])
            else:
                raise ValueError(f"{path}:{number}: unsupported OBJ record {fields[0]!r}")
    return [
        MeshGroup(name, np.array(vertices, dtype=float).reshape(-1, 3), np.array(faces, dtype=np.int64).reshape(-1, 3))
        for name, vertices, faces in groups
    ]
