"""Pop Art, the card-drafting mini-mode: pure rules (no physics, no rendering).

Entry points: `start(Config(...), rng)`, `legal_actions(state, seat)`, `apply(state, action)`,
`is_terminal`, `outcome`, `observe`; bots via `make_bot(name)`; headless games via
`play_bot_game`; a human/bot table via `Session`.
"""
from game.popart.actions import (Deal, IllegalActionError, MalformedActionError, MalformedStateError, Play,
                                 PopArtError, parse_action)
from game.popart.bots import BOTS, make_bot
from game.popart.cards import Catalogue, Face, blend, load_catalogue
from game.popart.match import GameRecord, play_bot_game
from game.popart.rules import (Observation, Outcome, all_cards, apply, is_chance, is_terminal, left_of,
                               legal_actions, legal_cells, new_game, observe, outcome, random_deal, replay,
                               score_seat, seats_to_choose, start)
from game.popart.scoring import SOLO_RANKS, ScoreSheet, score_display, solo_rank
from game.popart.session import Seat, Session
from game.popart.state import Config, Hand, Placed, State

__all__ = [
    "BOTS", "SOLO_RANKS", "Catalogue", "Config", "Deal", "Face", "GameRecord", "Hand", "IllegalActionError",
    "MalformedActionError", "MalformedStateError", "Observation", "Outcome", "Placed", "Play", "PopArtError",
    "ScoreSheet", "Seat", "Session", "State", "all_cards", "apply", "blend", "is_chance", "is_terminal",
    "left_of", "legal_actions", "legal_cells", "load_catalogue", "make_bot", "new_game", "observe", "outcome",
    "parse_action", "play_bot_game", "random_deal", "replay", "score_display", "score_seat",
    "seats_to_choose", "solo_rank", "start",
]
