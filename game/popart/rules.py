"""Pop Art's rules: deal, simultaneous rounds (choose hidden, then resolve), passing, end, outcome.

Transition API (DESIGN.md): `legal_actions(state, seat)`, `apply(state, action)`, `is_terminal`,
`outcome`, `observe`. The only chance is the deal (a `Deal` drawn with `random_deal(config, rng)`);
every later draw comes off the top of the dealt decks, so a game is its config + action list.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from game.popart.actions import Action, Deal, IllegalActionError, MalformedActionError, Play
from game.popart.cards import Catalogue, Face, load_catalogue
from game.popart.scoring import ScoreSheet, score_display, solo_rank, winners
from game.popart.state import GRID, HAND, PRINTS, Config, Display, Hand, Placed, State

Cell = tuple[int, int]


def left_of(seat: int, players: int) -> int:
    """Your left neighbour: the seat you pass to and compare with."""
    return (seat + 1) % players


def right_of(seat: int, players: int) -> int:
    """The seat whose pile you pick up."""
    return (seat - 1) % players


def new_game(config: Config) -> State:
    n = config.players
    return State(config, hands=(Hand(),) * n, displays=((),) * n, pending=(None,) * n, passed=(Hand(),) * n)


def random_deal(config: Config, rng: random.Random, catalogue: Catalogue | None = None) -> Deal:
    """The chance outcome of setup: shuffle both decks and pick the goal cards."""
    cat = catalogue or load_catalogue()
    fgs, bgs = sorted(cat.foregrounds), sorted(cat.backgrounds)
    rng.shuffle(fgs)
    rng.shuffle(bgs)
    goals = tuple(rng.sample(sorted(cat.goals), config.goals))
    return Deal(tuple(fgs), tuple(bgs), goals)


def start(config: Config, rng: random.Random) -> State:
    return apply(new_game(config), random_deal(config, rng))


def is_chance(state: State) -> bool:
    return not state.dealt


def is_terminal(state: State) -> bool:
    return state.dealt and all(len(d) == PRINTS for d in state.displays)


def display_cells(display: Display) -> dict[Cell, tuple[str, str]]:
    return {(p.row, p.col): (p.fg, p.bg) for p in display}


def legal_cells(display: Display) -> list[Cell]:
    """Anywhere, as long as the display stays within 3 columns and 3 rows; never on a print."""
    if not display:
        return [(0, 0)]
    rows = [p.row for p in display]
    cols = [p.col for p in display]
    taken = {(p.row, p.col) for p in display}
    return [(r, c)
            for r in range(max(rows) - GRID + 1, min(rows) + GRID)
            for c in range(max(cols) - GRID + 1, min(cols) + GRID)
            if (r, c) not in taken]


def legal_plays(seat: int, hand: Hand, display: Display) -> list[Play]:
    if len(display) >= PRINTS:
        return []
    cells = legal_cells(display)
    return [Play(seat, fg, bg, r, c) for fg in hand.foregrounds for bg in hand.backgrounds for r, c in cells]


def legal_actions(state: State, seat: int) -> list[Play]:
    if not state.dealt or is_terminal(state) or not 0 <= seat < state.config.players:
        return []
    if state.pending[seat] is not None:
        return []
    return legal_plays(seat, state.hands[seat], state.displays[seat])


def _draw(deck: tuple[str, ...], count: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return deck[:count], deck[count:]


def _check_deal(state: State, deal: Deal, cat: Catalogue) -> None:
    if state.dealt:
        raise IllegalActionError("the cards are already dealt")
    if sorted(deal.fg_order) != sorted(cat.foregrounds) or sorted(deal.bg_order) != sorted(cat.backgrounds):
        raise MalformedActionError("a deal must order every Foreground and every Background exactly once")
    if len(deal.goals) != state.config.goals or len(set(deal.goals)) != len(deal.goals) \
            or not set(deal.goals) <= set(cat.goals):
        raise MalformedActionError(f"a deal needs {state.config.goals} distinct goal card(s), got {deal.goals}")


def _apply_deal(state: State, deal: Deal) -> State:
    fg_deck, bg_deck = deal.fg_order, deal.bg_order
    hands = []
    for _ in range(state.config.players):
        fgs, fg_deck = _draw(fg_deck, HAND)
        bgs, bg_deck = _draw(bg_deck, HAND)
        hands.append(Hand(fgs, bgs))
    return state.with_(round=1, fg_deck=fg_deck, bg_deck=bg_deck, hands=tuple(hands), goals=deal.goals)


def check_play(state: State, play: Play) -> None:
    """Raise IllegalActionError unless `play` is allowed now."""
    if not state.dealt:
        raise IllegalActionError("deal the cards first")
    if is_terminal(state):
        raise IllegalActionError("the game is over")
    if not 0 <= play.seat < state.config.players:
        raise IllegalActionError(f"there is no seat {play.seat}")
    if state.pending[play.seat] is not None:
        raise IllegalActionError(f"seat {play.seat} has already chosen this round")
    hand = state.hands[play.seat]
    if play.fg not in hand.foregrounds:
        raise IllegalActionError(f"{play.fg} is not a Foreground in seat {play.seat}'s hand")
    if play.bg not in hand.backgrounds:
        raise IllegalActionError(f"{play.bg} is not a Background in seat {play.seat}'s hand")
    if play.cell not in legal_cells(state.displays[play.seat]):
        raise IllegalActionError(f"cell {play.row},{play.col} is taken or outside the 3 x 3 display")


def _resolve(state: State) -> State:
    """Everyone has chosen: place all prints, then pass left and draw (or, solo, discard and draw)."""
    plays = [p for p in state.pending if p is not None]
    n = state.config.players
    displays = tuple(d + (Placed(p.row, p.col, p.fg, p.bg),) for d, p in zip(state.displays, plays))
    rest = tuple(h.without(p.fg, p.bg) for h, p in zip(state.hands, plays))
    done = all(len(d) == PRINTS for d in displays)
    if done:  # the last round ends the game: nothing is passed or drawn
        return state.with_(round=state.round + 1, displays=displays, hands=rest, pending=(None,) * n)
    fg_deck, bg_deck, discard = state.fg_deck, state.bg_deck, state.discard
    passed: tuple[Hand, ...]
    if state.config.solo:
        received = [Hand()]
        discard += rest[0].foregrounds + rest[0].backgrounds
        draw = HAND
        passed = (Hand(),)
    else:
        received = [rest[right_of(seat, n)] for seat in range(n)]
        draw = 1
        passed = rest
    hands = []
    for seat in range(n):
        fgs, fg_deck = _draw(fg_deck, draw)
        bgs, bg_deck = _draw(bg_deck, draw)
        hands.append(received[seat].plus(Hand(fgs, bgs)))
    return state.with_(round=state.round + 1, fg_deck=fg_deck, bg_deck=bg_deck, hands=tuple(hands),
                       displays=displays, pending=(None,) * n, discard=discard, passed=passed)


def apply(state: State, action: Action, catalogue: Catalogue | None = None) -> State:
    """The state after `action`; a play is held hidden until every seat has chosen."""
    if isinstance(action, Deal):
        _check_deal(state, action, catalogue or load_catalogue())
        return _apply_deal(state, action)
    if not isinstance(action, Play):
        raise MalformedActionError(f"not a Pop Art action: {action!r}")
    check_play(state, action)
    pending = list(state.pending)
    pending[action.seat] = action
    state = state.with_(pending=tuple(pending))
    if all(p is not None for p in pending):
        state = _resolve(state)
    return state


def replay(config: Config, actions: Iterable[Action]) -> State:
    state = new_game(config)
    for action in actions:
        state = apply(state, action)
    return state


def left_faces(state: State, seat: int, catalogue: Catalogue | None = None) -> tuple[Face, ...]:
    """What 'more than your left neighbor' compares with: the neighbour's prints, or the solo rival."""
    cat = catalogue or load_catalogue()
    if state.config.solo:
        return cat.rival
    display = state.displays[left_of(seat, state.config.players)]
    return tuple(cat.face(p.fg, p.bg) for p in display)


