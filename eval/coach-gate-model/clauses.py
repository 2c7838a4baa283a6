"""Splits a message into the units the per-clause reading scores: its sentences and clauses, then the whole
message as one more unit. A unit ends at a sentence end (. ! ? … followed by white space), a line break or a
semicolon; a clause joiner opens a new unit ("…, but can I skip it?"). The gate reads a message against all six
locales at once, so the joiners of every locale apply. Units keep their text as written, stripped; empty units
are dropped and repeated ones kept once, in order."""
import re
import numpy as np

# Words that join two clauses of a run-on message, by locale: the next clause can ask something of its own.
JOINERS = {
    "en": ["but", "and then", "so", "also", "anyway", "by the way", "btw", "though", "plus"],
    "de": ["aber", "und dann", "also", "übrigens", "außerdem", "jedenfalls", "sondern", "deshalb"],
    "fr": ["mais", "et puis", "du coup", "alors", "sinon", "d'ailleurs", "par contre", "au fait"],
    "es": ["pero", "y luego", "entonces", "además", "por cierto", "así que", "aunque"],
    "it": ["ma", "e poi", "quindi", "però", "comunque", "inoltre", "insomma", "tra l'altro"],
    "pl": ["ale", "a potem", "więc", "poza tym", "przy okazji", "zresztą", "jednak"],
}
# How the gate reads a message: the largest score over its units, the model trained with every unit of a
# harmless message as a harmless example and an unsafe message whole (multiple-instance training; loao_clauses.py
# compared the readings by leave-one-author-out).
READING = "mil-whole"
BREAK = re.compile(r"(?<=[.!?…])\s+|[\r\n]+|;")


ALL_JOINERS = sorted({w for words in JOINERS.values() for w in words}, key=lambda w: (-len(w), w))
JOINER = re.compile(r"(?<!\w)(?=(?:" + "|".join(map(re.escape, ALL_JOINERS)) + r")(?!\w))", re.IGNORECASE)


def units(message):
    """The message's clauses, then the whole message (each once, stripped)."""
    found = []
    for piece in BREAK.split(message):
        for clause in JOINER.split(piece):
            clause = clause.strip()
            if clause and clause not in found:
                found.append(clause)
    whole = message.strip()
    return [u for u in found if u != whole] + [message]


class UnitLayout:
    """Every unit of a list of messages in one flat list: which message owns each unit, which unit is a whole
    message, and where each message's units start (they are contiguous, the whole message last)."""

    def __init__(self, messages):
        per_message = [units(m) for m in messages]
        sizes = [len(u) for u in per_message]
        self.texts = [u for us in per_message for u in us]
        self.owner = np.repeat(np.arange(len(messages)), sizes)
        self.is_whole = np.zeros(len(self.texts), bool)
        self.is_whole[np.cumsum(sizes) - 1] = True

    def largest(self, unit_scores, unit_mask):
        """Each message's largest score over its units among `unit_mask` (whole messages, in order)."""
        owners = self.owner[unit_mask]
        return np.maximum.reduceat(unit_scores, np.searchsorted(owners, np.unique(owners)))


def training_units(layout, unit_y, train, reading, unit_scores=None):
    """The units a model learns from among the training messages' units (`train`, a unit mask): every whole
    message and every unit of a harmless one; for "mil-clause" an unsafe message gives its highest-scoring unit
    under `unit_scores` instead of itself whole."""
    harmless = unit_y == 0
    picked = train & (layout.is_whole | harmless)
    if reading == "mil-clause":
        picked &= harmless
        unsafe = np.where(train & ~harmless)[0]
        order = unsafe[np.lexsort((-unit_scores[unsafe], layout.owner[unsafe]))]
        highest = order[np.r_[True, layout.owner[order][1:] != layout.owner[order][:-1]]]
        picked[highest] = True
    return picked
