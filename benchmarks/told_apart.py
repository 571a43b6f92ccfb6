"""Whether each game's hint tells its best move from the next, in mid-game positions.

    python benchmarks/told_apart.py                 # 1 s a hint, three positions a game
    python benchmarks/told_apart.py --seconds 0.3 --positions 5

A position is the game seeded ``500001``, ``500002``, ... at two players (Sagrada alone),
played by ``greedy`` halfway through the length its greedy game runs to (chance drawn by the
state's own generator). In each, ``sg.ai.suggest`` asks the game's hint search for two moves
in ``--seconds``, and the row says whether the first is told apart from the second or called
"as good as" it (``Suggestion.equally_good``). A hint on the clock differs from run to run.
"""

from __future__ import annotations

import argparse

import stainedglass as sg

FIRST_SEED = 500_001


def midgame(name: str, seed: int) -> sg.State:
    """The game ``name`` seeded ``seed``, greedy halfway through its greedy game."""
    alone = sg.load(name).facts.max_players == 1
    game = sg.load(name) if alone else sg.load(name, players=2)
    greedy = sg.ai.bot("greedy", seed=seed)

    def play(state: sg.State, plies: int | None) -> int:
        done = 0
        while not state.is_terminal() and (plies is None or done < plies):
            if state.is_chance():
                state.play(state.sample_chance())
                continue
            state.play(greedy.choose(state))
            done += 1
        while state.is_chance():
            state.play(state.sample_chance())
        return done

    length = play(game.new_game(seed=seed), None)
    greedy = sg.ai.bot("greedy", seed=seed)  # the same choices again, to halfway
    state = game.new_game(seed=seed)
    play(state, length // 2)
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="a hint's time (default 1)")
    parser.add_argument("--positions", type=int, default=3, help="positions a game (default 3)")
    parser.add_argument("games", nargs="*", help="games (default: all four)")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.positions < 1:
        parser.error("--seconds must be positive and --positions at least 1")
    print("| game | position | hint search | best | next | told apart |")
    print("|---|---|---|---|---|---|")
    for name in args.games or sg.games():
        told = 0
        for k in range(args.positions):
            state = midgame(name, FIRST_SEED + k)
            best, following = sg.ai.suggest(state, top=2, budget_s=args.seconds, seed=k)[:2]
            told += not best.equally_good
            print(
                f"| {name} | seed {FIRST_SEED + k} | {state.game.hint_bot} | {best.move} "
                f"| {following.move} | {'no' if best.equally_good else 'yes'} |"
            )
        print(f"| {name} | **{told} of {args.positions}** | | | | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
