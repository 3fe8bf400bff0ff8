"""`junkart popart` in a window: hot-seat humans and bots around one Pop Art table."""
from __future__ import annotations

from typing import Any

from game.popart.session import HUMAN, Seat, Session
from game.popart.state import Config


def seats_for(players: int, humans: int, bot: str) -> list[Seat]:
    seats = [Seat(f"Player {i + 1}", HUMAN) for i in range(humans)]
    seats += [Seat(f"{bot.capitalize()} bot {i + 1}", bot) for i in range(players - humans)]
    return seats


def open_showbase(title: str) -> Any:
    """An onscreen ShowBase; raises (with 'window' in the message) when no window can open."""
    from direct.showbase.ShowBase import ShowBase
    from panda3d.core import WindowProperties, loadPrcFileData

    loadPrcFileData("junkart-popart", f"window-title {title}\nwin-size 1280 720\naudio-library-name null")
    base = ShowBase()
    if base.win is None:
        raise RuntimeError("could not open a window")
    props = WindowProperties()
    props.set_title(title)
    base.win.request_properties(props)
    base.disable_mouse()
    return base


def run_window(players: int, humans: int, bot: str, goals: int, seed: int, example: bool = False) -> int:
    base = open_showbase("Junk Art 3D: Pop Art")
    if example:
        from scenes.popart.example import ExampleScene

        ExampleScene(base)
        base.accept("escape", base.userExit)
    else:
        from scenes.popart.scene import PopArtScene

        session = Session(Config(players, goals), seats_for(players, humans, bot), seed)
        scene = PopArtScene(base, session, on_quit=base.userExit)
        scene.bind_mouse()
    base.accept("q", base.userExit)
    base.run()
    return 0
