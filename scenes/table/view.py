"""TableView: draws a physics `Snapshot` — the wooden table, the black bases, the pieces — with
fixed-function lights and an orbit camera.

The view only shows poses: it never steps physics. `show(snapshot)` moves the pieces (their
NodePaths are made the first time a piece appears and hidden when it leaves the table), so a
match can hand over a fresh snapshot after every placement. Everything hangs under one root
node and `destroy()` removes it, so scenes can share one ShowBase. Lighting is fixed-function:
`set_shader_auto` fails on this renderer (engine-notes section 5).
"""
from __future__ import annotations

import math
import time
from typing import Any, Callable, Mapping, Sequence

import numpy as np
from panda3d.core import (AmbientLight, AntialiasAttrib, CardMaker, DirectionalLight, LineSegs, Material, NodePath,
                          Point2, Point3, Texture, TransparencyAttrib)

from physics.bodies import BASE_HEIGHT_M
from physics.catalogue import shape_of_id
from physics.layout import BASE_HALF_M, TableLayout
from physics.settings import TABLE_THICKNESS_M
from physics.snapshot import Snapshot
from scenes.common import box_mesh, mesh_node, panda_quat, remove_node
from scenes.table import colour_patterns, palette
from scenes.table.camera import OrbitCamera
from scenes.table.meshes import shape_node
from scenes.table.layout import Rect
from scenes.table.screen_labels import NameTag, ScreenLabels
from scenes.table.shadows import KEY_HPR, PieceShadows
from scenes.table.table_picture import TablePicture
from scenes.table.tape import TapeMeasures

PIECE_TAG = "piece"        # NodePath tag holding the piece id (picking maps hits back through it)
BASE_TAG = "base"
# The camera keeps the tops it frames below the HUD's turn banner (window y, -1..1) ...
BELOW_BANNER_Y = 0.68
LABEL_ROOM_M = 0.02        # the tape label stands about this much above the top it measures
ABOVE_HAND_Y = -0.55       # ... and the bases above the hand bar and its buttons
SLIDE_ROOM_Y = 0.08        # the camera rises only while the bases have this much room left below
RISE_M = 0.03              # each rise, per metre of camera distance ...
BACK_OFF = 1.06            # ... or each step back, as a zoom factor
MAX_BACK_OFFS = 60         # at most this many moves (a 32 cm tower on the far base, seen from close up, took 25)
TURN_DEG_PER_S = 150.0     # follow_seat turns the view this fast (smooth, and done within ~1 s)


