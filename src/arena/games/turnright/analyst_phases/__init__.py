"""Turn Right's analyst in its two phases (analyst.py chooses): the placements (placement.py)
and the circuits (circuits.py), both valued in units.py's point margin."""
