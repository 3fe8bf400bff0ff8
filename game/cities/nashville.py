"""Nashville (2-4 players, needs Flick 'em Up): build 3 pieces, then each turn draw to 2 cards,
play one on your discard pile and place its piece; a card matching the colour (1 shot) or the
number (2 shots) of another player's top discard, or any Cactus card (1 shot at anyone), lets
you shoot at one player's structure or cowboy. Shot-off pieces are your take: place one, loot
the rest; a knocked-over target cowboy lets you steal from their loot. The exhibition ends when
the round completes in which the third Cactus card came on top of the deck. Tallest 5 / 3 / 1
plus 1 per cactus in your structure; most loot 5 / 3 / 1.

State: `table[s]` is seat s's discard pile, TOP CARD LAST. vars: "loot" (pieces per seat),
"haul" (pieces the shooter took this turn), "removed" (pieces out of the game), the shot in
progress ("shot_targets"/"shot_counts", "target", "shots_left", "steal_from"), "end_triggered",
"cactus_depth" (public: cards above the face-up Cactus card, -1 once it is gone).
Cactus piece ids are the Cactus card ids ("cactus-1".."cactus-3").

Readings where the rulebook is silent (a table would play it this way):
- Initial structures are built seat by seat from the start player (3 of the 4 cards, in the
  order chosen; the last placed is on top of the pile). Falls while building leave the game.
- Setup chance: `Cut(a, b)` of the remaining deck (each part within +-2 of half), then a
  `Shuffle` of part A with Cactus cards 1 and 2; Cactus card 3 lies face up on part B.
- The end is triggered when a draw uncovers the face-up Cactus card; the round then completes
  (the turn returns to the start player). Later draws in that round take cards normally, the
  face-up cactus included.
- Shots are optional (`Holster` stops), all at one target; a target is a player other than
  you. A number match beats a colour match (a card cannot match both).
- One steal per turn: a knocked-over cowboy lies down until the end of the turn. The steal is
  taken whenever the victim has loot (taking loot never hurts you), the piece is your choice.
- Everything that fell from the target's structure during the turn is your take; you must
  place one piece of it (your choice) and loot the rest. Pieces knocked off anyone else's
  structure (your own too) go to that structure owner's loot, except cactuses, which the owner
  must place back (a placement by that seat before the next turn).
- Pieces falling during any placement (not shot) leave the game; so do pieces that fall during a
  shot from a structure nothing the disc set moving touched (`ShotOutcome.wobbled`).
- A cactus in loot counts as a loot piece for "most loot" but earns no cactus bonus. A player
  with no loot earns no loot award. Ties in either ranking are friendly (heights within 1 mm).
"""
from __future__ import annotations

import random
from dataclasses import replace

from game.actions import Action, Cut, Place, Shuffle
from game.cards import CACTUS_CARDS, HIDDEN
from game.cities.base import City
from game.errors import IllegalActionError
from game.mechanics import awards
from game.mechanics.dealing import deal_hands, refill_hand, remove_card
from game.mechanics.seats import step
from game.mechanics.shots import (Holster, Shoot, Steal, is_cactus, random_shot_outcome, shots_earned,
                                  validate_shot)
from game.state import Exhibition

HAND = 4
BUILD = 3
TURN_HAND = 2
CUT_JITTER = 2
DECK_A_CACTI = CACTUS_CARDS[:2]
FACEUP_CACTUS = CACTUS_CARDS[2]
LOOT_531 = (5, 3, 1)


def _per_seat(ex: Exhibition, name: str) -> list[tuple[str, ...]]:
    return [tuple(v) for v in ex.var(name)]


