"""Rooms on a class server: 15 rooms of two pupils playing Cathedral at once, each pupil's device
a visitor of its own (``harness.Visitor`` in ``tests/``: what a browser does, without drawing), the server
``stainedglass serve --class 30 --dashboard cathedral_play`` with its store in a fresh SQLite
file. Each room plays a game's first moves, the two devices in turn, each pupil thinking 1 to
3 s before a move (as pupils do: the class's pace); for every move, the time from the pupil's
typed move reaching the server to the other device receiving its board at that move (the kernel
behind it found the move in the store and redrew). Aims: the median under 300 ms, the worst
under 1 s. The same rooms moving as fast as the server lets them (no thinking) are timed too:
how far the server is from its limit.
"""

from __future__ import annotations

import asyncio
import os
import pathlib
import random
import statistics
import tempfile
import time

import stainedglass as sg
from harness import VoilaServer, Visitor

ROOMS = 15
MOVES = 10
"""Moves each room plays (each one timed)."""
MEDIAN_AIM, WORST_AIM = 0.300, 1.0
THINK_S = (1.0, 3.0)
"""How long a pupil thinks before a move (uniform, seconds)."""


async def device(server: VoilaServer, code: str, token: str) -> tuple[Visitor, str, str]:
    """A pupil's device back in its seat (the room's address with its seat): the visitor, its
    move box and its keeper board."""
    visitor = await Visitor.open(server.url("cathedral_play.ipynb") + f"?room={code}&seat={token}")
    box = next(
        model
        for model, s in visitor.states.items()
        if s["state"].get("placeholder", "").startswith("or type a move")
    )
    keeper = visitor.model(keeper=True)
    return visitor, box, keeper


def shows(keeper: str, moves: int):
    return lambda m: (
        m["header"]["msg_type"] == "comm_msg"
        and m["content"].get("comm_id") == keeper
        and m["content"]["data"].get("state", {}).get("moves") == moves
    )


async def room(
    server: VoilaServer, code: str, tokens: list[str], seed: int, think: bool
) -> list[float]:
    devices = [await device(server, code, t) for t in tokens]
    for visitor, _, keeper in devices:  # each device is back in its seat: the address says so
        if not visitor.states[keeper]["state"].get("address", "").startswith("?room="):
            await asyncio.wait_for(
                visitor.reply(
                    lambda m: (
                        m["header"]["msg_type"] == "comm_msg"
                        and m["content"].get("comm_id") == keeper  # noqa: B023 - called within this iteration
                        and m["content"]["data"]
                        .get("state", {})
                        .get("address", "")
                        .startswith("?room=")
                    )
                ),
                120,
            )
    state, rng, times = sg.load("cathedral").new_game(), random.Random(seed), []
    try:
        for _ in range(MOVES):
            move = rng.choice(state.legal_moves())
            mover = state.current_player
            (sender, box, _), (other, _, keeper) = devices[mover], devices[1 - mover]
            if think:
                await asyncio.sleep(rng.uniform(*THINK_S))
            state.play(move)
            sent = time.perf_counter()
            sender.update(box, value=str(move))
            await asyncio.wait_for(other.reply(shows(keeper, len(state.history))), 30)
            times.append(time.perf_counter() - sent)
            await asyncio.wait_for(sender.reply(shows(devices[mover][2], len(state.history))), 30)
    finally:
        for visitor, _, _ in devices:
            visitor.close()
    return times


def measure(think: bool = True) -> tuple[list[float], float]:
    from stainedglass_widgets.serving.classroom import open_store

    store = pathlib.Path(tempfile.mkdtemp(prefix="bench-rooms-")) / "class.sqlite3"
    os.environ["STAINEDGLASS_STORE"] = str(store)
    start = time.perf_counter()
    with VoilaServer(
        serve_args=["--class", str(2 * ROOMS), "--dashboard", "cathedral_play"]
    ) as server:
        server.wait_ready(timeout=900)
        ready = time.perf_counter() - start
        s = open_store(store)
        rooms = []
        for _ in range(ROOMS):
            r = s.create_room("cathedral")
            rooms.append((r.code, [s.join(r.code, f"Pupil {i + 1}").token for i in range(2)]))

        async def everyone() -> list[list[float]]:
            return await asyncio.gather(
                *(
                    room(server, code, tokens, seed, think)
                    for seed, (code, tokens) in enumerate(rooms)
                )
            )

        times = sorted(t for r in asyncio.run(everyone()) for t in r)
    return times, ready


def main() -> None:
    times, ready = measure()
    median, worst = statistics.median(times), max(times)
    met = "met" if median < MEDIAN_AIM and worst < WORST_AIM else "NOT met"
    print(
        f"{f'rooms: {ROOMS} rooms of two at once, move to the other board':<58}"
        f" {median * 1000:>12,.0f} ms   (median of {len(times)} moves, pupils thinking "
        f"{THINK_S[0]:.0f}-{THINK_S[1]:.0f} s a move; max {worst * 1000:,.0f} ms; aims "
        f"{MEDIAN_AIM * 1000:.0f} ms and {WORST_AIM:.0f} s: {met}; the server ready "
        f"{ready:,.0f} s after the start)"
    )
    times, _ = measure(think=False)
    print(
        f"{'rooms: the same, moving without thinking (the limit)':<58}"
        f" {statistics.median(times) * 1000:>12,.0f} ms   (median; max "
        f"{max(times) * 1000:,.0f} ms: every kernel busy at once)"
    )


if __name__ == "__main__":
    main()
