"""Charts a student can read: every chart of the AI lab, the hint's chart and the review's
timeline, in Chromium at the sizes they are shown (440 px wide, and on a classroom projector's
screen), with every word's box inside its chart and over no other word
(:func:`harness.chart_problems`), and the depth table's headings over their columns. In projector mode the hint's chart is not shown (the room reads
the list, in large type). Screenshots: ``test-artifacts/charts-*.png``."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import (
    CITY,
    chart_problems,
    click_cell,
    hover,
    open_page,
    shot,
    wait_moves,
    wait_text,
)

pytestmark = pytest.mark.full  # journeys: make test-all

SCREENS = {"440px": (1280, 1000), "projector": (1280, 720)}
"""Where the charts are read: in a place 440 px wide (a narrow window, a column beside the
board), and full size on a classroom projector's screen (1280 x 720)."""

LAB_CHARTS = (
    ".sg-lab-strength",
    ".sg-lab-candidates",
    ".sg-lab-anytime",
    ".sg-lab-rates",
    ".sg-lab-yourbot-ladder",
)

NARROW = ", ".join(f"{c}, .sg-hints .js-plotly-plot" for c in LAB_CHARTS)


def narrow(page: Any, screen: str) -> None:
    """In the 440 px case, every chart's place is 440 px wide at most."""
    if screen == "440px":
        page.add_style_tag(content=f"{NARROW} {{ max-width: 440px !important; }}")


def check(page: Any, selector: str, screen: str, what: str) -> None:
    page.locator(selector).scroll_into_view_if_needed()
    problems = chart_problems(page, selector)
    width = page.eval_on_selector(
        selector, "e => e.querySelector('svg').getBoundingClientRect().width"
    )
    if screen == "440px":
        assert width <= 441, f"{what}: shown {width:.0f} px wide"
    assert not problems, f"{what} ({screen}): {problems}"


def columns_line_up(page: Any) -> list[str]:
    """The depth table: each heading's words start and end where its column's figures do (a
    right-aligned column's right edges, a left-aligned one's left edges)."""
    return list(
        page.eval_on_selector(
            ".sg-lab-depths table",
            """t => {
              const edge = (cell) => { const r = document.createRange();
                r.selectNodeContents(cell); return r.getBoundingClientRect(); };
              const rows = [...t.rows], out = [];
              [...rows[0].cells].forEach((th, i) => {
                const head = edge(th);
                for (const row of rows.slice(1)) {
                  const cell = edge(row.cells[i]);
                  const right = getComputedStyle(row.cells[i]).textAlign === 'right';
                  const off = right ? cell.right - head.right : cell.left - head.left;
                  if (Math.abs(off) > 1.5) out.push(`${th.innerText}: ${row.cells[i].innerText} off by ${off.toFixed(1)} px`);
                }
              });
              return out; }""",
        )
    )


