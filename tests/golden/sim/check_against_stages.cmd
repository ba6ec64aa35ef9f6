# SPLIT_FILE at every stage: the stages it lacks are run on it.
check --against check_against_stages.py
check --against check_against_stages.lowered.py
check --against check_against_stages.expanded.py
