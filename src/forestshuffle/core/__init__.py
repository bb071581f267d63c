"""The model and the turn machine: the game as data, knowing no card.

- ``cards``, ``layouts``: card facts and the slot layouts of sites; ``compiled``: card halves
  as the hot path reads them.
- ``spec``, ``ruleset``, ``registry``: what a plugin declares, and the compiled :class:`Ruleset`.
- ``forest``, ``slot_entries``: one player's forest, its slots and counters.
- ``events``, ``fastevents``: what happened; ``steps``: the resolution queue's entries.
- ``action``, ``decision``, ``decisions``: what the game waits for and the answers.
- ``state``: :class:`GameState` and ``evolve`` (an event folded into the state).
- ``machine``: ``decide`` and ``advance`` (an action decided into events);
  ``rules``: the helpers the step kinds share (drawing, paying, placing).
- ``deal``, ``draws``: set-up from a seed, CPython's draws.
- ``scoring``: final scores with a per-card breakdown; ``outcome``: how a game ended.
- ``views``: what one player may see; ``game``: :class:`Game`, the public face of all of it.
"""
