"""The table's synthesised sounds, checked by their samples: length, peak, spectrum, a WAV."""
from __future__ import annotations

import wave

import numpy as np

from scenes.table.sound import PITCHES_HZ, RATE, bank, clack, thud, write_wav


def _peak_hz(samples: np.ndarray) -> float:
    spectrum = np.abs(np.fft.rfft(samples))
    return float(np.fft.rfftfreq(len(samples), 1.0 / RATE)[int(np.argmax(spectrum))])


def _centroid_hz(samples: np.ndarray) -> float:
    spectrum = np.abs(np.fft.rfft(samples))
    return float((np.fft.rfftfreq(len(samples), 1.0 / RATE) * spectrum).sum() / spectrum.sum())


def test_a_clack_is_short_loud_enough_and_rings_at_its_pitch():
    for hz in PITCHES_HZ:
        sample = clack(hz)
        assert len(sample) == int(0.12 * RATE)
        assert 0.85 < float(np.max(np.abs(sample))) <= 0.9 + 1e-6
        assert abs(_peak_hz(sample) - hz) < 0.05 * hz
        # It dies away: the last 20 ms are far quieter than the first.
        assert np.abs(sample[-int(0.02 * RATE):]).max() < 0.1 * np.abs(sample[: int(0.02 * RATE)]).max()


def test_the_table_thud_is_duller_than_any_clack():
    assert _centroid_hz(thud()) < min(_centroid_hz(clack(hz)) for hz in PITCHES_HZ)


def test_the_bank_writes_a_wav_one_can_listen_to(tmp_path):
    samples = list(bank().values())
    path = write_wav(tmp_path / "sounds.wav", samples)
    with wave.open(str(path)) as wav:
        assert wav.getframerate() == RATE and wav.getnchannels() == 1 and wav.getsampwidth() == 2
        frames = wav.getnframes()
    assert frames == sum(len(s) for s in samples) + len(samples) * int(0.15 * RATE)
    assert not list(tmp_path.glob("*.tmp"))


def test_without_a_sound_device_the_null_audio_manager_is_chosen(monkeypatch, tmp_path):
    from scenes import common

    for name in ("PULSE_SERVER", "JUNKART_MUTE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))          # no pulse socket there
    real_is_dir = common.Path.is_dir
    monkeypatch.setattr(common.Path, "is_dir", lambda self: False if str(self) == "/dev/snd" else real_is_dir(self))
    assert common.audio_library() == "null"
    (tmp_path / "pulse").mkdir()
    (tmp_path / "pulse" / "native").touch()
    assert common.audio_library() == "p3openal_audio"                # a sound server to play through
    monkeypatch.setenv("JUNKART_MUTE", "1")
    assert common.audio_library() == "null"


def test_the_table_sound_counts_its_voices_silently_on_the_null_device(showbase):
    from physics.motion import ContactEvent
    from scenes.table.sound import TableSound

    sound = TableSound(showbase)
    assert not sound.audible                                       # the tests' ShowBase has the null manager
    sound.contacts([ContactEvent(3, "blue-ball", "table", 0.02, 0.6)])
    sound.muted = True
    sound.contacts([ContactEvent(4, "blue-ball", "orange-cone", 0.02, 0.6)])
    assert [v.sample for v in sound.played][0] == "thud" and len(sound.played) == 2
    sound.destroy()
