check --against broken_unlocalized_store.split.py
