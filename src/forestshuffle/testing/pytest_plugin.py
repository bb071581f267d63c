"""pytest plugin of forestshuffle (work in progress)."""