def score_seat(state: State, seat: int, catalogue: Catalogue | None = None) -> ScoreSheet:
    """Score a seat's display as it stands (final at the end; a preview during play)."""
    return score_display(display_cells(state.displays[seat]), left_faces(state, seat, catalogue),
                         state.goals, catalogue)


@dataclass(frozen=True)
class Outcome:
    sheets: tuple[ScoreSheet, ...]
    winners: tuple[int, ...]       # several seats = a tie ("play again"); solo: () if the goals were missed
    solo_rank: str | None = None
    solo_lost: bool = False

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.sheets)

    @property
    def is_tie(self) -> bool:
        return len(self.winners) > 1

    def to_json(self) -> dict:
        data = {"scores": list(self.scores), "winners": list(self.winners), "tie": self.is_tie,
                "sheets": [s.to_json() for s in self.sheets]}
        if self.solo_rank is not None:
            data.update(rank=self.solo_rank, lost=self.solo_lost)
        return data


def outcome(state: State) -> Outcome:
    if not is_terminal(state):
        raise IllegalActionError("the game is not over yet")
    sheets = tuple(score_seat(state, seat) for seat in range(state.config.players))
    if state.config.solo:
        lost = not sheets[0].goals_met   # solo: every goal card in play must be met
        return Outcome(sheets, () if lost else (0,), solo_rank(sheets[0].total), lost)
    return Outcome(sheets, winners(sheets))


