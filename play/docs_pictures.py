"""The pictures of issue 25's screens in docs/, made by the game itself (offscreen):

    python -m play.docs_pictures [docs] [settings.png ...]    (the names: only those)

settings.png, menu_rules.png, rules.png, city_scoreboard.png, tour_end.png, table_colour_marks.png
and popart_solo.png (docs/table*.png and docs/popart.png: see the README's `junkart screenshot`).
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

PICTURES = ("menu_rules.png", "settings.png", "rules.png", "table_colour_marks.png", "city_scoreboard.png",
            "tour_end.png", "popart_solo.png")
DOCS_CORES = 4      # the settings picture's "every core (4)", the same whichever machine makes it


def main(out: Path, names: tuple[str, ...] = PICTURES) -> None:
    """Write the pictures `names` into `out` (the games behind the others are not played)."""
    unknown = sorted(set(names) - set(PICTURES))
    if unknown:
        raise ValueError(f"no picture {', '.join(unknown)}; the pictures: {', '.join(PICTURES)}")

    def wanted(*pictures: str) -> bool:
        return any(p in names for p in pictures)

    os.environ.setdefault("JUNKART_DATA_DIR", tempfile.mkdtemp())     # no settings or replays of yours
    from game import api
    from game.popart import Config, Seat, Session
    from play.desktop import DesktopGame
    from play.desktop_shots import run_until, your_turn
    from play.human import default_seats
    from play.launcher import Launcher
    from scenes.common import open_showbase, render_frames, save_frame
    from scenes.popart.scene import PopArtScene

    base = open_showbase("Junk Art 3D", offscreen=True)

    def save(name: str) -> None:
        if name in names:
            render_frames(base, 3)
            save_frame(base, str(out / name))
            print(f"wrote {out / name}")

    if wanted("menu_rules.png", "settings.png"):
        app = Launcher(base, record=False, bind_input=False)
        app.screen.show_rules("philadelphia")
        save("menu_rules.png")
        app.screen.hide_rules()
        app.open_settings()
        app.screen.cores = DOCS_CORES         # shown from the step below on
        app.screen.step("colour_marks", 1)
        save("settings.png")
        app.close()

    def game(cities: tuple[str, ...], seed: int, **options: object) -> DesktopGame:
        return DesktopGame(base, api.TourConfig(3, cities, base_sides=("A",) * 3), default_seats(3, ["easy", "normal"]),
                           seed, threaded=False, pace=False, bind_input=False, **options)  # type: ignore[arg-type]

    if wanted("rules.png"):
        g = game(("philadelphia",), 2)
        run_until(g, your_turn, max_ticks=400)
        g.hud_feed.toggle_rules()
        g.tick()
        save("rules.png")
        g.destroy()

    if wanted("table_colour_marks.png"):
        g = game(("philadelphia",), 1, autopilot=True, colour_marks=True)
        run_until(g, lambda x: x.placements >= 6)
        g.auto_decide = False
        run_until(g, lambda x: not x.worker.busy and bool(x.options))
        g.auto_decide = g.auto_place = False
        g.view.overview()
        g.tick()
        save("table_colour_marks.png")
        g.destroy()

    if wanted("city_scoreboard.png", "tour_end.png"):
        g = game(("new_york:short", "tokyo"), 3, autopilot=True)
        g.on_play_again = lambda: None        # as the menu's launcher offers it
        run_until(g, lambda x: x.hud_feed.scoreboard is not None, max_ticks=100_000)
        g.tick()
        save("city_scoreboard.png")
        run_until(g, lambda x: x.finished, max_ticks=100_000)
        g.tick()
        save("tour_end.png")
        g.destroy()

    if wanted("popart_solo.png"):
        solo = PopArtScene(base, Session(Config(1), [Seat("You", "human")], 3))
        save("popart_solo.png")
        solo.destroy()
    base.destroy()


if __name__ == "__main__":
    try:
        main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs"), tuple(sys.argv[2:]) or PICTURES)
    except ValueError as error:
        sys.exit(f"docs_pictures: error: {error}")
