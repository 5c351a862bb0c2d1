"""The frequency prior: how likely a word is to be the answer, from how common it is."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from importlib import resources

import numpy as np

from autobot.words import load_words

# Zipf 2.5 (about 3 uses per billion words) is where the original answers thin out (their 5th
# percentile is 2.3); the logistic's width makes common plurals and rare words soft, not zero.
PRIOR_MIDPOINT = 2.5
PRIOR_WIDTH = 0.35
PRIOR_FLOOR = 1e-4  # a word wordfreq never saw can still be the answer, just unlikely
# A page that refuses a word has a smaller list than ours, so its answers lean to common words:
# each refusal in a game moves the midpoint up by this much Zipf.
REFUSAL_SHIFT = 0.5
# 99% of the answers so far are lowercase entries of a dictionary (Hunspell en_US-large), but
# only 44% of the NYT list is: a name, abbreviation or dialect spelling is this much less likely.
DICTIONARY_FACTOR = 0.05
# (refusals so far, the Zipf frequency a probe word then needs), strictest first: two refusals
# say the page's list is not ours; five, that it holds little past everyday words.
STRICTER_AFTER: tuple[tuple[int, float], ...] = ((5, 3.5), (2, 2.5))


@cache
def _zipf_table() -> dict[str, float]:
    text = resources.files("autobot.words").joinpath("nyt_freq.json").read_text()
    return json.loads(text)


def zipf_values(words: Sequence[str], zipf: Mapping[str, float] | None = None) -> np.ndarray:
    """Each word's Zipf frequency (0 = never seen) from `zipf` (default: English, nyt_freq.json)."""
    table = _zipf_table() if zipf is None else zipf
    return np.array([table.get(w, 0.0) for w in words], dtype=np.float64)


def in_dictionary(
    words: Sequence[str], dictionary: Collection[str] | None = None
) -> np.ndarray:
    """Whether each word is a dictionary word (default dictionary: English, nyt-dictionary)."""
    known = _english_dictionary() if dictionary is None else dictionary
    return np.array([w in known for w in words], dtype=bool)


@cache
def _english_dictionary() -> frozenset[str]:
    return frozenset(load_words("nyt-dictionary").words)


def prior_from_zipf(
    values: np.ndarray, refusals: int = 0, dictionary: np.ndarray | None = None
) -> np.ndarray:
    """The prior for words with these Zipf values, after `refusals` words were refused;
    `dictionary` (a mask) marks dictionary words, the others weigh DICTIONARY_FACTOR less."""
    midpoint = PRIOR_MIDPOINT + REFUSAL_SHIFT * refusals
    weights = PRIOR_FLOOR + 1.0 / (1.0 + np.exp(-(values - midpoint) / PRIOR_WIDTH))
    if dictionary is not None:
        weights = weights * np.where(dictionary, 1.0, DICTIONARY_FACTOR)
    return weights / weights.sum()


def frequency_prior(
    words: Sequence[str],
    zipf: Mapping[str, float] | None = None,
    refusals: int = 0,
    dictionary: Collection[str] | None = None,
) -> np.ndarray:
    """Relative chance each word is the answer, from its Zipf frequency (sums to 1).

    `zipf` maps word -> Zipf frequency (default: English); `refusals` is how many words the
    page refused this game (each tilts the prior further toward common words); `dictionary`
    is the set of dictionary words (default: English when `zipf` is, else none is used).
    """
    known = None if zipf is not None and dictionary is None else in_dictionary(words, dictionary)
    return prior_from_zipf(zipf_values(words, zipf), refusals, known)
