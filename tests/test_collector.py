"""The collector pause (``forestshuffle.core.collector.paused``, around loads and games played out)
restores what was there: a collector that another thread switched off during the pause stays
off, overlapping pauses of several threads end with the thresholds they found, and a
threshold someone set meanwhile is kept."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from forestshuffle.core.collector import paused

GUARD = 120  # a guard against a hang, not a measurement


@pytest.fixture(autouse=True)
def _as_it_was() -> Iterator[None]:
    enabled, thresholds = gc.isenabled(), gc.get_threshold()
    gc.enable()
    yield
    gc.set_threshold(*thresholds)
    (gc.enable if enabled else gc.disable)()


def test_a_collector_switched_off_by_another_thread_during_a_pause_stays_off() -> None:
    def work() -> None:
        assert gc.get_threshold()[0] == 0  # held off during the work
        other = threading.Thread(target=gc.disable)  # another thread's wish
        other.start()
        other.join(GUARD)

    paused(work)
    assert not gc.isenabled()
    assert gc.get_threshold()[0] != 0


def test_overlapping_pauses_of_two_threads_end_as_they_began() -> None:
    before = gc.get_threshold()
    inside, release = threading.Event(), threading.Event()

    def long_work() -> None:
        inside.set()
        assert release.wait(GUARD)

    t = threading.Thread(target=paused, args=(long_work,), daemon=True)
    t.start()
    assert inside.wait(GUARD)
    paused(lambda: None)  # starts and ends inside the other's pause
    assert gc.get_threshold()[0] == 0  # still held off for the first
    release.set()
    t.join(GUARD)
    assert gc.get_threshold() == before and gc.isenabled()


def test_a_threshold_set_during_a_pause_is_kept_and_a_failure_restores() -> None:
    paused(lambda: gc.set_threshold(1234))
    assert gc.get_threshold()[0] == 1234
    before = gc.get_threshold()
    with pytest.raises(KeyError):
        paused(lambda: {}["x"])
    assert gc.get_threshold() == before