class Nashville(City):
    name = "nashville"
    display_name = "Nashville"
    fallen_policy = "remove"

    def setup(self, ex: Exhibition) -> Exhibition:
        ex = deal_hands(ex, HAND)
        empty = tuple(() for _ in ex.seats())
        ex = ex.set_vars(loot=empty, haul=(), removed=(), shot_targets=(), shot_counts=(), target=-1,
                         shots_left=0, steal_from=-1, end_triggered=False, cactus_depth=-1)
        return replace(ex, phase="build")

    # ---- chance: the cut and the cactus shuffle -------------------------------------------------
    def is_chance(self, ex: Exhibition) -> bool:
        return ex.phase in ("shuffle", "cut", "cactus_shuffle")

    def sample_chance(self, ex: Exhibition, rng: random.Random) -> Action:
        if ex.phase == "cut":
            a = len(ex.deck) // 2 + rng.randint(-CUT_JITTER, CUT_JITTER)
            return Cut((a, len(ex.deck) - a))
        if ex.phase == "cactus_shuffle":
            cards = list(ex.var("cards_a")) + list(DECK_A_CACTI)
            rng.shuffle(cards)
            return Shuffle(tuple(cards))
        return super().sample_chance(ex, rng)

    def apply_chance(self, ex: Exhibition, action: Action) -> Exhibition:
        if ex.phase == "cut":
            if not isinstance(action, Cut) or len(action.sizes) != 2 or min(action.sizes) < 1 \
                    or sum(action.sizes) != len(ex.deck):
                raise IllegalActionError(f"Nashville: cut the {len(ex.deck)} cards in two non-empty "
                                         f"parts, not {action.to_text()}")
            a = action.sizes[0]
            return replace(ex, deck=ex.deck[a:], phase="cactus_shuffle").set_vars(cards_a=ex.deck[:a])
        if ex.phase == "cactus_shuffle":
            part_a = tuple(ex.var("cards_a")) + DECK_A_CACTI
            if not isinstance(action, Shuffle) or sorted(action.cards) != sorted(part_a):
                raise IllegalActionError("Nashville: shuffle part A of the deck with Cactus cards 1 and 2")
            ex = replace(ex, deck=action.cards + (FACEUP_CACTUS,) + ex.deck).set_vars(cards_a=())
            return self._start_turn(ex, ex.start_seat)
        return super().apply_chance(ex, action)

    # ---- hooks ------------------------------------------------------------------------------
    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        if ex.phase == "build":
            return self._builder(ex)
        if ex.phase in ("play", "shoot", "steal", "haul"):
            return (ex.turn,)
        if ex.phase == "replace":
            return self.first_pending_seat(ex, ex.turn)
        return ()

    def _builder(self, ex: Exhibition) -> tuple[int, ...]:
        for seat in self._order(ex, ex.start_seat):
            if ex.pending[seat] or len(ex.table[seat]) < BUILD:
                return (seat,)
        return ()

    def _order(self, ex: Exhibition, first: int) -> tuple[int, ...]:
        return tuple(step(ex, first, k) for k in range(ex.num_seats))

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        if ex.phase in ("build", "play"):
            if ex.pending[seat]:
                return self.legal_places(ex, seat)
            return [Place(seat, card, ex.builds_on[seat]) for card in ex.hands[seat]]
        if ex.phase == "shoot":
            target = int(ex.var("target"))
            targets = (target,) if target >= 0 else tuple(ex.var("shot_targets"))
            return [Shoot(seat, t) for t in targets] + [Holster(seat)]
        if ex.phase == "steal":
            victim = int(ex.var("steal_from"))
            return [Steal(seat, victim, p) for p in dict.fromkeys(_per_seat(ex, "loot")[victim])]
        if ex.phase == "haul":
            if ex.pending[seat]:
                return self.legal_places(ex, seat)
            return [Place(seat, p, ex.builds_on[seat]) for p in dict.fromkeys(ex.var("haul"))]
        if ex.phase == "replace":
            return self.legal_places(ex, seat)
        return []

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if isinstance(action, Place) and ex.phase in ("build", "play"):
            return self._play_and_place(ex, action)
        if isinstance(action, Shoot) and ex.phase == "shoot":
            return self._shoot(ex, action)
        if isinstance(action, Holster) and ex.phase == "shoot":
            return self._continue(ex.set_vars(shots_left=0))
        if isinstance(action, Steal) and ex.phase == "steal":
            loot = _per_seat(ex, "loot")
            loot[action.victim] = remove_card(loot[action.victim], action.piece)
            loot[action.seat] = loot[action.seat] + (action.piece,)
            return self._continue(ex.set_vars(loot=tuple(loot), steal_from=-1))
        if isinstance(action, Place) and ex.phase == "haul":
            if action.piece not in ex.pending[action.seat]:
                haul = list(ex.var("haul"))
                haul.remove(action.piece)
                loot = _per_seat(ex, "loot")
                loot[action.seat] = loot[action.seat] + tuple(haul)
                ex = ex.with_seat("pending", action.seat, (action.piece,)).set_vars(haul=(), loot=tuple(loot))
            return self._placed(ex, action)
        if isinstance(action, Place) and ex.phase == "replace":
            return self._placed(ex, action)
        raise IllegalActionError(f"Nashville: unexpected {action.to_text()} in phase {ex.phase!r}")

    # ---- playing a card ---------------------------------------------------------------------------
    def _play_and_place(self, ex: Exhibition, place: Place) -> Exhibition:
        seat = place.seat
        if place.piece not in ex.pending[seat]:
            card = place.piece
            if ex.phase == "play":
                ex = self._offer_shots(ex, seat, card)
            ex = ex.with_seat("hands", seat, remove_card(ex.hands[seat], card))
            ex = ex.with_seat("table", seat, ex.table[seat] + (card,))
            ex = ex.with_seat("pending", seat, (card,))
        return self._placed(ex, place)

    def _offer_shots(self, ex: Exhibition, seat: int, card: str) -> Exhibition:
        targets, counts = [], []
        for other in self._order(ex, seat)[1:]:
            top = ex.table[other][-1] if ex.table[other] else None
            shots = shots_earned(card, top)
            if shots:
                targets.append(other)
                counts.append(shots)
        return ex.set_vars(shot_targets=tuple(targets), shot_counts=tuple(counts), target=-1, shots_left=0)

    def _placed(self, ex: Exhibition, place: Place) -> Exhibition:
        """Resolve any placement: unshot falls leave the game; then carry on with the turn."""
        ex = self.place(ex, place)
        ex = ex.set_vars(removed=tuple(ex.var("removed")) + tuple(ex.var("last_fallen", ())))
        if ex.pending[place.seat]:
            return ex   # the active piece dropped: place it again
        if ex.phase == "build":
            if self._builder(ex):
                return ex
            return replace(ex, phase="cut")
        if ex.phase == "play":
            return replace(ex, phase="shoot") if ex.var("shot_targets") else self._end_turn(ex)
        return self._continue(ex)

    # ---- shots --------------------------------------------------------------------------------
    def random_physics(self, ex: Exhibition, action: Action, rng: random.Random) -> Action | None:
        """Playouts without a simulator: a shot prototype gets a random `ShotOutcome`."""
        if isinstance(action, Shoot) and action.outcome is None:
            return action.with_outcome(random_shot_outcome(ex, action, rng))
        return None

    def _shoot(self, ex: Exhibition, shoot: Shoot) -> Exhibition:
        outcome = validate_shot(ex, shoot)
        if int(ex.var("target")) < 0:
            counts = dict(zip(ex.var("shot_targets"), ex.var("shot_counts")))
            ex = ex.set_vars(target=shoot.target, shots_left=int(counts[shoot.target]))
        structures = tuple(replace(s, height_mm=float(h)) for s, h in zip(ex.structures, outcome.heights_mm))
        ex = replace(ex, structures=structures)
        target_structure = ex.builds_on[shoot.target]
        haul = tuple(ex.var("haul"))
        loot = _per_seat(ex, "loot")
        for f in outcome.fallen:
            s = ex.structures[f.structure]
            ex = ex.with_structure(f.structure, pieces=tuple(p for p in s.pieces if p != f.piece))
            owner = s.owner if s.owner is not None else shoot.seat
            if f.structure == target_structure:
                haul += (f.piece,)
            elif is_cactus(f.piece):
                ex = ex.with_seat("pending", owner, ex.pending[owner] + (f.piece,))
            else:
                loot[owner] = loot[owner] + (f.piece,)
        for f in outcome.wobbled:     # fell without being shot: out of the game
            s = ex.structures[f.structure]
            ex = ex.with_structure(f.structure, pieces=tuple(p for p in s.pieces if p != f.piece))
        removed = tuple(ex.var("removed")) + tuple(f.piece for f in outcome.wobbled)
        ex = ex.set_vars(haul=haul, loot=tuple(loot), removed=removed, shots_left=int(ex.var("shots_left")) - 1)
        if shoot.target in outcome.cowboys_hit:
            ex = ex.set_vars(steal_from=shoot.target)
        if int(ex.var("shots_left")) > 0:
            return ex
        return self._continue(ex)

    def _continue(self, ex: Exhibition) -> Exhibition:
        """After the shots: steal, place the take, owners put back knocked-off cactuses, end."""
        victim = int(ex.var("steal_from"))
        if victim >= 0 and _per_seat(ex, "loot")[victim]:
            return replace(ex, phase="steal")
        ex = ex.set_vars(steal_from=-1)
        if ex.var("haul") or ex.pending[ex.turn]:
            return replace(ex, phase="haul")
        if any(ex.pending):
            return replace(ex, phase="replace")
        return self._end_turn(ex)

    # ---- turns and the end --------------------------------------------------------------------
    def _end_turn(self, ex: Exhibition) -> Exhibition:
        ex = ex.set_vars(shot_targets=(), shot_counts=(), target=-1, shots_left=0, steal_from=-1)
        nxt = step(ex, ex.turn)
        if nxt == ex.start_seat:
            if ex.var("end_triggered"):
                return self.finish(ex, "the third Cactus card came up and the round is complete")
            ex = replace(ex, round=ex.round + 1)
        return self._start_turn(ex, nxt)

    def _start_turn(self, ex: Exhibition, seat: int) -> Exhibition:
        ex = refill_hand(ex, seat, TURN_HAND)
        depth = ex.deck.index(FACEUP_CACTUS) if FACEUP_CACTUS in ex.deck else -1
        ex = ex.set_vars(cactus_depth=depth)
        if depth == 0 and not ex.var("end_triggered"):
            ex = ex.set_vars(end_triggered=True)
        if not ex.hands[seat]:
            return self.finish(ex, "all cards have been played")
        return replace(ex, phase="play", turn=seat, round=max(ex.round, 1))

    def observe_vars(self, ex: Exhibition, seat: int) -> Exhibition:
        # Part A lies face down between the cut and its shuffle with the cactuses.
        return ex.set_vars(cards_a=tuple(HIDDEN for _ in ex.var("cards_a", ())))

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        seats = tuple(ex.seats())
        tallest = awards.tallest_awards(ex, seats)
        loot = _per_seat(ex, "loot")
        counts = {s: float(len(loot[s])) for s in seats if loot[s]}
        most_loot = awards.ranked_awards(counts, LOOT_531)
        cactus_bonus = [sum(1 for p in ex.structure_of(s).pieces if is_cactus(p)) for s in seats]
        return tuple(tallest[s] + cactus_bonus[s] + most_loot.get(s, 0) for s in seats)


CITY = Nashville()
