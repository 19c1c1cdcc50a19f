"""The toy game's rulebook data: its rule sections in playing order (no ranking chart)."""

OUTLINE = ("players", "deck", "deal", "ranking", "combinations", "wild", "transfer", "settlement", "match")
"""The sections of a toy variant in playing order."""