@pytest.mark.parametrize("screen", SCREENS)
def test_the_labs_charts_can_be_read(server: Any, browser: Any, screen: str) -> None:
    page = open_page(browser, *SCREENS[screen])
    try:
        page.goto(server.url("ai_lab.ipynb"), timeout=60_000)  # Voila runs the notebook first
        page.wait_for_selector(".sg-lab-strength svg .sg-lab-line", timeout=60_000)
        narrow(page, screen)
        # strength against time, each game's (Sagrada's counts games won, and says so)
        games = page.eval_on_selector(
            ".sg-lab-strength-game select", "s => [...s.options].map(o => o.textContent)"
        )
        assert len(games) == 4
        for game in games:
            page.select_option(".sg-lab-strength-game select", label=game)
            page.wait_for_function(
                "t => document.querySelector('.sg-lab-strength svg').getAttribute('aria-label')"
                ".startsWith(t)",
                arg=game.replace("\xa0", " "),  # the option's spaces are unbreakable
            )
            check(page, ".sg-lab-strength", screen, f"strength against time, {game}")
            words = page.inner_text(".sg-lab-strength-words")
            label = page.eval_on_selector(".sg-lab-strength svg", "s => s.textContent")
            assert ("Elo" in words) == ("Elo" in label), (game, words)
            if "games won" in label:
                assert "games it won" in words and "rated" not in words, words
        shot(page, f"charts-lab-strength-{screen}")
        # your bot's ladder, and a tournament's win rates (two quick games)
        check(page, ".sg-lab-yourbot-ladder", screen, "your bot's ladder")
        games = page.locator(".sg-lab-games input")
        games.fill("2")
        games.press("Enter")
        page.click(".sg-lab-start")
        wait_text(page, ".sg-lab-status", "Done: 2 games")
        check(page, ".sg-lab-rates", screen, "the tournament's win rates")
        # inside a search: alpha-beta, its candidates, how its choice settles, its depths
        page.select_option(".sg-lab-bot select", label="alphabeta")
        budget = page.locator(".sg-lab-budget input")
        budget.fill("0.4")
        budget.press("Enter")
        page.click(".sg-lab-analyse")
        page.wait_for_selector(".sg-lab-candidates svg .sg-lab-bar", timeout=120_000)
        page.wait_for_selector(".sg-lab-anytime svg .sg-lab-note", state="attached")
        page.wait_for_selector(".sg-lab-depths table")
        check(page, ".sg-lab-candidates", screen, "the candidates")
        check(page, ".sg-lab-anytime", screen, "how the choice settles")
        # no support cut, and chances that differ read differently
        notes = page.eval_on_selector_all(
            ".sg-lab-candidates svg > text[x]",
            "ts => ts.map(t => t.textContent).filter(t => /plies|ply/.test(t))",
        )
        assert notes and all(n.endswith(("plies deep", "ply deep")) for n in notes), notes
        assert not columns_line_up(page), columns_line_up(page)
        page.locator(".sg-lab-anytime").scroll_into_view_if_needed()
        shot(page, f"charts-lab-search-{screen}")
        assert "Traceback" not in page.inner_text("body")
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_the_hint_chart_can_be_read(server: Any, browser: Any, screen: str) -> None:
    page = open_page(browser, *SCREENS[screen])
    try:
        page.goto(server.url("cathedral_play.ipynb"))
        page.wait_for_selector(CITY + " svg", timeout=60_000)
        hover(page, "e5")
        click_cell(page, "e5")
        wait_moves(page, 1)
        if screen == "projector":
            page.click(".sg-projector-toggle >> nth=0")
            page.wait_for_selector(".sg-projector")
        narrow(page, screen)
        page.click("button:has-text('Hint')")
        page.wait_for_selector(".sg-hints .js-plotly-plot .scatterlayer .point", state="attached")
        if screen == "projector":  # the room reads the list in large type; the chart stays home
            page.wait_for_selector(".sg-hints li.sg-hint")
            shot(page, f"charts-hint-{screen}")
            assert not page.is_visible(".sg-hints .js-plotly-plot")
        else:
            page.wait_for_selector(".sg-hints .js-plotly-plot .gtitle")
            page.locator(".sg-hints .js-plotly-plot").scroll_into_view_if_needed()
            shot(page, f"charts-hint-{screen}")
            check(page, ".sg-hints .js-plotly-plot", screen, "the hint's candidates")
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game", ["cathedral", "walls_of_light"])  # 40 moves, and 170
def test_the_reviews_timeline_can_be_read(
    server: Any, browser: Any, screen: str, game: str
) -> None:
    page = open_page(browser, *SCREENS[screen])
    try:
        if screen == "440px":  # before the timeline is drawn: it takes its place's width
            page.add_init_script(
                "document.addEventListener('DOMContentLoaded', () => {"
                " const s = document.createElement('style');"
                " s.textContent = '.sg-review-timeline { max-width: 440px !important; }';"
                " document.head.appendChild(s); });"
            )
        page.goto(server.url("review.ipynb") + f"?game={game}", timeout=60_000)
        page.wait_for_selector(
            ".sg-review-timeline .js-plotly-plot .scatterlayer .point",
            state="attached",
            timeout=120_000,
        )
        page.wait_for_selector(".sg-review-timeline .js-plotly-plot .gtitle")
        page.locator(".sg-review-timeline").scroll_into_view_if_needed()
        shot(page, f"charts-review-{game}-{screen}")
        check(page, ".sg-review-timeline .js-plotly-plot", screen, "the review's timeline")
        if game == "walls_of_light":  # a long game: a window that follows the move shown
            assert "Win chance, moves 130-170 of 170" in page.inner_text(".sg-review-timeline")
            assert "thick line is the average" in page.inner_text(".sg-review-timeline")
            page.click(".sg-review-first")
            wait_text(page, ".sg-review-timeline", "Win chance, moves 1-40 of 170")
            shot(page, f"charts-review-{game}-{screen}-start")
            check(page, ".sg-review-timeline .js-plotly-plot", screen, "the timeline at the start")
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()
