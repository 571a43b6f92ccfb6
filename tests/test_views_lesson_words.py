"""Every lesson's words agree with the board it sets up: the counts its text says (pencils and
shapes left, dice, winks, cards drawn), the pieces and fields it names, where its buttons are
(above or below the board), and what it says the pupil's move will show. Kernel side, no
browser; the words are read as a pupil reads them, the board as the view draws it."""

from __future__ import annotations

import html
import importlib
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import _widgets, act, pupil_actions, rehearse, said
from stainedglass.coloring.sheet import SECTIONS
from stainedglass.coloring.svg import shown_player

GAMES = ["cathedral", "walls_of_light", "coloring", "sagrada"]
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "eight": 8}
NUMBER = r"(one|two|three|four|five|six|eight|\d+)"


def lessons(game: str) -> Any:
    return importlib.import_module(f"stainedglass_widgets.{game}.lessons")


def number(word: str) -> int:
    return NUMBERS[word.lower()] if word.lower() in NUMBERS else int(word)


def text(widget: Any) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", widget.value))


def do(view: Any, step: str) -> None:
    for action in pupil_actions(view, step):
        act(*action)


EVERY = [(game, name) for game in GAMES for name in lessons(game).LESSONS]


# ---- where a control is: above or below the board ------------------------------------------------


def place_of(view: Any, words: str) -> str:
    """Where the control showing ``words`` is drawn: "above" or "below" the board (the view's
    rows run top to bottom), or "beside" it (in the board's own row)."""
    board_row = next(
        i for i, row in enumerate(view.children) if view.board_widgets[0] in _widgets(row)
    )
    for i, row in enumerate(view.children):
        for x in _widgets(row):
            labels = [getattr(x, "description", "")] + list(getattr(x, "_options_labels", ()))
            if any(label == words for label in labels):
                return "above" if i < board_row else "below" if i > board_row else "beside"
    raise AssertionError(f"no control {words!r} on the board")


def places_said(try_it: str) -> list[tuple[str, str]]:
    """The controls the words place: ``"place yellow (neutral)" above the board``."""
    return re.findall(r'"([^"]+)" (above|below|beside) the board', try_it)


def test_walls_of_light_two_players_says_where_the_colour_buttons_are() -> None:
    spec = lessons("walls_of_light").LESSONS["two players"]
    view = lessons("walls_of_light").lesson("two players")
    assert places_said(spec.try_it), "the words say where the buttons are"
    for words, where in places_said(spec.try_it):
        assert place_of(view, words) == where, f"{words!r} is {place_of(view, words)} the board"


# ---- the Coloring lessons ------------------------------------------------------------------------


def uncolored(state: Any, player: int) -> list[int]:
    return [n for n in range(1, state.sheet.n + 1) if state.color_of(player, n) is None]


def sets_of(state: Any) -> list[set[int]]:
    """The sets of shapes the legal moves color."""
    return [
        {int(x) for x in str(m).split()[2:] if not x.startswith("+")}
        for m in state.legal_moves()
        if str(m).startswith("take ")
    ]


def test_coloring_fewer_shapes_left_as_many_as_it_says_and_each_can_be_colored() -> None:
    """ "Only two shapes are left": two are, and a pupil may choose either (no shape that
    leads nowhere, "1 more shape to choose" with none left to choose)."""
    module = lessons("coloring")
    state = module.lesson_state("fewer")
    said_left = re.search(rf"only {NUMBER} shapes are left", module.LESSONS["fewer"].try_it)
    assert said_left and len(uncolored(state, 0)) == number(said_left.group(1))
    for shape in uncolored(state, 0):
        assert any(shape in shapes for shapes in sets_of(state)), f"shape {shape} leads nowhere"


def test_coloring_stars_are_named_as_the_sheet_draws_them() -> None:
    """The sheet draws no star numbers: a lesson names a star by its place and the shapes
    around it; and after the move the pupil sees the star's points on their own sheet."""
    module = lessons("coloring")
    spec = module.LESSONS["stars"]
    assert not re.search(r"\bstar \d", spec.try_it), spec.try_it
    view = module.lesson("stars")
    mover = shown_player(view.state)
    assert rehearse(view, spec.steps) == []
    assert shown_player(view.state) == mover, "the sheet shown is still the pupil's"
    assert 'data-label="star 1: 3 points"' in view.board.svg


