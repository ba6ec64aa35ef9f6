equal --names equal_renamed_other.py
