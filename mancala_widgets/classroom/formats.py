"""The class's file formats, named once: the work file a notebook keeps (work.py) and
the hand-in a student gives the teacher (handin.py, read by inbox.py), with their
limits. Standard library only, so every module of the class's data can use it.

>>> WORK_FORMAT, HAND_IN_FORMAT, HAND_IN_MAX_BYTES < WORK_MAX_BYTES
('mancala-widgets/work', 'mancala-widgets/hand-in', True)
"""

WORK_FORMAT = "mancala-widgets/work"
WORK_VERSION = 1
#: A work file larger than this is not read (thirty answers and a few games are 50 kB).
WORK_MAX_BYTES = 8_000_000

HAND_IN_FORMAT = "mancala-widgets/hand-in"
HAND_IN_VERSION = 1
#: A hand-in larger than this is refused when marked (a lesson's work is about 20 kB).
HAND_IN_MAX_BYTES = 4_000_000

#: The longest name of a student or a notebook, in characters.
NAME_MAX = 120

__all__ = [
    "HAND_IN_FORMAT",
    "HAND_IN_MAX_BYTES",
    "HAND_IN_VERSION",
    "NAME_MAX",
    "WORK_FORMAT",
    "WORK_MAX_BYTES",
    "WORK_VERSION",
]
