"""The features of the dashboards, one module each, and :data:`DASHBOARDS`, the one list of
which features make which board. A feature is a :class:`~stainedglass_widgets.kit.feature.Feature`
(the interface is in the kit); an entry names it as ``"module:Class"``, relative to this package,
so that the play view imports none of them.

>>> DASHBOARDS["puzzle"]
['.hints:Marks']
"""

DASHBOARDS: dict[str, list[str]] = {
    "play": [  # a play dashboard (``view("cathedral")``)
        ".actions:Chance",
        ".actions:Undo",
        ".seats:Seats",
        ".hints:Marks",
        ".hints:Hints",
        ".records:Records",
        ".review:Compare",
        ".editor:Editing",
        ".coach:Coach",
        ".projector:ProjectorMode",
        ".charts:Charts",
        ".rooms:Rooms",
        ".follow:Follow",
        ".records:MoveLog",
    ],
    "lesson": [  # a tutorial's live board (``compact=True``)
        ".actions:Chance",
        ".actions:Undo",
        ".hints:Marks",
        ".hints:Hints",
        ".actions:StartAgain",
        ".projector:ProjectorMode",
    ],
    "review": [  # the board inside the review board (which has its own projector)
        ".actions:Chance",
        ".actions:Undo",
        ".hints:Marks",
        ".hints:Hints",
        ".actions:StartAgain",
    ],
    "puzzle": [  # a puzzle's board: answered, not played on; its marks listed
        ".hints:Marks",
    ],
}
"""Which features make which board, in the order their widgets appear."""
