"""The position editor of every play dashboard (**Edit**): a teacher sets up the position to
show, then **Play from here**, **Hint here** or **Share** (a link that opens it).

The kit gives the frame; each game gives its tools in its own folder
(``stainedglass_widgets/<game>/editor.py``: a subclass of :class:`Editor` naming its game in
``game_name``, which registers it). The editor edits ``self.position``, the game's ``start=``
mapping (``game.position(state)`` gives the one of the board it opens on); the engine checks it
(``game.setup(position)``: the option's checks, then ``Game.validate``) and a position the rules
could never reach is refused with the engine's reason. The editor never judges rules itself.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, ClassVar
from collections.abc import Callable

import ipywidgets as w

import stainedglass as sg

from ..kit.feature import Feature
from ..kit.address import page_url
from ..kit.messages import message_html

if TYPE_CHECKING:  # the annotation only: the view makes its features
    from ..kit.game_view import GameView

_EDITORS: dict[str, type[Editor]] = {}
"""The registered editors by game name (filled as game folders are imported)."""


def editor_for(game_name: str) -> type[Editor] | None:
    """The position editor of a game (None when its folder has none)."""
    return _EDITORS.get(game_name)


class Editor(w.VBox):
    """A position being set up for ``view``'s game, with Play from here, Hint here, Share and
    Back to the game.

    A subclass sets ``game_name`` and implements :meth:`tools` (the widgets that change
    ``self.position``: boards to click, pickers) and :meth:`draw` (show ``self.position``);
    after each change it calls :meth:`changed`, which redraws and says whether the engine would
    accept the position, and why not.
    """

    game_name: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("game_name"):
            _EDITORS[cls.game_name] = cls

    def __init__(self, view: GameView) -> None:
        super().__init__()
        self.view = view
        self.game = view.game
        self.position: dict[str, Any] = copy.deepcopy(self.game.position(view.state))
        self.setup()
        heading = w.HTML(
            f"<b>Setting up a position of {self.game.title}</b>: change it below, "
            "then play from it, ask for a hint, or share it."
        )
        self.message = w.HTML()
        self.message.add_class("sg-editor-message")
        self.play_button = w.Button(
            description="Play from here",
            button_style="primary",
            tooltip="start a game at this position",
        )
        self.hint_button = w.Button(
            description="Hint here", tooltip="play from here and ask for the best moves"
        )
        self.share_button = w.Button(description="Share", tooltip="a link that opens this position")
        self.back_button = w.Button(
            description="Back to the game", tooltip="leave the editor; the game is as it was"
        )
        for button, action in (
            (self.play_button, self.play_from_here),
            (self.hint_button, self.hint_here),
            (self.share_button, self.share),
            (self.back_button, self.back),
        ):
            button.on_click(view.safe(lambda _, action=action: action()))
        self.link_text = w.Text(
            description="Link",
            layout=w.Layout(width="420px", display="none"),
            style={"description_width": "36px"},
        )
        self.link_text.add_class("sg-editor-link")
        self.add_class("sg-editor")
        self.children = [
            heading,
            *self.tools(),
            self.message,
            w.HBox([self.play_button, self.hint_button, self.share_button, self.back_button]),
            self.link_text,
        ]
        self.changed()

    # ---- for subclasses ----------------------------------------------------------------------

    def setup(self) -> None:
        """Set the editor's own fields (the tool in hand) before :meth:`tools` builds widgets."""

    def tools(self) -> list[w.Widget]:  # hook
        raise NotImplementedError

    def draw(self) -> None:  # hook
        """Show ``self.position`` on the tools' boards."""
        raise NotImplementedError

    # ---- checking ----------------------------------------------------------------------------

    def problem(self) -> str | None:
        """Why the engine refuses the position (None: it can be played from)."""
        try:
            self.game.setup(self.position)
        except ValueError as e:
            return _plain(str(e), self.game.name)
        return None

    def preview(self) -> sg.State | None:
        """The position as a state to draw, even one :meth:`Game.validate` would refuse; None
        when its form is wrong (then there is nothing to draw)."""
        try:
            return self.game.setup(self.position, check=False)
        except ValueError:
            return None

    def changed(self, words: str = "") -> None:
        """After an edit: redraw, and say whether the position can be played from."""
        self.draw()
        problem = self.problem()
        if problem is None:
            self.message.value = message_html(
                (words + " " if words else "") + "The engine can play from this position.", "good"
            )
        else:
            self.message.value = message_html(
                (words + " " if words else "") + f"Not a position to play from: {problem}", "bad"
            )

    def edit(self, change: Callable[[dict[str, Any]], None], words: str) -> bool:
        """Make ``change`` to a copy of the position; keep it when the engine can at least set
        it up (the rules may still refuse it: :meth:`changed` says why), else say why not and
        keep the position as it was. True when the change was made."""
        new = copy.deepcopy(self.position)
        change(new)
        self.tidy(new)
        try:
            self.game.setup(new, check=False)
        except ValueError as e:
            self.draw()  # the pickers go back to the position as it is
            self.say(f"Not changed: {_plain(str(e), self.game.name)}", "bad")
            return False
        self.position = new
        self.changed(words)
        return True

    def tidy(self, position: dict[str, Any]) -> None:
        """Hook: drop from an edited ``position`` what the engine works out by itself."""

    def say(self, text: str, kind: str = "info") -> None:
        self.message.value = message_html(text, kind)

    def set_position(self, position: dict[str, Any], words: str = "") -> None:
        """Replace the whole position (a file, an example) and redraw."""
        self.position = copy.deepcopy(position)
        self.changed(words)

    # ---- the buttons -------------------------------------------------------------------------

    def _checked(self) -> sg.State | None:
        try:
            return self.game.setup(self.position)
        except ValueError as e:
            self.say(f"Refused: {_plain(str(e), self.game.name)}", "bad")
            return None

    def play_from_here(self) -> bool:
        """Start a game at the position (its game's record then begins there); False, with
        the reason shown, when the engine refuses it."""
        state = self._checked()
        if state is None:
            return False
        editing = self.view.feature(Editing)
        if editing is None:  # an editor outside a dashboard's Edit: the view plays on from it
            self.view.set_position(state, ("Playing from the position you set up.", "good"))
        else:
            editing.start_from(state, "Playing from the position you set up.")
        return True

    def hint_here(self) -> bool:
        """Play from the position and ask for a hint at once."""
        if not self.play_from_here():
            return False
        self.view.hint()
        return True

    def share(self) -> str:
        """A link that opens the position on the play dashboard ("" when refused)."""
        state = self._checked()
        if state is None:
            return ""
        link = state.record().to_link(page_url(f"{self.game.name}_play.ipynb"))
        self.link_text.value = link
        self.link_text.layout.display = None
        self.say(f"Copy the link ({len(link):,} characters): it opens this position.", "good")
        return link

    def back(self) -> None:
        editing = self.view.feature(Editing)
        if editing is not None:
            editing.close_editor()


