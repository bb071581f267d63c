"""Forest Shuffle: Smoky Mountains as a forestshuffle plugin (ruleset ``smoky``).

Work in progress: not yet contributing a ruleset.
"""

__version__ = "0.1.0"
