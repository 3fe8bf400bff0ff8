"""What the table HUD says, as plain data built from the rules' state (no Panda3D here).

Keeping the words apart from the widgets lets tests read exactly what a player would read, and
lets the HUD rebuild its widgets only when this value changes.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from game import api
from game.actions import Action, Choose, ChooseSide, Give, Offer, Place, PlayCard
from game.mechanics.shots import Holster, Shoot, Steal, is_cactus
from game.cards import HIDDEN, STAR, city_card, is_junk_card
from game.cards import card as junk_card
from game.cities import split_variant
from game.pieces import COLOURS
from physics.bodies import BASE_HEIGHT_M

BASE_HEIGHT_MM = BASE_HEIGHT_M * 1000.0


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    fans: int               # tour total so far (this city's fans included while it runs)
    city_fans: int
    fallen: int
    eliminated: bool
    active: bool            # this seat acts now
    is_you: bool
    height_mm: float
    side: str = ""          # before the first city: the base's side chosen, "?" while choosing
    colour: str = ""        # the seat's own piece colour where a city gives one (Gujarat)
    note: str = ""          # what the city adds to the seat's line (Nashville: loot and cactuses)


@dataclass(frozen=True)
class Chip:
    card: str
    text: str               # "7 blue ring"
    colour: str             # piece colour name, or "" for special cards


@dataclass(frozen=True)
class HudModel:
    city: str               # "Philadelphia (1/3)"
    goal: str
    status: str             # "Round 2" ...
    turn: str               # "Your turn: pass your cards" / "Hard bot is placing..."
    seats: tuple[SeatRow, ...]
    hand: tuple[Chip, ...]
    to_place: tuple[str, ...]      # the viewing seat's pending pieces, as words
    event: str


def shown_height_mm(height_mm: float) -> float:
    """The one height the table shows (seat panels, tape measure, scoreboards): the structure's
    highest point above the table, base included, as physics measures it. The rules hold 0.0
    until a structure is first measured; that is the bare base."""
    return max(float(height_mm), BASE_HEIGHT_MM)


def height_text(height_mm: float) -> str:
    """"12.3 cm": a height as every part of the table writes it."""
    return f"{shown_height_mm(height_mm) / 10:.1f} cm"


THINKING_SHOWN_AFTER_S = 3.0   # a bot's turn line counts the seconds once it has thought this long


def thinking_line(line: str, elapsed_s: float) -> str:
    """A bot's turn line while it thinks, with the seconds so far once they are worth showing: a
    hard bot may think for half a minute on a top where nothing it tries stands."""
    return line if elapsed_s < THINKING_SHOWN_AFTER_S else f"{line} ({int(elapsed_s)} s)"


SHAPE_WORDS = {"l_bracket": "L-bracket"}   # where the shape's id does not read as its name


def piece_words(piece: str) -> str:
    """"blue ring" from "blue-ring", "green long plank" from "green-long_plank"."""
    colour, _, shape = piece.partition("-")
    return f"{colour} {SHAPE_WORDS.get(shape, shape.replace('_', ' '))}" if colour in COLOURS else piece.replace("-", " ")


def card_text(card_id: str) -> str:
    """A card as a player names it: number, colour, shape ("7 blue ring")."""
    if card_id == HIDDEN:
        return "hidden card"
    if card_id == STAR:
        return "star card"
    if is_junk_card(card_id):
        c = junk_card(card_id)
        return f"{c.number} {piece_words(c.piece)}"
    return card_id.replace("-", " ")


def card_colour(card_id: str) -> str:
    return junk_card(card_id).colour if is_junk_card(card_id) else ""


SIDE_WORDS = {"A": "side A: flat", "B": "side B: with a raised rim"}


def action_text(action: Action, names: Sequence[str], you: int) -> str:
    """One legal action as a button label, in the words of the table."""
    def who(seat: int) -> str:
        return "yourself" if seat == you else names[seat]

    if isinstance(action, Give):
        kept = [card_text(c) for c, to in zip(action.cards, action.to) if to == action.seat]
        given: dict[int, list[str]] = {}
        for c, to in zip(action.cards, action.to):
            if to != action.seat:
                given.setdefault(to, []).append(card_text(c))
        parts = ([f"keep {', '.join(kept)}"] if kept else []) + [f"{' + '.join(cs)} to {who(to)}" for to, cs in given.items()]
        return "  \u00b7  ".join(parts)
    if isinstance(action, PlayCard):
        return f"play {card_text(action.card)} for {who(action.to)}"
    if isinstance(action, Choose):
        return f"take {card_text(action.card)}"
    if isinstance(action, Offer):
        return f"offer {' + '.join(card_text(c) for c in action.cards)}"
    if isinstance(action, Place):
        return f"place {piece_words(action.piece)} on structure {action.structure + 1}"
    if isinstance(action, ChooseSide):
        return SIDE_WORDS.get(action.side, action.to_text())
    if isinstance(action, Shoot):
        return f"shoot at {who(action.target)}"
    if isinstance(action, Holster):
        return "holster: no more shots"
    if isinstance(action, Steal):
        return f"steal {piece_words(action.piece)} from {who(action.victim)}"
    return action.to_text()


def action_cards(action: Action) -> tuple[str, ...]:
    """The cards an action is mainly about, first the one a player would click first."""
    if isinstance(action, Give):
        kept = tuple(c for c, to in zip(action.cards, action.to) if to == action.seat)
        return kept + tuple(c for c in action.cards if c not in kept)
    if isinstance(action, (PlayCard, Choose)):
        return (action.card,)
    if isinstance(action, Offer):
        return tuple(action.cards)
    return ()


def nashville_shots(ex: Any, names: Sequence[str], you: int) -> str:
    """The shots of the turn in words: how many are left and at whom, or whom the card just
    played lets its player shoot at (with how many shots)."""
    def who(seat: int) -> str:
        return "you" if seat == you else names[seat]

    target, left = int(ex.var("target", -1)), int(ex.var("shots_left", 0))
    if target >= 0 and left > 0:
        return f"{left} shot{'s' if left != 1 else ''} left at {who(target)}"
    if ex.var("shot_targets"):
        return "may shoot at " + ", ".join(f"{who(t)} ({n})" for t, n in zip(ex.var("shot_targets"), ex.var("shot_counts")))
    return ""


def nashville_notes(ex: Any) -> tuple[str, ...]:
    """Per seat: its loot, and the cactuses standing in its structure (each worth a fan)."""
    loot = ex.var("loot", ())
    notes = []
    for s in range(ex.num_seats):
        cactuses = sum(1 for p in ex.structures[ex.builds_on[s]].pieces if is_cactus(p)) if ex.builds_on else 0
        notes.append(f"loot {len(loot[s]) if s < len(loot) else 0}" + (f"   cactus {cactuses}" if cactuses else ""))
    return tuple(notes)


def shot_text(shoot: Shoot, names: Sequence[str], builds_on: Sequence[int]) -> str:
    """"Ann shot at Bob: 2 pieces down, 1 ricochet; Cy's structure lost 1" — who lost what,
    accidental hits included. `builds_on[seat]` is the structure each seat builds on (the
    outcome names structures, the line names their owners)."""
    outcome = shoot.outcome
    if outcome is None:
        return f"{names[shoot.seat]} shoots at {names[shoot.target]}"
    owner = {k: seat for seat, k in enumerate(builds_on)}
    target = builds_on[shoot.target]
    down = len(outcome.fallen_from(target))
    parts = [f"{down} piece{'s' if down != 1 else ''} down" if down else "no piece down"]
    if shoot.target in outcome.cowboys_hit:
        parts.append(f"{names[shoot.target]}'s cowboy tipped")
    if outcome.ricochets:
        parts.append(f"{outcome.ricochets} ricochet{'s' if outcome.ricochets != 1 else ''}")
    line = f"{names[shoot.seat]} shot at {names[shoot.target]}: " + ", ".join(parts)
    others = sorted({f.structure for f in outcome.fallen if f.structure != target})
    costs = [f"{names[owner[k]]}'s structure lost {len(outcome.fallen_from(k))}" for k in others]
    costs += [f"{names[c]}'s cowboy tipped" for c in outcome.cowboys_hit if c != shoot.target]
    if outcome.wobbled:
        costs.append(f"{len(outcome.wobbled)} wobbled off (out of the game)")
    return line + ("; " + "; ".join(costs) if costs else "")


def moving_text(action: Place | Shoot, names: Sequence[str]) -> str:
    """The event line while a placement or shot still moves (a replay shows its result once it
    rests): what is happening, not yet what came of it."""
    if isinstance(action, Place):
        return f"{names[action.seat]} places {piece_words(action.piece)}..."
    return f"{names[action.seat]} shoots at {names[action.target]}..."


def event_text(place: Place, names: Sequence[str]) -> str:
    """"Easy bot placed blue ring: nothing fell" — the last event line."""
    outcome = place.outcome
    head = f"{names[place.seat]} placed {piece_words(place.piece)}"
    if outcome is None:
        return head
    if outcome.only_active_fell:
        return f"{names[place.seat]} dropped {piece_words(place.piece)}: free re-place"
    if not outcome.fallen:
        return f"{head}: nothing fell"
    if place.set_aside:
        return f"{names[place.seat]} dropped {piece_words(place.piece)}: set aside as fallen"
    fallen = [piece_words(f.piece) for f in outcome.fallen]
    shown = ", ".join(fallen[:3]) + (f" and {len(fallen) - 3} more" if len(fallen) > 3 else "")
    return f"{head}: {len(fallen)} fell ({shown})"


def build(state: api.State, names: Sequence[str], you: int, turn: str, event: str) -> HudModel:
    """The HUD for seat `you` (hands of others stay hidden: the HUD works from an observation)."""
    seen = api.observe(state, you)
    ex = api.current(seen)
    if ex is None:
        return _setup_model(state, names, you, turn, event)
    card = city_card(ex.city)
    total = len(state.cities)
    number = f" ({min(state.index + 1, total)}/{total})" if total and state.phase != "faceoff" else ""
    city = card.display_name + (" face-off" if state.phase == "faceoff" else number)
    fans = api.outcome(state).fans
    acting = set(api.to_act(state))
    own_colours = tuple(ex.var("colours") or ())        # Gujarat: each seat builds in one colour
    seats = []
    for s in range(ex.num_seats):
        structure = ex.structures[ex.builds_on[s]] if ex.builds_on else None
        seats.append(SeatRow(
            seat=s, name=names[s], fans=fans[s], city_fans=ex.fans[s] if ex.fans else 0,
            fallen=len(ex.fallen[s]) if ex.fallen else 0,
            eliminated=bool(ex.eliminated[s]) if ex.eliminated else False,
            active=s in acting, is_you=s == you,
            height_mm=structure.height_mm if structure is not None else 0.0,
            colour=str(own_colours[s]) if s < len(own_colours) else "",
        ))
    hand = tuple(Chip(c, card_text(c), card_colour(c)) for c in (ex.hands[you] if ex.hands else ()))
    pending = tuple(piece_words(p) for p in (ex.pending[you] if ex.pending else ()))
    status = f"Round {ex.round}" if ex.round > 0 else ""
    if ex.city == "nashville":
        notes = nashville_notes(ex)
        seats = [replace(row, note=note) for row, note in zip(seats, notes)]
        if not ex.is_over:
            status = "  \u00b7  ".join(filter(None, (status, nashville_shots(ex, names, you))))
    if ex.is_over and ex.end_reason:
        status = f"Over: {ex.end_reason}"
    return HudModel(city, card.goal, status, turn, tuple(seats), hand, pending, event)


@dataclass(frozen=True)
class NameTag:
    """The tag by a base: whose structure it is (the seat's colour comes from its number)."""
    structure: int
    name: str
    seat: int | None          # None for a common base (Paris, Pisa)
    active: bool = False      # this seat acts now


def name_tags(state: api.State, names: Sequence[str]) -> tuple[NameTag, ...]:
    """One tag per structure on the table: its owner's name, lit while the owner acts."""
    acting = set(api.to_act(state))
    ex = api.current(state)
    if ex is None:                       # before the first city: each seat at its own base
        return tuple(NameTag(s, names[s], s, s in acting) for s in range(len(names)))
    tags = []
    for k, structure in enumerate(ex.structures):
        owner = structure.owner
        if owner is None:
            builders = [s for s in range(ex.num_seats) if ex.builds_on and ex.builds_on[s] == k]
            label = "shared: " + ", ".join(names[s] for s in builders) if builders else "shared"
            tags.append(NameTag(k, label, None, any(s in acting for s in builders)))
        else:
            tags.append(NameTag(k, names[owner], owner, owner in acting))
    return tuple(tags)


def spectator(model: HudModel) -> HudModel:
    """The HUD as anyone at the table may see it: no hand, nobody marked as "you"."""
    return replace(model, hand=(), to_place=(), seats=tuple(replace(row, is_you=False) for row in model.seats))


def _setup_model(state: api.State, names: Sequence[str], you: int, turn: str, event: str) -> HudModel:
    """Before the first city: the tour ahead, and who has turned their base yet."""
    cities = ", ".join(city_card(split_variant(c)[0]).display_name for c in state.cities)
    acting = set(api.to_act(state))
    seats = tuple(SeatRow(seat=s, name=names[s], fans=0, city_fans=0, fallen=0, eliminated=False,
                          active=s in acting, is_you=s == you, height_mm=0.0,
                          side=(state.base_sides[s] if s < len(state.base_sides) else "") or "?")
                  for s in range(len(names)))
    goal = f"Your tour: {cities}" if cities else ""
    return HudModel("World Tour", goal, "", turn, seats, (), (), event)


# --- your decisions as buttons ---------------------------------------------------------------

ALL_CHOICES = ""
GROUP_ABOVE = 4     # more choices than this are first grouped by their main card


def decision_options(legal: list[Action], selected: str | None) -> list[Action | str]:
    """The buttons for a decision: every legal action, or - when there are many - one button per
    main card first (Philadelphia's six ways to pass become "keep ..." x 3, then 2 each)."""
    if selected is not None:
        narrowed = [a for a in legal if action_cards(a)[:1] == (selected,)]
        if narrowed:
            return [ALL_CHOICES, *narrowed]
    heads = list(dict.fromkeys(action_cards(a)[0] for a in legal if action_cards(a)))
    if len(legal) > GROUP_ABOVE and 1 < len(heads) < len(legal):
        return list(heads)
    return list(legal)


def option_text(option: Action | str, legal: Sequence[Action], names: Sequence[str], you: int) -> str:
    """The label of one option button (see `decision_options`)."""
    if option == ALL_CHOICES:
        return "<< all choices"
    if isinstance(option, str):
        verb = "keep" if legal and isinstance(legal[0], Give) else ("play" if legal and isinstance(legal[0], PlayCard) else "choose")
        return f"{verb} {card_text(option)} ..."
    return action_text(option, names, you)


def option_cards(option: Action | str) -> tuple[str, ...]:
    """The cards drawn on an option button: the action's cards, or the card a group stands for."""
    if option == ALL_CHOICES:
        return ()
    if isinstance(option, str):
        return (option,)
    return action_cards(option)


def decision_hint(legal: list[Action]) -> str:
    """What the turn line asks you to do."""
    first = legal[0]
    if isinstance(first, Give):
        return "keep one card, pass the others"
    if isinstance(first, PlayCard):
        return "play a card for the next artist"
    if isinstance(first, Offer):
        return "offer cards"
    if isinstance(first, ChooseSide):
        return "turn your base the side up you will build on all tour"
    return "choose"


def city_result_text(result: Any, names: Sequence[str]) -> str:
    """A finished city in one line; `result` is the match's CityResult (city, fans, end_reason)."""
    card = city_card(result.city)
    won = [f"{names[s]} +{f}" for s, f in enumerate(result.fans) if f]
    return f"{card.display_name} is over ({result.end_reason}): " + (", ".join(won) if won else "no fans won")


# --- scoreboards -------------------------------------------------------------------------------

@dataclass(frozen=True)
class ScoreRow:
    name: str
    here: int               # fans won in this city (the tour board: in the last city)
    total: int
    height: str             # "12.3 cm" (height_text)
    fallen: int
    out: bool               # eliminated here
    leads: bool             # won the city / the tour


@dataclass(frozen=True)
class Scoreboard:
    title: str              # "Philadelphia is over" / "The tour is over"
    subtitle: str           # why it ended / who won and how
    rows: tuple[ScoreRow, ...]
    awards: tuple[str, ...]  # the city's fan table, or the cities' fans per seat
    buttons: tuple[str, ...]  # "Next city" / "Play again" / "Menu"
    awards_title: str = "Fans in this city:"


DECIDED_WORDS = {
    "fans": "most fans",
    "last city": "tied on fans: the most fans won in the last city breaks the tie",
    "face-off": "tied on fans and in the last city: the Monaco face-off decided",
    "shared": "tied on fans and in the last city: the victory is shared",
}


def city_scoreboard(result: Any, totals: Sequence[int], names: Sequence[str], last: bool) -> Scoreboard:
    """The board after a city: `result` is the match's CityResult, `totals` the tour's fans now."""
    card = city_card(split_variant(result.city)[0])
    best = max(result.fans) if result.fans else 0
    rows = tuple(ScoreRow(names[s], result.fans[s], totals[s], height_text(result.heights_mm[s]),
                          result.fallen[s], bool(result.eliminated[s]), best > 0 and result.fans[s] == best)
                 for s in range(len(names)))
    return Scoreboard(f"{card.display_name} is over", f"It ended: {result.end_reason}.", rows,
                      tuple(card.fan_awards), () if last else ("Next city  [Space]", "Menu  [Esc]"))


def tour_scoreboard(outcome: Any, last_result: Any, names: Sequence[str], cities: Sequence[str],
                    play_again: bool = False) -> Scoreboard:
    """The board at the end of the tour: the winner, how a tie was broken, the fans city by city;
    Play again (the same table, a new deal) where the window can start one, and Menu."""
    winners = " and ".join(names[s] for s in outcome.winners)
    verb = "win" if len(outcome.winners) > 1 or winners == "You" else "wins"
    rows = tuple(ScoreRow(names[s], last_result.fans[s] if last_result else 0, outcome.fans[s],
                          height_text(last_result.heights_mm[s]) if last_result else "", 
                          last_result.fallen[s] if last_result else 0,
                          bool(last_result.eliminated[s]) if last_result else False, s in outcome.winners)
                 for s in range(len(names)))
    shown = [city_card(split_variant(c)[0]).display_name for c in cities]
    awards = tuple(f"{shown[k]}: " + ", ".join(f"{names[s]} {f}" for s, f in enumerate(fans))
                   for k, fans in enumerate(outcome.by_city) if k < len(shown))
    return Scoreboard(f"{winners} {verb} the tour!", DECIDED_WORDS.get(outcome.decided_by, outcome.decided_by),
                      rows, awards, (("Play again  [Space]",) if play_again else ()) + ("Menu  [Esc]",),
                      "Fans city by city:")
