"""Bots planning ahead (play/think_ahead.py) through the real match and physics: the match says
what its next step will ask a bot to place without changing anything, a plan made ahead is used
only for exactly those inputs, and a game is the same bits with plans made ahead or not, with
any number of rollout workers."""
from __future__ import annotations

import copy

import pytest

from game import api
from game.actions import Place
from game.bots import chooses_places
from game.mechanics.shots import Shoot
from physics.pool import RolloutPool
from physics.snapshot import Snapshot
from play.controllers import BotController
from play.match import Match, PlacementRequest

PLACEMENTS = 7
MONACO = api.TourConfig(3, ("monaco",), base_sides=("A",) * 3)


class RecordingBot(BotController):
    """A real bot that remembers what each `placement` was asked."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.asked: list[tuple] = []

    def placement(self, snapshot, options, city, pieces_on, attempt=0):
        self.asked.append((snapshot.digest(), tuple(options), city, dict(pieces_on), attempt))
        return super().placement(snapshot, options, city, pieces_on, attempt)


def asked(request: PlacementRequest) -> tuple:
    return (request.snapshot.digest(), request.options, request.city, dict(request.pieces_on), request.attempt)


def match_state(match: Match) -> tuple:
    """What the next step depends on: it must be the same after `next_placement`."""
    return (match.state, match.chance_rng.getstate(), match.snapshot, copy.deepcopy(match._drops),
            [b.rng.getstate() for b in match.controllers], len(match.log.actions))


@pytest.mark.parametrize("city, players, plain, shots", [("monaco", 3, True, 0), ("philadelphia", 3, True, 0),
                                                         ("new_york", 2, False, 0), ("nashville", 2, False, 1)])
def test_next_placement_only_reads_and_names_what_the_step_asks(city, players, plain, shots):
    """Before every step: nothing changes, and a request is exactly what `step` then asks the
    bot's `placement`. No request for chance steps, card decisions (Philadelphia's gifts), shots,
    or where the bot's `choose` picks the piece (New York's face-up row, Nashville's hand); nor
    for a city's first step, which builds the table."""
    bots = [RecordingBot("easy", f"ahead:{city}:{s}") for s in range(players)]
    match = Match(api.TourConfig(players, (city,), base_sides=("A",) * players), bots, 3)
    requests = placed = chosen = shot = 0
    while placed < PLACEMENTS or shot < shots:
        before = match_state(match)
        request = match.next_placement()
        assert match_state(match) == before
        calls = sum(len(b.asked) for b in bots)
        first_in_city = match.snapshot is None
        seats = api.to_act(match.state)
        places = [a for a in api.legal_actions(match.state, seats[0]) if isinstance(a, Place)] if seats else []
        action = match.step()
        placed += isinstance(action, Place)
        shot += isinstance(action, Shoot)
        if request is not None:
            requests += 1
            assert isinstance(action, Place) and action.seat == request.seat
            assert bots[request.seat].asked[-1] == asked(request)
        elif sum(len(b.asked) for b in bots) > calls:     # the step asked a placement all the same
            chosen += len(places) > 1 and chooses_places(city)
            assert first_in_city or (len(places) > 1 and chooses_places(city))
    if plain:
        assert requests >= PLACEMENTS - 1
    else:
        assert chosen >= PLACEMENTS // 2


DROPPING_SEED = 2    # its game's fifth placement drops alone and is placed again (attempt 1)


def bot_game(prepare: bool, pool: RolloutPool) -> tuple[list[str], list[str], list[BotController]]:
    """PLACEMENTS placements of Monaco by a normal and two easy bots, each bot's plan made
    before its placement (as the window does) or not; the action log and the tables."""
    bots = [BotController(level, f"ahead-game:{DROPPING_SEED}:{s}", pool=pool)
            for s, level in enumerate(("normal", "easy", "easy"))]
    match = Match(MONACO, bots, DROPPING_SEED)
    while len(match.log.placements) < PLACEMENTS:
        request = match.next_placement() if prepare else None
        if request is not None:
            bots[request.seat].prepare(request.snapshot, list(request.options), request.city, request.pieces_on,
                                       request.attempt)
        match.step()
    assert any(p.action.outcome.only_active_fell for p in match.log.placements[:-1])   # a re-place is among them
    return ([a.to_text() for a in match.log.actions], [p.snapshot_digest for p in match.log.placements], bots)