# ---- the Walls of Light lessons ------------------------------------------------------------------


def test_walls_of_light_extra_glass_asks_for_the_second_pane_and_greys_the_cards() -> None:
    view = lessons("walls_of_light").lesson("extra glass")
    do(view, "card extra")
    do(view, "place red 3:a1")
    assert "place your second pane" in said(view)[1].lower()
    cards = re.findall(r'<g class="card"[^>]*>', view.hand.svg)
    held = [c for c in cards if 'data-count="0"' not in c]
    assert held and all('data-playable="false"' in c for c in held)
    assert all('aria-disabled="true"' in c and 'opacity="0.3' in c for c in held), held
    hits = re.findall(r'<rect class="hit" data-id="card:[^"]*"[^>]*>', view.hand.svg)
    assert hits and all("cursor:not-allowed" in h for h in hits), hits


def test_walls_of_light_a_card_drawn_is_said_once() -> None:
    view = lessons("walls_of_light").lesson("plus one and card")
    do(view, "place red 1:b2")
    words = said(view)[1]
    assert len(re.findall(r"\bred draws\b", words, flags=re.IGNORECASE)) == 1, words


# ---- every lesson: what its words say, read against its board -------------------------------------

Claims = list[tuple[str, bool]]  # (what the words say, whether the board agrees)


