"""Pictures, text and replays of a game, for people.

- ``render``: SVG pictures; ``terminal``: the game drawn with rich.
- ``describe``: short accounts of events, turns, forests and scores.
- ``replay``: a game turn by turn; ``reference``: a ruleset's rules page.
"""
