"""Game records: versioned JSON, loaded checked or trusted.

- ``record``: the record format and its versions; ``convert``: the strict converter.
- ``loading``: the checked load (every event re-decided); ``canonical``: its fast path.
- ``trusted``: loading records the caller wrote; ``codegen``: readers generated per class.
"""
