"""Open a game in the window: a `DesktopGame`, recorded to a replay file as it is played (the
`junkart play` command and the start menu both start games this way)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from game import api
from play.desktop import DesktopGame
from play.replays import new_replay_path, replay_writer


def open_game(base: Any, config: api.TourConfig, seats: list, seed: int, replay: str | None = "auto",
              resume: Any = None, **options: Any) -> Any:
    """A DesktopGame on `base`, recorded to `replay` ("auto": a new file in replays_dir(); None:
    not recorded). If the game cannot start (e.g. a finished replay to resume), the new replay
    file is removed again and the error goes to the caller."""
    recorder = None
    if replay is not None:
        path = new_replay_path(seed) if replay == "auto" else Path(replay)
        recorder = replay_writer(path, seed, config, seats)
    try:
        game = DesktopGame(base, config, seats, seed, recorder=recorder, resume=resume, **options)
    except BaseException:
        if recorder is not None:
            recorder.abandon()      # a new file is removed; a file it was to replace stays as it was
        raise
    if recorder is not None:
        print(f"Recording this game to {recorder.path} (check it with: junkart replay verify {recorder.path})", flush=True)
        base.finalExitCallbacks.append(game.close_replay)   # however the window closes, the replay file is whole
    return game