class Editing(Feature):
    """**Edit** on a play dashboard (when the game's folder has an editor): the editor takes
    the board's place until Play from here or Back to the game."""

    name = "editing"
    provides = ("editor", "edit", "close_editor", "start_from", "edit_button", "editor_box")
    projected = ("editor_box",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.editor: Editor | None = None
        """The position editor, while it is open."""
        self.editor_box = w.VBox()
        self.edit_button = w.Button(
            description="Edit", icon="pencil", tooltip="set up any position: play, hint or share it"
        )
        self.edit_button.add_class("sg-edit")
        self.edit_button.on_click(view.safe(lambda _: self.edit()))
        self._children_before: tuple[w.Widget, ...] | None = None
        view.add_widgets("above", self.editor_box)
        view.add_widgets("settings", self.edit_button)
        view.hooks.after_change.append(self.update)
        self.update()

    def update(self) -> None:
        """Edit is shown when the game has an editor and the game is played here (not while
        it follows a teacher's board)."""
        view = self.view
        can = editor_for(view.game.name) is not None and not view.shown_only()
        self.edit_button.layout.display = None if can else "none"

    def edit(self) -> None:
        """Open the position editor on the position on the board."""
        view = self.view
        kind = editor_for(view.game.name)
        if kind is None:
            view.say(f"{view.game.title} has no position editor.")
            return
        view.cancel_search()
        self.editor = kind(view)
        # the game's board and controls leave the page while editing (hidden boards would keep
        # their SVG's pattern ids, which the editor's board shares), and come back after; they
        # leave first, so the page never shows the two boards at once
        if self._children_before is None:
            self._children_before = tuple(view.children)
        view.children = [view.banner, self.editor_box, view.message]
        self.editor_box.children = [self.editor]
        view.say("Editing a position: the game waits until you play from it or go back.")

    def close_editor(self, words: str | None = "Back to the game.") -> None:
        """Leave the editor (Back to the game, or Play from here), saying ``words`` unless
        None."""
        if self.editor is None:
            return
        self.editor = None
        self.editor_box.children = []
        if self._children_before is not None:
            self.view.children = list(self._children_before)
            self._children_before = None
        self.view.update_thinking()
        if words is not None:
            self.view.say(words)

    def start_from(self, state: sg.State, words: str) -> None:
        """Play on from ``state``, a new game (Play from here): the board is drawn again before
        it comes back, so the page never shows the old position under the new message."""
        self.view.set_position(state, (words, "good"))
        self.close_editor(words=None)


def _plain(text: str, game: str) -> str:
    """The engine's reason without the option's prefix ("cathedral: option start= ...")."""
    return text.removeprefix(f"{game}: option start= ")
