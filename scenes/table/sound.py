"""Wooden clacks from a motion's contact events, synthesised in code (no sound files).

A clack is a few decaying inharmonic partials (the modes of a small free wooden bar sit near
1 : 2.76 : 5.40 of its fundamental) over a very short noise burst for the strike. Its volume
follows the impulse of the contact, its pitch the sizes of the two bodies (the heavier, the
lower); a piece landing on the table is a duller, lower thud (the table top is a big damped
plate: low partials, fast decay, more noise), and several pieces meeting the table in one frame
make a rattle (a burst of small clacks) instead of a pile of full sounds.

The decision of what to play (`sounds_for`) is pure and tested by its events; the samples are
tested by their length, peak and spectrum (`python -m scenes.table.sound out.wav` writes a short
WAV of them to inspect). Playback goes through Panda3D's audio manager from numpy buffers. With
no audio device (CI, a server, a desktop without sound) the manager is the null one: silent,
no error lines (`scenes.common.audio_library` picks it before OpenAL can complain).
"""
from __future__ import annotations

import math
import os
import sys
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from physics.shots import owner_mass_kg
from physics.motion import ContactEvent, Motion

RATE = 44100
PARTIALS = (1.0, 2.76, 5.40)              # free-bar modes of wood
PITCHES_HZ = (420.0, 600.0, 850.0, 1200.0, 1700.0, 2400.0)   # the clack bank; play rates fill between
THUD_HZ = 150.0
REFERENCE_MASS_KG = 0.02                  # a piece this heavy clacks at REFERENCE_HZ
REFERENCE_HZ = 1200.0
LOUD_IMPULSE_NS = 0.02                    # a contact this hard plays at full volume
QUIET_GAIN = 0.03                         # below this a contact is not worth a voice
RATTLE_AT = 3                             # this many table hits in one frame make a rattle
MAX_VOICES_PER_FRAME = 4


# --- synthesis --------------------------------------------------------------------------------

def clack(pitch_hz: float, seconds: float = 0.12, seed: int = 0) -> np.ndarray:
    """One wooden strike at `pitch_hz`, float32 in -1..1."""
    t = np.arange(int(seconds * RATE)) / RATE
    out = np.zeros_like(t)
    for k, ratio in enumerate(PARTIALS):
        decay = 38.0 * ratio ** 0.7                     # higher modes die sooner
        out += (0.6 ** k) * np.sin(2 * math.pi * pitch_hz * ratio * t) * np.exp(-decay * t)
    noise = np.random.default_rng(seed).standard_normal(len(t)) * np.exp(-t / 0.002)
    out += 0.35 * noise
    return _normalised(out * _attack(len(t)))


def thud(seconds: float = 0.18, seed: int = 1) -> np.ndarray:
    """A piece on the table top: low, damped, more knock than ring."""
    t = np.arange(int(seconds * RATE)) / RATE
    out = np.sin(2 * math.pi * THUD_HZ * t) * np.exp(-28.0 * t) + 0.4 * np.sin(2 * math.pi * THUD_HZ * 2.3 * t) * np.exp(-45.0 * t)
    noise = np.random.default_rng(seed).standard_normal(len(t))
    noise = np.convolve(noise, np.ones(24) / 24, mode="same") * np.exp(-t / 0.012)   # low-passed knock
    out += 1.2 * noise
    return _normalised(out * _attack(len(t)))


def rattle(seconds: float = 0.35, seed: int = 2) -> np.ndarray:
    """Several pieces coming down at once: a scatter of small clacks and thuds."""
    rng = np.random.default_rng(seed)
    out = np.zeros(int(seconds * RATE))
    for i in range(9):
        start = int(rng.uniform(0.0, seconds * 0.7) * RATE)
        piece = clack(float(rng.uniform(500, 1800)), 0.08, seed + 10 + i) if i % 3 else thud(0.1, seed + 10 + i)
        piece = piece[: len(out) - start] * float(rng.uniform(0.3, 1.0))
        out[start:start + len(piece)] += piece
    return _normalised(out)


def _attack(n: int) -> np.ndarray:
    ramp = np.ones(n)
    k = min(n, int(0.0008 * RATE))                       # no click from a hard edge
    ramp[:k] = np.linspace(0.0, 1.0, k)
    return ramp


def _normalised(x: np.ndarray, peak: float = 0.9) -> np.ndarray:
    top = float(np.max(np.abs(x))) or 1.0
    return (x * (peak / top)).astype(np.float32)


def pcm16(samples: np.ndarray) -> bytes:
    return (np.clip(samples, -1.0, 1.0) * 32767.0).astype("<i2").tobytes()


def bank() -> dict[str, np.ndarray]:
    """Every sample the table plays, by name."""
    samples = {f"clack{i}": clack(hz, seed=i) for i, hz in enumerate(PITCHES_HZ)}
    samples["thud"] = thud()
    samples["rattle"] = rattle()
    return samples


