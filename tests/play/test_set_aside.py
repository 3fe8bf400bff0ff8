"""A bot that searched on where height wins and saw nothing stand sets a piece that dropped
alone aside (a fallen piece) instead of trying again; elsewhere it picks the piece up again (where
surviving wins it searches on too, but a piece set aside would count towards elimination).
The match records either, and a replay of it verifies bit for bit."""
from __future__ import annotations

from game import api
from game.actions import Place
from game.outcomes import FallenPiece
from game.replay import read_replay
from physics.planner import Plan
from play.controllers import BotController, BotIntent, bot_params, retries_if_dropped
from play.human import SeatSpec
from play.match import Match
from play.replays import replay_writer, verify


def hopeless_plan(stand_rate: float = 0.0) -> Plan:
    aim = ((0.0, 0.0, 0.1), (0.0, 0.0, 0.0, 1.0))
    return Plan(aim, score=-100.0, stand_rate=stand_rate, considered=40, rolled_out=72)


def test_only_a_bot_that_searched_on_where_height_wins_and_saw_nothing_stand_gives_up_after_a_lone_drop():
    def retries(level, city, plan):
        return retries_if_dropped(plan, bot_params(level, city), city)
    assert not retries("hard", "tokyo", hopeless_plan())
    assert retries("hard", "tokyo", hopeless_plan(0.1))          # it saw a chance
    assert bot_params("hard", "philadelphia").escalations > 0    # it searched on there too, but
    assert retries("hard", "philadelphia", hopeless_plan())      # a piece set aside is a fall: 2 and out
    assert retries("hard", "paris", hopeless_plan())
    assert retries("hard", "monaco", hopeless_plan())            # a fall costs a piece
    assert retries("normal", "tokyo", hopeless_plan())           # it did not search on


class LetsGoBesideItsBase(BotController):
    """A hard bot whose pieces, as if its plan had seen nothing stand, are let go 15 cm beside
    its base, over the bare table: each drops alone."""

    def placement(self, snapshot, options, city, pieces_on, attempt=0):
        place = options[0]
        base = snapshot.layout.bases[place.structure]
        aim = ((base.x + 0.15, base.y, 0.05), (0.0, 0.0, 0.0, 1.0))
        plan = hopeless_plan()
        return place, BotIntent(aim, 0.0, 0.0, plan, retries_if_dropped(plan, bot_params(self.difficulty, city), city))


def first_placements(city: str, count: int, tmp_path) -> tuple[list[Place], object]:
    config = api.TourConfig(2, (city,))
    bots = [LetsGoBesideItsBase("hard", f"set-aside:{s}") for s in range(2)]
    path = tmp_path / f"{city}.jsonl"
    with replay_writer(path, 5, config, [SeatSpec(f"bot {s + 1}", "hard") for s in range(2)]) as recorder:
        match = Match(config, bots, 5, recorder=recorder)
        while len(match.log.placements) < count:
            match.step()
    return [record.action for record in match.log.placements], read_replay(path)


def test_where_height_wins_the_dropped_piece_is_set_aside_as_fallen(tmp_path):
    (first,), replay = first_placements("tokyo", 1, tmp_path)
    assert first.outcome is not None and not first.outcome.only_active_fell
    assert first.outcome.fallen == (FallenPiece(first.piece, first.structure),)
    verdict = verify(replay)
    assert verdict.ok and verdict.placements == 1, verdict.problem


def test_where_surviving_wins_the_dropped_piece_is_picked_up_again(tmp_path):
    (first, second), replay = first_placements("philadelphia", 2, tmp_path)
    assert first.outcome is not None and first.outcome.only_active_fell and not first.outcome.fallen
    assert (second.seat, second.piece) == (first.seat, first.piece)      # the same piece, again
    verdict = verify(replay)
    assert verdict.ok and verdict.placements == 2, verdict.problem