def test_plans_made_ahead_change_nothing_with_any_number_of_workers():
    with RolloutPool(1) as here:
        plain, plain_tables, _ = bot_game(False, here)
        ahead, ahead_tables, bots = bot_game(True, here)
    with RolloutPool(2) as two:
        ahead_two, ahead_two_tables, _ = bot_game(True, two)
    assert ahead == plain and ahead_two == plain
    assert ahead_tables == plain_tables and ahead_two_tables == plain_tables
    assert len(plain_tables) == PLACEMENTS
    # Every placement but the city's first (it builds the table) found its plan made ahead,
    # the re-place after the lone drop too.
    assert sum(b.prepared_used for b in bots) == PLACEMENTS - 1
    assert sum(b.prepared_thrown_away for b in bots) == 0


def two_requests_of_one_seat() -> tuple[PlacementRequest, PlacementRequest]:
    """Seat 0's next placement in an easy Monaco game, at two moments: the other seats placed in
    between, so the table differs."""
    bots = [BotController("easy", f"requests:{s}") for s in range(3)]
    match = Match(MONACO, bots, 5)
    found: list[PlacementRequest] = []
    while len(found) < 2:
        request = match.next_placement()
        if request is not None and request.seat == 0:
            found.append(request)
        match.step()
    return found[0], found[1]


def place(bot: BotController, request: PlacementRequest, prepare: bool = False):
    args = (request.snapshot, list(request.options), request.city, request.pieces_on, request.attempt)
    if prepare:
        bot.prepare(*args)
    return bot.placement(*args)


def test_a_plan_made_ahead_is_used_only_for_its_inputs():
    earlier, later = two_requests_of_one_seat()
    assert earlier.snapshot.digest() != later.snapshot.digest()
    seed = "the same bot"
    scratch = BotController("easy", seed)
    from_scratch = place(scratch, later)

    used = BotController("easy", seed)
    assert place(used, later, prepare=True) == from_scratch
    assert (used.prepared_used, used.prepared_thrown_away) == (1, 0)
    assert used.rng.getstate() == scratch.rng.getstate()      # it goes on as if it had planned now

    # Made ahead for the table before the others placed: thrown away, planned again.
    stale = BotController("easy", seed)
    stale.prepare(earlier.snapshot, list(earlier.options), earlier.city, earlier.pieces_on, earlier.attempt)
    assert place(stale, later) == from_scratch
    assert (stale.prepared_used, stale.prepared_thrown_away) == (0, 1)
    assert stale.rng.getstate() == scratch.rng.getstate()

    # The same table, but the bot drew from its generator since (a card decision, say): the plan
    # was made from another state of it, so it is thrown away too.
    moved, moved_scratch = BotController("easy", seed), BotController("easy", seed)
    moved.prepare(later.snapshot, list(later.options), later.city, later.pieces_on, later.attempt)
    moved.rng.random()
    moved_scratch.rng.random()
    assert place(moved, later) == place(moved_scratch, later)
    assert moved.prepared_thrown_away == 1 and moved.rng.getstate() == moved_scratch.rng.getstate()

    # A plan made ahead is taken once: the next placement plans afresh (nothing is left to use or
    # throw away).
    place(used, later)
    assert (used.prepared_used, used.prepared_thrown_away) == (1, 0)


def test_preparing_leaves_the_bot_as_it_was():
    earlier, _ = two_requests_of_one_seat()
    bot = BotController("easy", "untouched")
    state = bot.rng.getstate()
    bot.prepare(earlier.snapshot, list(earlier.options), earlier.city, earlier.pieces_on, earlier.attempt)
    assert bot.rng.getstate() == state
    assert isinstance(earlier.snapshot, Snapshot) and (bot.prepared_used, bot.prepared_thrown_away) == (0, 0)
