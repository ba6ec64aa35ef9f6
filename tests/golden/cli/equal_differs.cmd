equal equal_renamed.py