@dataclass(frozen=True)
class Observation:
    """What one seat may see: its own hand and choice, every display, counts of everything else."""
    seat: int
    config: Config
    round: int
    hand: Hand
    displays: tuple[Display, ...]
    chosen: tuple[bool, ...]          # who has locked in a choice this round (not what)
    my_choice: Play | None
    goals: tuple[str, ...]
    deck_sizes: tuple[int, int]
    hand_sizes: tuple[int, ...]
    passed_by_me: Hand                # the pile I passed left last round
    received: Hand                    # the pile I picked up (now in my hand)
    rival: tuple[Face, ...] | None    # solo only

    @property
    def left(self) -> int:
        return left_of(self.seat, self.config.players)

    @property
    def display(self) -> Display:
        return self.displays[self.seat]


def observe(state: State, seat: int, catalogue: Catalogue | None = None) -> Observation:
    n = state.config.players
    if not 0 <= seat < n:
        raise IllegalActionError(f"there is no seat {seat}")
    passed = state.passed if state.passed else (Hand(),) * n
    return Observation(
        seat=seat, config=state.config, round=state.round, hand=state.hands[seat], displays=state.displays,
        chosen=tuple(p is not None for p in state.pending), my_choice=state.pending[seat],
        goals=state.goals, deck_sizes=(len(state.fg_deck), len(state.bg_deck)),
        hand_sizes=tuple(h.size for h in state.hands), passed_by_me=passed[seat],
        received=passed[right_of(seat, n)] if n > 1 else Hand(),
        rival=(catalogue or load_catalogue()).rival if state.config.solo else None,
    )


def all_cards(state: State) -> list[str]:
    """Every card somewhere in the game (decks, hands, pending, displays, discard), for conservation checks."""
    cards = list(state.fg_deck) + list(state.bg_deck) + list(state.discard)
    for hand in state.hands:
        cards += list(hand.foregrounds) + list(hand.backgrounds)
    for display in state.displays:
        for p in display:
            cards += [p.fg, p.bg]
    return cards


def seats_to_choose(state: State) -> list[int]:
    return [seat for seat, p in enumerate(state.pending) if p is None] if state.dealt and not is_terminal(state) else []


def plays_of(actions: Sequence[Action]) -> list[Play]:
    return [a for a in actions if isinstance(a, Play)]