def write_wav(path: str | Path, samples: Sequence[np.ndarray], gap_s: float = 0.15) -> Path:
    """The samples one after another as a mono 16-bit WAV (written to a new file, then renamed)."""
    path = Path(path)
    gap = np.zeros(int(gap_s * RATE), np.float32)
    data = pcm16(np.concatenate([np.concatenate([s, gap]) for s in samples]))
    tmp = path.with_name(path.name + ".tmp")
    with wave.open(str(tmp), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data)
    os.replace(tmp, path)
    return path


# --- what to play -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Voice:
    sample: str         # a key of `bank()`
    gain: float         # 0..1
    rate: float         # play rate (pitch) relative to the sample


def _is_piece(owner: str) -> bool:
    return owner != "table" and not owner.startswith("base:")


def mass_kg(owner: str) -> float:
    """What a body of a contact event weighs: a piece (or a Nashville disc or cowboy); a base or
    the table rings like a big, heavy piece."""
    return owner_mass_kg(owner) if _is_piece(owner) else 0.25


def pitch_hz(a: str, b: str) -> float:
    """The heavier the pieces, the lower the clack."""
    masses = [mass_kg(o) for o in (a, b)]
    mass = math.sqrt(masses[0] * masses[1])
    return REFERENCE_HZ * (REFERENCE_MASS_KG / mass) ** (1.0 / 3.0)


def gain(impulse_ns: float) -> float:
    return min(1.0, (impulse_ns / LOUD_IMPULSE_NS) ** 0.6)


def sounds_for(events: Sequence[ContactEvent]) -> list[Voice]:
    """The voices for the contact events of one displayed frame (loudest first, a few at most)."""
    table_hits = [e for e in events if "table" in (e.a, e.b)]
    voices: list[Voice] = []
    if len(table_hits) >= RATTLE_AT:
        voices.append(Voice("rattle", min(1.0, sum(gain(e.impulse_ns) for e in table_hits) / 2), 1.0))
        events = [e for e in events if e not in table_hits]
    for e in events:
        g = gain(e.impulse_ns)
        if g < QUIET_GAIN:
            continue
        if "table" in (e.a, e.b):
            voices.append(Voice("thud", g, 1.0))
            continue
        hz = min(max(pitch_hz(e.a, e.b), PITCHES_HZ[0] * 0.8), PITCHES_HZ[-1] * 1.25)
        i = min(range(len(PITCHES_HZ)), key=lambda k: abs(math.log(hz / PITCHES_HZ[k])))
        voices.append(Voice(f"clack{i}", g, hz / PITCHES_HZ[i]))
    voices.sort(key=lambda v: -v.gain)
    return voices[:MAX_VOICES_PER_FRAME]


# --- playback ---------------------------------------------------------------------------------

class TableSound:
    """The table's sounds through Panda3D's sound-effects manager; `played` keeps every voice
    asked for (tests count them, whether or not a device plays them)."""

    VOICES_PER_SAMPLE = 3     # a sample can ring this many times at once

    def __init__(self, base: Any, volume: float = 0.8, muted: bool = False) -> None:
        self.volume, self.muted = volume, muted
        self.played: list[Voice] = []
        managers = getattr(base, "sfxManagerList", None) or []
        self.manager = managers[0] if managers else None
        self.audible = bool(self.manager is not None and self.manager.is_valid()
                            and type(self.manager).__name__ != "NullAudioManager")
        self._sounds: dict[str, list[Any]] = {}
        self._next: dict[str, int] = {}
        if self.audible:
            self._load()

    def _load(self) -> None:
        from panda3d.core import UserDataAudio
        for name, samples in bank().items():
            voices = []
            for _ in range(self.VOICES_PER_SAMPLE):
                data = UserDataAudio(RATE, 1)
                data.append(pcm16(samples))
                data.done()
                voices.append(self.manager.get_sound(data))
            self._sounds[name] = voices
            self._next[name] = 0

    def contacts(self, events: Sequence[ContactEvent], motion: Motion | None = None) -> None:
        for voice in sounds_for(events):
            self.played.append(voice)
            if self.audible and not self.muted and self.volume > 0:
                sounds = self._sounds[voice.sample]
                sound = sounds[self._next[voice.sample]]
                self._next[voice.sample] = (self._next[voice.sample] + 1) % len(sounds)
                sound.set_volume(voice.gain * self.volume)
                sound.set_play_rate(voice.rate)
                sound.play()

    def destroy(self) -> None:
        for sounds in self._sounds.values():
            for sound in sounds:
                sound.stop()
        self._sounds.clear()


if __name__ == "__main__":
    out = write_wav(sys.argv[1] if len(sys.argv) > 1 else "junkart-sounds.wav", list(bank().values()))
    print(f"wrote {out}")
