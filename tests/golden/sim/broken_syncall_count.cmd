check --against broken_syncall_count.split.py
