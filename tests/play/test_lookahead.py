"""Planning ahead without a window (play/lookahead.py), through the real match, physics and worker
processes: where seats build apart the next bot plans while this one does and the game is the
same bits as one planned in turn; where they share a base nobody plans ahead; and a bot's plan
is made of the table within its reach only."""
from __future__ import annotations

import random

import pytest

from game import api
from game.actions import Place
from physics.layout import TableLayout
from physics.pool import RolloutPool
from physics.snapshot import PlacedPiece, Snapshot
from play.controllers import BotController
from play.lookahead import Lookahead
from play.match import Match

PLACEMENTS = 12


@pytest.fixture(scope="module")
def two_workers():
    with RolloutPool(2) as pool:
        yield pool


def play(city: str, players: int, levels: tuple[str, ...], pool: RolloutPool, ahead: bool) -> tuple[Match, Lookahead | None]:
    bots = [BotController(levels[s % len(levels)], f"lookahead:{city}:{s}", pool=pool) for s in range(players)]
    match = Match(api.TourConfig(players, (city,), base_sides=("A",) * players), bots, 11)
    lookahead = Lookahead(match) if ahead else None
    match.lookahead = lookahead
    while len(match.log.placements) < PLACEMENTS and not api.is_terminal(match.state):
        match.step()
    if lookahead is not None:
        lookahead.close()
    return match, lookahead


def test_where_seats_build_apart_the_next_bot_plans_alongside_and_the_game_is_the_same_bits(two_workers):
    planned_ahead, ahead = play("philadelphia", 4, ("easy", "normal"), two_workers, True)
    in_turn, _ = play("philadelphia", 4, ("easy", "normal"), two_workers, False)
    assert [r.snapshot_digest for r in planned_ahead.log.placements] == [r.snapshot_digest for r in in_turn.log.placements]
    assert planned_ahead.log.actions == in_turn.log.actions
    assert [b.rng.getstate() for b in planned_ahead.controllers] == [b.rng.getstate() for b in in_turn.controllers]
    # Each seat places its three pieces in turn: the other seats' first ones can be planned ahead.
    assert ahead is not None and ahead.started >= 3
    used = sum(b.prepared_used for b in planned_ahead.controllers)
    assert used >= 3 and used + sum(b.prepared_thrown_away for b in planned_ahead.controllers) <= ahead.started
    assert sum(b.prepared_used for b in in_turn.controllers) == 0


def test_where_seats_share_a_base_nobody_plans_ahead(two_workers):
    """Paris: every placement changes the table the next seat plans on."""
    match, ahead = play("paris", 3, ("easy",), two_workers, True)
    assert len(match.log.placements) >= 4
    assert ahead is not None and ahead.started == 0


def test_on_one_worker_nobody_plans_ahead():
    """No idle worker to fill: a thread planning beside the match would only race it."""
    with RolloutPool(1) as alone:
        match, ahead = play("philadelphia", 3, ("easy",), alone, True)
    assert len(match.log.placements) >= 4 and ahead is not None and ahead.started == 0


def test_a_bots_plan_is_made_of_the_table_within_its_reach_only():
    """A piece on another seat's base (out of reach) changes neither the plan nor the generator."""
    layout = TableLayout.for_seats(4)
    assert 0 not in layout.neighbours(1)
    base = layout.bases[0]
    far = PlacedPiece("blue-cylinder", 0, (base.x, base.y, 0.05), (0.0, 0.0, 0.0, 1.0))
    options = [Place(seat=1, piece="orange-short_plank", structure=1)]
    results = []
    for pieces in ((), (far,)):
        bot = BotController("easy", "reach")
        pieces_on = {0: tuple(p.piece_id for p in pieces), 1: (), 2: (), 3: ()}
        results.append((bot.placement(Snapshot(layout, pieces), options, "philadelphia", pieces_on), bot.rng.getstate()))
    assert results[0] == results[1]
    assert random.Random("reach").getstate() != results[0][1]     # it did draw: the plan is real
