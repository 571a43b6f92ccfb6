"""The four games for the frameworks game-AI people already use.

- :mod:`stainedglass.interop.actions`: each game's moves numbered as a fixed action space (pure
  Python: what both adapters share);
- :mod:`stainedglass.interop.openspiel`: every game as an OpenSpiel game (``pyspiel``), our bots
  as OpenSpiel bots and OpenSpiel's MCTS as one of ours;
- :mod:`stainedglass.interop.pettingzoo`: every game as a PettingZoo AEC environment.

The last two need the ``rl`` extra: ``pip install "stainedglass-games[rl]"``.
"""