def cathedral_claims(view: Any, words: str) -> Claims:
    from stainedglass.cathedral.pieces import ALL_PIECES, SIDE_NAMES

    st = view.state
    side = {name: i for i, name in enumerate(SIDE_NAMES)}
    kinds = [getattr(p, "name", p) for p in ALL_PIECES]

    def squares(mask: int) -> set[str]:
        from stainedglass.core import cell_name

        return {cell_name(i % 10, i // 10) for i in range(100) if mask >> i & 1}

    def built(who: int, kind: str) -> list[set[str]]:
        return [squares(m) for o, p, m in st.buildings if o == who and kinds[p] == kind]

    out: Claims = []
    for who in re.findall(r"(Light|Dark) holds the Cathedral", words):
        out.append((f"{who} holds the cathedral", st.cathedral_state == "unplaced"))
        out.append((f"{who} is to move", st.current_player == side[who]))
    for who, kind in re.findall(r"(?:choose|[Pp]lace|put|with) (Light|Dark)'s (\w+)", words):
        if kind not in kinds:
            continue  # "Dark's last building"
        out.append((f"{who}'s {kind} in hand", st.supply[side[who]][kinds.index(kind)] > 0))
    for who, kind in re.findall(r"Try it: (Light|Dark) places the (\w+)", words):
        out.append((f"{who} to move", st.current_player == side[who]))
        out.append((f"{who}'s {kind} in hand", st.supply[side[who]][kinds.index(kind)] > 0))
    for who, kind in re.findall(r"(Light|Dark)'s (\w+) (?:has|stands)", words):
        out.append((f"{who}'s {kind} on the board", bool(built(side[who], kind))))
    for who, kind, at in re.findall(r"(Light|Dark)'s (\w+) on ([a-j]\d+) stands", words):
        out.append((f"{who}'s {kind} on {at}", any(at in b for b in built(side[who], kind))))
    for who, named in re.findall(r"(Light|Dark) owns ((?:[a-j]\d+(?:, | and )?)+)", words):
        owned = squares(st.terr[side[who]])
        out.append((f"{who} owns {named}", set(re.findall(r"[a-j]\d+", named)) == owned))
    for count, who, kind in re.findall(rf"now {NUMBER} (Light|Dark) (\w+?)s share", words):
        out.append((f"{count} {who} {kind}s", len(built(side[who], kind)) == number(count)))
    for who in re.findall(r"(Light|Dark) has exactly one placement left", words):
        out.append((f"{who} to move", st.current_player == side[who]))
        out.append(("one placement left", len(st.legal_moves()) == 1))
    for a, b in re.findall(r"gap at ([a-j]\d+)-([a-j]\d+)", words):
        taken = squares(st.occ[0] | st.occ[1] | st.occ[2])
        out.append((f"{a} and {b} empty", not {a, b} & taken))
    if "first game of a match" in words:
        out.append(("the first game", st.game_number == 1))
    return out


def walls_of_light_claims(view: Any, words: str) -> Claims:
    from stainedglass.walls_of_light.windows import COLOR_NAMES

    st = view.state
    color = {name: i for i, name in enumerate(COLOR_NAMES)}

    def spaces(window: int) -> dict[str, dict[str, Any]]:
        out = {}
        for cell in st.face(window - 1).spaces:
            space = st.space(window - 1, cell)
            if space is not None:
                out["abcd"[cell % 4] + str(cell // 4 + 1)] = space
        return out

    def shown(window: int, name: str) -> int:
        return sum(1 for s in spaces(window).values() if s["shown"] == name)

    out: Claims = []
    for r, b, y in re.findall(r"(?:dice show|rolled) red (\d), blue (\d), yellow (\d)", words):
        out.append((f"dice r{r} b{b} y{y}", st.dice == (int(r), int(b), int(y))))
    for d in re.findall(r"all three dice show (\d)", words):
        out.append((f"dice all {d}", st.dice == (int(d),) * 3))
    for who, d in re.findall(r"(Red|Blue|Yellow) rolled (\d)s", words):
        out.append((f"{who} rolled {d}s", st.dice == (int(d),) * 3))
        out.append((f"{who} to move", st.to_move == color[who.lower()]))
    for die, d in re.findall(r"the (red|blue|yellow) die shows (\d)", words):
        out.append((f"{die} die {d}", st.dice[color[die]] == int(d)))
    for die, d in re.findall(r"the (red|blue|yellow) die does not show (\d)", words):
        out.append((f"{die} die not {d}", st.dice[color[die]] != int(d)))
    for who, count in re.findall(rf"(red|blue|yellow) has placed all {NUMBER} winks", words):
        out.append((f"{who} out of winks", st.supply[color[who]] == 0))
        out.append((f"{who} placed {count}", number(count) == 8))
    if "nobody has a wink left" in words:
        out.append(("nobody has a wink", not any(st.supply)))
    for count in re.findall(rf"{NUMBER} windows have their white cube", words):
        out.append((f"{count} cubes", sum(st.cubes) == number(count)))
    for card in re.findall(r"[Cc]lick (Extra Glass|Swap Panes|Roll Again|Modify Roll)", words):
        held = {"Extra Glass": 0, "Swap Panes": 1, "Roll Again": 2, "Modify Roll": 3}[card]
        out.append((f"the mover holds {card}", st.hands[st.to_move][held] > 0))
    for count, w, total, name in re.findall(
        rf"{NUMBER} of window (\d)'s {NUMBER} spaces are (red|blue|yellow)", words
    ):
        out.append((f"{count} {name} of {total}", shown(int(w), name) == number(count)))
        out.append((f"window {w}: {total} spaces", len(spaces(int(w))) == number(total)))
    for w, n1, c1, n2, c2 in re.findall(
        rf"window (\d) has {NUMBER} (\w+) panes and {NUMBER} (\w+) winks", words
    ):
        out.append((f"window {w}: {n1} {c1}", shown(int(w), c1) == number(n1)))
        winks = sum(s["winks"].count(c2) for s in spaces(int(w)).values())
        out.append((f"window {w}: {n2} {c2} winks", winks == number(n2)))
    for w, name in re.findall(r"window (\d) shows (\w+) twice", words):
        out.append((f"window {w}: {name} twice", shown(int(w), name) == 2))
    for name, w in re.findall(r"the (red|blue|yellow) wink in window (\d)", words):
        winks = [s["winks"] for s in spaces(int(w)).values()]
        out.append((f"a {name} wink in window {w}", any(x == [name] for x in winks)))
    for name, w, at in re.findall(r"printed (\w+) pane of window (\d) \(([a-d]\d)\)", words):
        out.append((f"printed {name} at {w}:{at}", spaces(int(w))[at]["printed"] == name))
    for w, count, name, at in re.findall(
        rf"window (\d) has a stack of {NUMBER} (\w+) winks at ([a-d]\d)", words
    ):
        stack = spaces(int(w))[at]["winks"]
        out.append((f"{count} {name} at {w}:{at}", stack == [name] * number(count)))
    for found in re.finditer(r"[Cc]omplete (?:it|the window|the new face|window (\d))\b", words):
        named = found.group(1) or re.findall(r"window (\d)", words[: found.start()])[-1]
        empty = [at for at, s in spaces(int(named)).items() if not s["winks"] and not s["printed"]]
        at = re.match(r"[^.:]*? at ([a-d]\d)", words[found.end() :])
        out.append((f"window {named}: one space left", len(empty) == 1))
        if at:
            out.append((f"window {named}: {at.group(1)} left", empty == [at.group(1)]))
    for w in re.findall(r"[Rr]ed just completed window (\d)", words):
        done = st.last_completion
        out.append((f"window {w} completed", done is not None and done.position == int(w)))
    for a, b in re.findall(r"(red|blue|yellow) and (red|blue|yellow) just passed", words):
        turns = [m for m in st.history if not m.startswith(("roll", "draw"))]
        out.append((f"{a} and {b} passed", turns[-2:] == ["pass", "pass"]))
    for who, count in re.findall(rf"the most cards wins: (\w+), with {NUMBER}", words):
        hands = [sum(h) for h in st.hands]
        out.append((f"{who} holds {count}", hands[color[who]] == number(count) == max(hands)))
    return out


def coloring_claims(view: Any, words: str) -> Claims:
    st = view.state
    me = shown_player(st)
    sheet = st.sheet
    out: Claims = []
    for n in re.findall(r"N = (\d)", words):
        out.append((f"N = {n}", len(st.pencils()) == int(n)))
    for count in re.findall(rf"\b{NUMBER} pencils?(?: lie| is left|,|:)", words):
        out.append((f"{count} pencils", len(st.pencils()) == number(count)))
    for count in re.findall(rf"\b{NUMBER} pencils? in the middle", words, re.I):
        out.append((f"{count} pencils", len(st.pencils()) == number(count)))
    for count in re.findall(rf"\b{NUMBER} shapes? (?:are |is )?left", words):
        out.append((f"{count} shapes left", len(uncolored(st, me)) == number(count)))
    for p in re.findall(r"[Cc]olor player (\d)'s last shape", words):
        out.append((f"player {p}: one shape left", len(uncolored(st, int(p) - 1)) == 1))
        out.append((f"player {p} to move", me == int(p) - 1))
    for p in re.findall(r"player (\d)'s window is full", words):
        out.append((f"player {p} full", not uncolored(st, int(p) - 1)))
    for n, name in re.findall(r"shape (\d+) came (\w+)", words):
        out.append((f"{n} pre-coloured {name}", sheet.shapes[int(n) - 1].color == name))
    for name, n in re.findall(r"\b(red|blue|green|yellow|purple) (\d+)\b", words):
        out.append((f"{n} is {name}", st.color_of(me, int(n)) == name))
    for name, n, m in re.findall(r"your (red|blue|green|yellow|purple) (\d+) and (\d+)", words):
        out.append((f"{n} and {m} are {name}", {st.color_of(me, int(x)) for x in (n, m)} == {name}))
    for p, have, total, section in re.findall(
        rf"player (\d) has {NUMBER} of the {NUMBER} (\w+)s\b", words
    ):
        shapes = [s.number for s in sheet.shapes if s.symbol == section]
        mine = [n for n in shapes if st.color_of(int(p) - 1, n) is not None]
        out.append(
            (
                f"{have} of {total} {section}s",
                (len(mine), len(shapes)) == (number(have), number(total)),
            )
        )
    out.append(("no star called by a number", not re.search(r"\b[Ss]tar \d", words)))
    for n in shapes_named(words, sheet.n):
        color = st.color_of(me, n)
        if color is not None:  # a colored shape shows its color's letter, not its number
            said = re.search(rf"{color}[^.,:;]*?\b{n}\b|\b{n} came {color}", words)
            out.append((f"{n} named with its color, {color}", said is not None))
    for sentence in re.split(r"(?<=\.) ", words):
        place = re.search(r"the star at the (top|bottom)(?: (left|right))?", sentence)
        if not place:
            continue
        star = star_at(sheet, place.group(1), place.group(2))
        out.append((place.group(0), star is not None))
        named = {int(n) for n in re.findall(r"\b(\d+)\b", sentence)} - {1, 3, 4}
        if star is not None and named:
            out.append((f"{place.group(0)}: {sorted(named)}", named == set(star.neighbours)))
        if star is not None and "all red" in sentence:
            around = {st.color_of(me, n) for n in star.neighbours}
            out.append((f"{place.group(0)}: all red", around == {"red"}))
        scored = re.search(r"scored (\d)", sentence)
        if star is not None and scored:
            out.append(
                (f"{place.group(0)} scored", st.stars[me][star.number - 1] == int(scored.group(1)))
            )
    if "circle" in words:
        drawn = [r for _, _, r in sheet.circles if r > 0]
        out.append(("the circles are drawn", len(drawn) == len(sheet.circles)))
    for count in re.findall(rf"{NUMBER} are filled already", words):
        out.append((f"{count} circles filled", st.circles_used[me] == number(count)))
    for count in re.findall(rf"the score counts the {NUMBER} empty ones", words):
        after = view.state.clone()
        after.play(view.state.parse_move(lesson_demo(view)))
        left = len(sheet.circles) - after.circles_used[me]
        out.append(
            (f"{count} empty circles at the end", after.is_terminal() and left == number(count))
        )
    for section in re.findall(r"[Cc]lick the (\w+)'s values", words):
        out.append((f"the {section} to cross off", section in SECTIONS))
    return out


def shapes_named(words: str, shapes: int) -> set[int]:
    """The numbers in ``words`` that name shapes (not a player, N, a value, points or a
    rating)."""
    found = set()
    for m in re.finditer(r"\d+", words):
        before, after = words[: m.start()], words[m.end() :]
        if re.search(r"(player|N =|value,|than|scored|worth|\(|\+) ?$", before) or re.match(
            r" (here|and more|points?)\b", after
        ):
            continue
        if 1 <= int(m.group()) <= shapes:
            found.add(int(m.group()))
    return found


def star_at(sheet: Any, vertical: str, horizontal: str | None) -> Any:
    """The star drawn at that place of the sheet (by thirds of its width and height)."""
    for star in sheet.stars:
        x, y = star.center
        row = "top" if y < sheet.height / 3 else "bottom" if y > 2 * sheet.height / 3 else ""
        col = "left" if x < sheet.width / 3 else "right" if x > 2 * sheet.width / 3 else None
        if row == vertical and col == horizontal:
            return star
    return None


SAGRADA_COLORS = {"red": "R", "green": "G", "yellow": "Y", "blue": "B", "black": "K"}


def sagrada_claims(view: Any, words: str) -> Claims:
    st = view.state
    card = r"([RGYBK][1-6])"
    field = r"([a-e][1-4])"

    def at(name: str) -> str | None:
        return st.grid[(int(name[1]) - 1) * 5 + "abcde".index(name[0])]

    def rule(name: str) -> str:
        return st.window.rows[int(name[1]) - 1]["abcde".index(name[0])]

    bar = [c for turn in st.turn_bar for c in turn]
    places = [m for m in st.legal_moves() if str(m).startswith("place ")]
    out: Claims = []
    for count in re.findall(rf"{NUMBER} glass cards", words.replace("thirty", "30")):
        out.append((f"{count} cards in the pile", st.pile_size == number(count)))
    for count, turns in re.findall(rf"{NUMBER} cards, {NUMBER} turns", words, re.I):
        out.append((f"{count} cards drawn", len(st.drawn) == number(count)))
        out.append((f"{turns} turns", number(turns) == len(st.drawn) - 1))
    for c in re.findall(rf"(?:[Pp]ay with (?:the )?|[Tt]ry |[Pp]ut |click |replace ){card}", words):
        out.append((f"{c} drawn", c in st.drawn))
    for a, b in re.findall(rf"replace {card} and {card}", words):
        out.append((f"{a} and {b} drawn", {a, b} <= set(st.drawn)))
    for c, f in re.findall(rf"{card} from {field}", words):
        out.append((f"{c} on {f}", at(f) == c))
    for c in re.findall(rf"{card} on the turn bar", words):
        out.append((f"{c} on the turn bar", c in bar))
    for name, c in re.findall(rf"the (red|green|yellow|blue|black) {card}", words):
        out.append((f"{c} placed, {name}", c in st.grid and c[0] == SAGRADA_COLORS[name]))
    for f, name in re.findall(rf"{field}, the (red|green|yellow|blue) field", words):
        out.append((f"{f} is {name}", rule(f) == SAGRADA_COLORS[name]))
    for name, f in re.findall(rf"the (red|green|yellow|blue|[1-6]) field {field}", words, re.I):
        want = SAGRADA_COLORS.get(name.lower(), name)
        out.append((f"{f} takes {name}", rule(f) == want))
    for named in re.findall(rf"the {card} button under the window", words):
        out.append((f"{named} under the window", under_the_window(view, named)))
    for name in re.findall(r"neither (\w+) card fits", words):
        out.append((f"two {name} cards", [c[0] for c in st.drawn] == [SAGRADA_COLORS[name]] * 2))
        out.append(("nothing fits", not places))
    if "none of these cards fits" in words:
        out.append(("nothing fits", not places and bool(st.drawn)))
    return out


def under_the_window(view: Any, words: str) -> bool:
    """Whether the board draws its choice ``words`` below the window's fields, when it first
    offers it as the lesson's steps are taken (on a board of its own)."""
    module = lessons(view.game_name)
    fresh = module.lesson(view._lesson_name)
    for step in module.LESSONS[view._lesson_name].steps:
        for action in pupil_actions(fresh, step.do):
            svg = fresh.board.svg
            choice = re.search(
                rf'data-id="choice:[^"]*"[^>]*><rect x="[^"]*" y="([\d.]+)".*?>{words}</text>', svg
            )
            if choice:
                fields = re.findall(
                    r'data-id="[a-e][1-4]" x="[\d.]+" y="([\d.]+)" width="[\d.]+" '
                    r'height="([\d.]+)"',
                    svg,
                )
                bottom = max(float(y) + float(h) for y, h in fields)
                return float(choice.group(1)) >= bottom
            act(*action)
    return False


CLAIMS = {
    "cathedral": cathedral_claims,
    "walls_of_light": walls_of_light_claims,
    "coloring": coloring_claims,
    "sagrada": sagrada_claims,
}


def lesson_demo(view: Any) -> str:
    return view._lesson_demo  # type: ignore[no-any-return]


def on_the_way(view: Any) -> list[str]:
    """The buttons a board draws while the lesson's steps are taken (a tool's Done), by their
    words, on a board of its own."""
    from stainedglass_widgets.kit.board import boards_in

    module = lessons(view.game_name)
    name = view._lesson_name
    fresh = module.lesson(name)
    found: list[str] = []
    for step in module.LESSONS[name].steps:
        for action in pupil_actions(fresh, step.do):
            for board in boards_in(fresh.board_widgets):
                found += re.findall(r'data-id="choice:[^"]*".*?>([^<>]+)</text>', board.svg)
            act(*action)
    return [html.unescape(x).strip() for x in found]


def pressed_buttons(view: Any, words: str) -> Claims:
    """Every button the words say to press is on the board (its words start the name)."""
    import ipywidgets as w

    buttons = [x.description for x in _widgets(view) if isinstance(x, w.Button) and x.description]
    buttons += on_the_way(view)
    out: Claims = []
    for named in re.findall(r"[Pp]ress ([A-Z][a-z]*(?: [a-z]+)*)", words):
        out.append((f"a button {named!r}", any(named.startswith(b) for b in buttons)))
    for named, where in places_said(words):
        out.append((f"{named!r} {where} the board", place_of(view, named) == where))
    return out


@pytest.mark.parametrize(("game", "name"), EVERY, ids=[f"{g}-{n}" for g, n in EVERY])
def test_every_lesson_says_what_its_board_shows(game: str, name: str) -> None:
    module = lessons(game)
    spec = module.LESSONS[name]
    view = module.lesson(name)
    view._lesson_demo, view._lesson_name = spec.demo, name
    claims = CLAIMS[game](view, spec.try_it) + pressed_buttons(view, spec.try_it)
    specific = [c for c in claims if c[0] != "no star called by a number"]
    assert specific, f"nothing in {spec.try_it!r} is read against the board"
    assert [what for what, holds in claims if not holds] == [], spec.try_it
