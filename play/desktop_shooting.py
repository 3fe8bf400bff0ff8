"""Nashville at the desktop. On the table view (`YourShot`): the cowboys standing at their spots
between shots, your shot while you aim it (play/desktop_shot.py's `ShotAiming`, its marks and
your drag), and the camera gliding after a flicked disc (scenes/table/disc_camera.py). In your
turn (`ShotTurn`): the assist aims your shot first, your keys and drag change it, and the flick
goes to your seat for the match to take.

`ShotTurn` decides when a shot starts and is flicked (it talks to the match through the game);
`YourShot` keeps the view in step with it and never talks to the match.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from game import api
from game.mechanics.shots import Holster, Shoot
from physics.cowboys import cowboy_poses, opening_spots, spots_after_shot
from physics.motion import Motion
from physics.snapshot import Snapshot
from play.desktop_shot import ShotAiming, power_meter
from scenes.table.disc_camera import DiscCamera
from scenes.table.shot_marks import ShotMarks

if TYPE_CHECKING:
    from play.desktop import DesktopGame


class YourShot:
    """`aiming` is your shot being aimed (None otherwise); `spots` every seat's cowboy spot as the
    window shows them (empty outside Nashville)."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.marks = ShotMarks(view.root)
        self.aiming: ShotAiming | None = None
        self.dragging = False
        self.spots: tuple[float, ...] = ()
        self.disc_camera = DiscCamera(view)

    # --- the cowboys ------------------------------------------------------------------------------

    def city_opened(self, city: str, snapshot: Snapshot | None, spots: Sequence[float] = ()) -> None:
        """A city's table: in Nashville the cowboys stand at `spots` (default: where they start)."""
        if city == "nashville" and snapshot is not None:
            self.spots = tuple(spots) or opening_spots(snapshot.layout)
        else:
            self.spots = ()
        self.stand_cowboys(snapshot)

    def shot_taken(self, seat: int, spot_deg: float, snapshot: Snapshot | None) -> None:
        """After a shot the shooter's cowboy stays where it shot from; every cowboy stands again."""
        self.spots = spots_after_shot(self.spots, seat, spot_deg)
        self.stand_cowboys(snapshot)

    def stand_cowboys(self, snapshot: Snapshot | None) -> None:
        if snapshot is not None and self.spots and len(self.spots) == snapshot.layout.n_structures:
            self.view.set_props(cowboy_poses(snapshot.layout, self.spots))
        else:
            self.view.set_props({})

    # --- your shot --------------------------------------------------------------------------------

    def begin(self, aiming: ShotAiming) -> str:
        """Your shot on screen, as the assist aimed it; returns the turn line."""
        self.end()
        self.aiming = aiming
        return self.show()

    def show(self) -> str:
        """Redraw your cowboy, your disc and the marks; the turn line with the power meter."""
        shot = self.aiming
        assert shot is not None
        self.view.set_props(shot.props())
        self.marks.show(shot.cowboy_xy(), shot.aim.direction_deg, shot.aim.power, shot.preview())
        return f"power {power_meter(shot.aim.power)}"

    def drag(self, ray: tuple[Sequence[float], Sequence[float]] | None) -> bool:
        """The pointer's line of sight meets the table where you pull the disc back to."""
        if self.aiming is None or ray is None or ray[0][2] <= ray[1][2]:
            return False
        (x0, y0, z0), (x1, y1, z1) = ray
        t = z0 / (z0 - z1)
        return self.aiming.drag_to(x0 + t * (x1 - x0), y0 + t * (y1 - y0))

    def flicked(self) -> ShotAiming:
        """Space: the aim leaves your hands; the disc is the shot's motion's from now on."""
        shot = self.aiming
        assert shot is not None
        self.view.set_props(cowboy_poses(shot.table.layout, shot.spots_now()))
        self.aiming = None
        shot.close()
        self.marks.hide()
        self.dragging = False
        return shot

    def end(self) -> None:
        """No shot in aim any more (holstered, the turn moved on, the game closed)."""
        if self.aiming is not None:
            self.aiming.close()
            self.aiming = None
            self.stand_cowboys(self.view.snapshot)
        self.marks.hide()
        self.dragging = False

    # --- a shot playing ---------------------------------------------------------------------------

    def follow_disc(self, motion: Motion | None) -> None:
        """While a shot plays, the camera glides after the disc (scenes/table/disc_camera.py)."""
        self.disc_camera.follow(motion)


class ShotTurn:
    """Your shot in your turn, between the game (options, turn line, worker, match) and
    `YourShot` on the table (`game.shooting`)."""

    def __init__(self, game: DesktopGame) -> None:
        self.game = game

    def start(self, shoot: Shoot) -> None:
        """You chose to shoot at someone: the assist aims first (on the worker), then the aim
        is yours to change. Holster stays on offer until you flick."""
        g = self.game
        human = g.controllers[shoot.seat]
        table, spots = g.match.table(), g.match.cowboy_spots
        observation = api.observe(g.match.state, shoot.seat)
        g.options = [a for a in g.legal if isinstance(a, Holster)]
        g.turn_line = f"Your shot at {g.names[shoot.target]}: aiming..."

        def job() -> ShotAiming:
            return ShotAiming(shoot, table, spots, human.assist.shot_aim(table, shoot, spots, observation))

        g.worker.submit(job, self._aimed)

    def _aimed(self, aiming: ShotAiming) -> None:
        self._line(self.game.shooting.begin(aiming))
        self.game.view.overview()
        if self.game.auto_place:
            self.flick()

    def _line(self, power: str) -> None:
        shot = self.game.shooting.aiming
        assert shot is not None
        self.game.turn_line = f"Your shot at {self.game.names[shot.shoot.target]}: {power}"

    def flick(self) -> None:
        """Space: the disc goes as aimed; the match flicks it and the window plays the shot."""
        g = self.game
        if g.shooting.aiming is None or g.worker.busy:
            return
        shot = g.shooting.flicked()
        human = g.controllers[shot.seat]
        human.shot_answers.append(shot.aim)
        human.answers.append(shot.shoot)
        g.options = []
        g.turn_line = f"Flicking at {g.names[shot.shoot.target]}..."
        g.step_match()

    def change(self, change: Callable[[ShotAiming], object]) -> None:
        """Left / Right move your cowboy, Up / Down the power, A / D turn the flick."""
        shot = self.game.shooting.aiming
        if shot is not None and not self.game.worker.busy:
            change(shot)
            self._line(self.game.shooting.show())

    def start_drag(self) -> None:
        """Left mouse down while you aim: start pulling the disc back."""
        self.game.shooting.dragging = True
        self.drag()

    def drag(self) -> None:
        """The pointer pulls the disc back from your cowboy."""
        g = self.game
        if g.shooting.aiming is None or g.pointer is None:
            return
        g.pointed = g.pointer
        if g.shooting.drag(g.view.ray_through(*g.pointer)):
            self._line(g.shooting.show())

    def release_drag(self) -> None:
        """Left mouse up: the pull stops where it is."""
        self.game.shooting.dragging = False
