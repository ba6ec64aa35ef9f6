check --against broken_syncall_missing.split.py