class TableView:
    def __init__(self, base: Any, shadows: bool = True) -> None:
        """`shadows`: soft shadows under the pieces (the setting; bases always have theirs)."""
        self.base = base
        self.root: NodePath = base.render.attach_new_node("table-view")
        self.root.set_antialias(AntialiasAttrib.M_multisample)
        self.shadows = PieceShadows(self.root) if shadows else None
        self._poses: dict[str, tuple[str, Sequence[float], Sequence[float]]] = {}   # shown pieces: shape, pose
        self.colour_marks = False      # colour-blind help: a pattern per colour on the pieces
        self._picture = TablePicture(base)
        self.camera = OrbitCamera()
        self.layout: TableLayout | None = None
        self.snapshot: Snapshot | None = None
        self.pieces: dict[str, NodePath] = {}
        self.props: dict[str, tuple[Sequence[float], Sequence[float]]] = {}
        self._table: NodePath | None = None
        self._ghost: NodePath | None = None
        self._ghost_key: tuple[str, str] | None = None
        self._drop: NodePath | None = None
        self._lights()
        self.tape = TapeMeasures(self.root)
        self.labels = ScreenLabels(base)
        self.name_tags: tuple[NameTag, ...] = ()
        # The HUD's blocks, for the labels to keep clear of (the desktop sets it to hud.boxes).
        self.avoid: Callable[[], Sequence[tuple[str, Rect]]] = lambda: ()
        self._labels_task = base.taskMgr.add(self._place_labels, f"table-labels-{id(self)}", sort=45)
        self._heading_goal: float | None = None   # follow_seat: the heading the view turns to
        self.user_camera_until = 0.0             # the player moved the camera: no turning until then
        self._last_frame_s: float | None = None
        self._old_background = base.get_background_color()
        base.set_background_color(*palette.BACKGROUND)

    # --- drawing --------------------------------------------------------------------------------

    def show(self, snapshot: Snapshot) -> None:
        """Draw the table as the snapshot has it (layout changes rebuild the table and bases)."""
        if snapshot.layout != self.layout:
            self._build_table(snapshot.layout)
        present = set()
        for placed in snapshot.pieces:
            node = self.pieces.get(placed.piece_id) or self._make_piece(placed.piece_id)
            node.set_pos(*placed.position)
            node.set_quat(panda_quat(placed.orientation))
            node.show()
            present.add(placed.piece_id)
        self.pose_pieces(self.props)
        present.update(self.props)
        for piece_id, node in self.pieces.items():
            if piece_id not in present:
                node.hide()
        self.snapshot = snapshot
        self._poses = {p.piece_id: (shape_of_id(p.piece_id)[1], p.position, p.orientation) for p in snapshot.pieces}
        self._update_shadows()

    def set_props(self, poses: Mapping[str, tuple[Sequence[float], Sequence[float]]]) -> None:
        """Figures that stand on the table beside the structures (Nashville's cowboys, your disc
        before the flick): drawn at these poses with every table shown until set again. A
        motion moves them like pieces while it plays (a shot tips a cowboy over)."""
        for piece_id in set(self.props) - set(poses):
            if piece_id in self.pieces:
                self.pieces[piece_id].hide()
        self.props = dict(poses)
        self.pose_pieces(self.props)

    def pose_pieces(self, poses: Mapping[str, tuple[Sequence[float], Sequence[float]]]) -> None:
        """Move these pieces (metres, xyzw) and leave the others where they are: one frame of a
        motion (physics/motion.py) carries only what moved."""
        for piece_id, (position, orientation) in poses.items():
            node = self.pieces.get(piece_id) or self._make_piece(piece_id)
            node.set_pos(*position)
            node.set_quat(panda_quat(orientation))
            node.show()
            self._poses[piece_id] = (shape_of_id(piece_id)[1], position, orientation)
        self._update_shadows()

    def _update_shadows(self) -> None:
        if self.shadows is not None:
            self.shadows.update(self.layout, self._poses)

    def shown_poses(self) -> dict[str, tuple[str, Sequence[float], Sequence[float]]]:
        """Every piece shown now: id -> (shape, position, orientation xyzw)."""
        return dict(self._poses)

    def take_picture(self) -> Texture | None:
        """The table as it stands now, seen from above, as a texture (drawn with the next frame):
        the scoreboards show it."""
        return self._picture.take(self)

    def set_colour_marks(self, on: bool) -> None:
        """Colour-blind help: each colour's pattern on its pieces (scenes/table/colour_patterns.py)."""
        self.colour_marks = on
        for piece_id, node in self.pieces.items():
            colour_patterns.mark(node, shape_of_id(piece_id)[0], on)

    def visible_pieces(self) -> tuple[str, ...]:
        return tuple(sorted(pid for pid, node in self.pieces.items() if not node.is_hidden()))

    def set_heights(self, heights_mm: Sequence[float]) -> None:
        """The tape measure over each structure (its highest point above the table, mm)."""
        if self.layout is not None:
            self.tape.update(self.layout, heights_mm)

    def set_name_tags(self, tags: Sequence[NameTag]) -> None:
        """A name tag by each base (see hud_model.name_tags)."""
        self.name_tags = tuple(tags)

    def place_labels(self) -> None:
        """Put the heights and name tags where the camera shows them now, clear of the HUD."""
        if self.layout is None:
            self.labels.update(self.screen_point, (), (), ())
            return
        tape = [(top, text.get_text()) for top, text in zip(self.tape.tops, self.tape.labels)]
        ex, ey, _ = self.camera.eye()
        tags = []
        for tag in self.name_tags:
            if 0 <= tag.structure < len(self.layout.bases):
                b = self.layout.bases[tag.structure]
                # The base's edge nearest the camera: the tag stands in front of the structure.
                dx, dy = ex - b.x, ey - b.y
                d = math.hypot(dx, dy) or 1.0
                reach = BASE_HALF_M * 1.25
                tags.append(((b.x + dx / d * reach, b.y + dy / d * reach, 0.0), tag))
        self.labels.update(self.screen_point, tape, tags, [rect for _, rect in self.avoid()])

    def follow_seat(self, seat_angle: float) -> None:
        """Turn the whole-table view, smoothly, to come from the seat at `seat_angle` (radians):
        whoever acts has their base in front, where no other tower hides it. The player's own
        camera moves win for a while (`user_camera_until`)."""
        if time.monotonic() < self.user_camera_until:
            return
        self._heading_goal = (math.degrees(seat_angle) + 90.0) % 360.0

    def _turn_towards_goal(self) -> None:
        now = time.monotonic()
        dt = 0.0 if self._last_frame_s is None else min(0.1, now - self._last_frame_s)
        self._last_frame_s = now
        if self._heading_goal is None or self.layout is None:
            return
        if now < self.user_camera_until:
            self._heading_goal = None
            return
        gap = (self._heading_goal - self.camera.heading_deg + 180.0) % 360.0 - 180.0
        turn = TURN_DEG_PER_S * dt
        if abs(gap) <= turn:
            self.camera.heading_deg, self._heading_goal = self._heading_goal, None
        else:
            self.camera.heading_deg = (self.camera.heading_deg + math.copysign(turn, gap)) % 360.0
        self.overview()

    def _place_labels(self, task: Any) -> int:
        self._turn_towards_goal()
        self.place_labels()
        return task.cont

    def show_ghost(self, piece_id: str, position: Sequence[float], orientation: Sequence[float],
                   drop_to_z: float | None = None) -> None:
        """A see-through copy of a piece where a placement would release it (the assist's aim),
        and, when it is held higher than `drop_to_z` (where it would land), a line down to there."""
        colour, shape = shape_of_id(piece_id)
        if self._ghost_key != (piece_id, shape):
            remove_node(self._ghost)
            # Attributes go on holder nodes: the shape's GeomNode is shared by every piece of that
            # shape, and state set on it would turn the real pieces into ghosts too.
            ghost = self.root.attach_new_node("ghost")
            body = ghost.attach_new_node("ghost-body")
            body.attach_new_node(shape_node(shape))
            r, g, b, _ = palette.piece_colour(colour)
            # A see-through solid, lighter than the piece: reads as "where it would go" without
            # the clutter of a wireframe. Only its front faces are drawn, so it does not darken
            # itself; it writes no depth, so the structure behind it shows through.
            body.set_color(r * 0.7 + 0.3, g * 0.7 + 0.3, b * 0.7 + 0.3, palette.GHOST[3])
            body.set_transparency(TransparencyAttrib.M_alpha)
            body.set_depth_write(False)
            body.set_bin("transparent", 10)
            body.set_material(self._ghost_material)
            self._ghost, self._ghost_key = ghost, (piece_id, shape)
        assert self._ghost is not None
        self._ghost.set_pos(*position)
        self._ghost.set_quat(panda_quat(orientation))
        self._ghost.show()
        self._show_drop(position, drop_to_z)

    def _show_drop(self, position: Sequence[float], drop_to_z: float | None) -> None:
        x, y, z = position
        if drop_to_z is None or z - drop_to_z < 0.001:
            if self._drop is not None:
                self._drop.hide()
            return
        if self._drop is None:
            # Built once, a metre long, and stretched to the drop's height each move.
            lines = LineSegs("drop")
            lines.set_thickness(2.0)
            lines.set_color(*palette.GHOST[:3], 0.9)
            lines.move_to(0.0, 0.0, 0.0)
            lines.draw_to(0.0, 0.0, -1.0)
            for dx, dy in ((0.006, 0.0), (0.0, 0.006)):        # a small cross where it would land
                lines.move_to(-dx, -dy, -1.0)
                lines.draw_to(dx, dy, -1.0)
            self._drop = self.root.attach_new_node(lines.create())
            self._drop.set_light_off()
            self._drop.set_transparency(TransparencyAttrib.M_alpha)
            self._drop.set_bin("fixed", 20)
            self._drop.set_depth_test(False)
        self._drop.set_pos(x, y, z)
        self._drop.set_scale(1.0, 1.0, z - drop_to_z)
        self._drop.show()

    def hide_ghost(self) -> None:
        for node in (self._ghost, self._drop):
            if node is not None:
                node.hide()

    @property
    def ghost_visible(self) -> bool:
        return self._ghost is not None and not self._ghost.is_hidden()

    # --- camera -------------------------------------------------------------------------------

    def focus(self, structure: int, height_mm: float | None = None, seat_angle: float | None = None) -> None:
        """Frame one structure (its base and `height_mm`: its height, or the top of a piece held
        over it) and apply the camera."""
        if self.layout is None:
            return
        self._heading_goal = None      # framing one structure ends any turn towards a seat
        b = self.layout.bases[structure]
        top = max(0.1, (height_mm if height_mm is not None else self._height_of(structure)) / 1000.0)
        radius = max(0.16, 0.7 * top + 0.07)
        self.camera.pitch_deg = 26.0        # low enough to see the height, high enough to see the top
        self.camera.frame((b.x, b.y, top * 0.5), radius)
        if seat_angle is not None:
            self.camera.face_seat(seat_angle)
        self.apply_camera()
        self._keep_below_banner([(b.x, b.y, top + LABEL_ROOM_M)])

    def overview(self) -> None:
        """Every structure at once, seen from the current heading."""
        if self.layout is None:
            return
        reach = max(math.hypot(b.x, b.y) for b in self.layout.bases)
        self.camera.pitch_deg = 40.0
        # Aim a little towards the viewer: the HUD covers the bottom of the screen, and the
        # nearest structure (yours) should sit above it.
        h = math.radians(self.camera.heading_deg)
        toward = 0.45 * reach
        self.camera.frame((toward * math.sin(h), -toward * math.cos(h), 0.05), 0.78 * reach + 0.1)
        self.apply_camera()
        self.keep_tops_below_banner()

    def keep_tops_below_banner(self) -> None:
        """Move the view up or back (never closer) until every structure's top and tape label
        show below the HUD's turn banner: a view that follows growing towers (the replay
        viewer) asks after each placement."""
        if self.layout is not None:
            self._keep_below_banner(self.structure_tops())

    def structure_tops(self) -> list[tuple[float, float, float]]:
        """Over each base, the point the camera keeps below the banner: the structure's top
        (from the shown poses) with room for its tape label (metres)."""
        assert self.layout is not None
        return [(b.x, b.y, self._height_of(k) / 1000.0 + LABEL_ROOM_M) for k, b in enumerate(self.layout.bases)]

    def _keep_below_banner(self, tops: Sequence[tuple[float, float, float]]) -> None:
        """A tall tower (a pin, a dumbbell or a plank stood on its end) would reach up under the
        HUD's turn banner: move the view until every one of these points shows below it. First
        the camera rises (the picture slides down into the table left empty above the hand
        bar), then, once a base would slide under the hand bar, it steps back."""
        floors = [(x, y, 0.0) for x, y, _ in tops]
        for _ in range(MAX_BACK_OFFS):
            shown = [self.screen_point(top) for top in tops]
            if all(point is not None and point[1] <= BELOW_BANNER_Y for point in shown):
                return
            under = [self.screen_point(floor) for floor in floors]
            if all(point is not None and point[1] > ABOVE_HAND_Y + SLIDE_ROOM_Y for point in under):
                tx, ty, tz = self.camera.target
                self.camera.target = (tx, ty, tz + RISE_M * self.camera.distance_m)
            else:
                self.camera.zoom(BACK_OFF)
            self.apply_camera()

    def ray_through(self, mouse_x: float, mouse_y: float) -> tuple[tuple[float, ...], tuple[float, ...]] | None:
        """The line of sight (start, end in table metres) through a point of the window (-1..1),
        for picking with physics rays (engine-notes section 5)."""
        near, far = Point3(), Point3()
        if not self.base.camLens.extrude(Point2(mouse_x, mouse_y), near, far):
            return None
        start = self.root.get_relative_point(self.base.cam, near)
        end = self.root.get_relative_point(self.base.cam, far)
        return tuple(start), tuple(end)

    def screen_point(self, point: Sequence[float]) -> tuple[float, float] | None:
        """Where a table point (metres) shows in the window (-1..1), or None off screen."""
        in_camera = self.base.cam.get_relative_point(self.root, Point3(*point))
        projected = Point2()
        if not self.base.camLens.project(in_camera, projected):
            return None
        return projected.x, projected.y

    def apply_camera(self) -> None:
        self.camera.apply(self.base)
        self.tape.set_label_scale(self.camera.distance_m)

    def _height_of(self, structure: int) -> float:
        """Height (mm) from the shown poses: rough (centres + a margin), for framing only."""
        if self.snapshot is None:
            return BASE_HEIGHT_M * 1000.0
        tops = [p.position[2] + 0.03 for p in self.snapshot.pieces if p.structure == structure]
        return max([BASE_HEIGHT_M, *tops]) * 1000.0

    # --- building -------------------------------------------------------------------------------

    def _lights(self) -> None:
        # Warm: a low-afternoon key light (its direction is the one shadows.py throws the cast
        # shadows along), a warm ambient, and a faint cool fill from the other side so the
        # shaded faces keep some colour and stacks read in depth.
        ambient = AmbientLight("ambient")
        ambient.set_color((0.39, 0.37, 0.35, 1.0))
        key = DirectionalLight("key")
        key.set_color((0.90, 0.82, 0.70, 1.0))
        key.set_specular_color((0.40, 0.36, 0.30, 1.0))
        fill = DirectionalLight("fill")
        fill.set_color((0.16, 0.20, 0.30, 1.0))
        for light, hpr in ((ambient, None), (key, (*KEY_HPR, 0.0)), (fill, (150.0, -25.0, 0.0))):
            np_light = self.root.attach_new_node(light)
            if hpr is not None:
                np_light.set_hpr(*hpr)
            self.root.set_light(np_light)
        material = Material("painted-wood")
        material.set_specular((0.18, 0.18, 0.17, 1.0))
        material.set_shininess(24.0)
        self._material = material
        ghost = Material("ghost")
        ghost.set_emission((0.25, 0.25, 0.25, 1.0))      # a little light of its own: never a dark hole
        ghost.set_specular((0.5, 0.5, 0.5, 1.0))
        ghost.set_shininess(40.0)
        self._ghost_material = ghost

    def _make_piece(self, piece_id: str) -> NodePath:
        colour, shape = shape_of_id(piece_id)
        node = self.root.attach_new_node(piece_id)
        node.attach_new_node(shape_node(shape))
        node.set_color(*palette.piece_colour(colour))
        node.set_material(self._material)
        node.set_tag(PIECE_TAG, piece_id)
        if self.colour_marks:
            colour_patterns.mark(node, colour, True)
        self.pieces[piece_id] = node
        return node

    def _build_table(self, layout: TableLayout) -> None:
        remove_node(self._table)
        self.layout = layout
        table = self.root.attach_new_node("table")
        half = layout.table_half_size_m
        top = CardMaker("table-top")
        top.set_frame(-half, half, -half, half)
        top.set_uv_range((0.0, 0.0), (half * 1.6, half * 1.6))
        top.set_has_normals(True)
        top_np = table.attach_new_node(top.generate())
        top_np.set_p(-90.0)       # CardMaker draws in the xz plane facing -y: lay it flat, facing up
        top_np.set_texture(_wood_texture())
        top_np.set_color(1, 1, 1, 1)
        slab = table.attach_new_node(mesh_node("table-slab", *box_mesh(half, half, TABLE_THICKNESS_M / 2.0)))
        slab.set_z(-TABLE_THICKNESS_M / 2.0 - 0.0005)
        slab.set_color(*palette.TABLE_EDGE)
        for k, b in enumerate(layout.bases):
            node = table.attach_new_node(f"base-{k}")
            node.attach_new_node(shape_node("base"))
            node.set_pos(b.x, b.y, BASE_HEIGHT_M / 2.0)
            node.set_quat(panda_quat(_base_quat(b.yaw, b.face)))
            node.set_color(*palette.BASE)
            node.set_material(self._material)
            node.set_tag(BASE_TAG, str(k))
            shadow = CardMaker(f"shadow-{k}")
            size = BASE_HALF_M * 1.9
            shadow.set_frame(-size, size, -size, size)
            shadow_np = table.attach_new_node(shadow.generate())
            shadow_np.set_p(-90.0)
            shadow_np.set_pos(b.x + 0.012, b.y + 0.02, 0.0006)
            shadow_np.set_h(math.degrees(b.yaw))
            shadow_np.set_texture(_shadow_texture())
            shadow_np.set_color(0.0, 0.0, 0.0, 1.0)
            shadow_np.set_transparency(TransparencyAttrib.M_alpha)
            shadow_np.set_light_off()
            shadow_np.set_depth_write(False)
        self._table = table
        self.tape.clear()

    def destroy(self) -> None:
        self.base.taskMgr.remove(self._labels_task)
        self._picture.destroy()
        if self.shadows is not None:
            self.shadows.destroy()
        self.labels.destroy()
        self.root.clear_light()
        remove_node(self.root)
        self.pieces.clear()
        self.base.set_background_color(self._old_background)


