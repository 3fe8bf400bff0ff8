"""Pop Art card data (decks, goals, the solo rival display), built by `build_decks.py`."""
