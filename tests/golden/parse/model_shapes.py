# Shapes a model's programs share: the constants `import_constants_from_sibling.py` imports. A
# module of the script's own Python: only its numeric constants are read.
import math

HIDDEN = 64
ROWS = 32
SCALE = 1.0 / 8
NAME = "tiny"


def helper(x):
    return math.sqrt(x)