def _base_quat(yaw: float, face: str) -> tuple[float, float, float, float]:
    """The physics' base orientation (physics.bodies.base_orientation): face B is turned over
    about the base's x axis, then yawed. (x, y, z, w) = q_yaw * q_roll."""
    s, c = math.sin(yaw / 2.0), math.cos(yaw / 2.0)
    if face == "A":
        return (0.0, 0.0, s, c)
    # q_yaw (0, 0, s, c) times q_roll(pi) (1, 0, 0, 0)
    return (c, s, 0.0, 0.0)


_texture_cache: dict[str, Texture] = {}


def _wood_texture() -> Texture:
    """A procedural wood grain (deterministic: sines, no random numbers), tiled over the top."""
    if "wood" in _texture_cache:
        return _texture_cache["wood"]
    size = 512
    y, x = np.mgrid[0:size, 0:size].astype(np.float32) / size
    planks = 4                                   # boards across the tile, with dark seams
    board = np.floor(y * planks)
    shade = 0.06 * np.sin(board * 2.3 + 0.7)     # each board a slightly different tone
    v = y * planks - board
    wobble = 0.05 * np.sin(2 * math.pi * (x * 1.0 + board * 0.37)) + 0.015 * np.sin(2 * math.pi * x * 5.0)
    grain = 0.5 + 0.5 * np.sin(2 * math.pi * ((v + wobble) * 6.0 + board * 0.5))
    fine = 0.5 + 0.5 * np.sin(2 * math.pi * ((v + 0.6 * wobble) * 31.0))
    t = 0.28 * grain ** 4 + 0.14 * fine ** 2 + shade
    seam = np.minimum(v, 1.0 - v) < 0.012
    t = np.where(seam, 0.95, np.clip(t, 0.0, 1.0))[..., None]
    light, dark = np.array(palette.TABLE_TOP[:3]), np.array(palette.TABLE_GRAIN[:3])
    rgb = (light * (1 - t) + dark * t) * 255.0
    texture = Texture("wood")
    texture.setup_2d_texture(size, size, Texture.T_unsigned_byte, Texture.F_rgb)
    # Panda stores RGB as BGR in RAM.
    texture.set_ram_image(np.ascontiguousarray(rgb[..., ::-1].astype(np.uint8)).tobytes())
    texture.set_wrap_u(Texture.WM_repeat)
    texture.set_wrap_v(Texture.WM_repeat)
    texture.set_minfilter(Texture.FT_linear_mipmap_linear)
    texture.set_magfilter(Texture.FT_linear)
    _texture_cache["wood"] = texture
    return texture


def _shadow_texture() -> Texture:
    """A soft round shadow (alpha falls off to the edge): grounds the bases without real shadows."""
    if "shadow" in _texture_cache:
        return _texture_cache["shadow"]
    size = 64
    y, x = (np.mgrid[0:size, 0:size].astype(np.float32) + 0.5) / size * 2.0 - 1.0
    # A rounded square, like the base it sits under.
    r = (np.abs(x) ** 4 + np.abs(y) ** 4) ** 0.25
    alpha = np.clip((1.0 - r) / 0.45, 0.0, 1.0) ** 1.5 * 0.55
    texture = Texture("shadow")
    texture.setup_2d_texture(size, size, Texture.T_unsigned_byte, Texture.F_alpha)
    texture.set_ram_image((alpha * 255).astype(np.uint8).tobytes())
    texture.set_wrap_u(Texture.WM_clamp)
    texture.set_wrap_v(Texture.WM_clamp)
    _texture_cache["shadow"] = texture
    return texture
