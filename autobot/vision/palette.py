"""Learn what a board's tile colours mean from the frame itself.

The filled tiles' ring colours are clustered (Lab, average linkage); every cluster then gets
a role - correct 'G', present 'Y', absent 'X' - by the cheapest consistent assignment of
several cues, each a cost:

- hue family (green = correct, yellow/ochre = present, grey = absent, orange/blue the
  high-contrast pair, a saturated colour that is neither green nor yellow (dark red) absent);
- absent is the least saturated of the board's colours;
- known palettes (NYT light/dark/high contrast and common clones) as priors, each only
  within a rejection distance;
- a calibration profile's measured colours, when there is one;
- the game's own consistency once letters are read: the correct colour holds one letter per
  column, and a letter correct at a column is correct there in every row.

When the best assignment does not beat another one that gives a cluster a different role by
a clear margin, that cluster's tiles read '?' with the reason, instead of a confident guess.
A cluster of mostly letterless, greyish tiles is the empty-tile fill of pages whose empty
tiles are not the page colour (role 'blank').
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from autobot.vision.colour import NEUTRAL_CHROMA, delta_e, hue_role, rgb_to_lab

ROLES = ("G", "Y", "X")
JOIN = 10.0  # Lab distance under which two tile colours are one colour (average linkage)
REJECT = 16.0  # a colour this far from every learned colour has no role: '?'
MARGIN = 0.6  # cost lead the chosen role of a cluster needs over any other role
# Cost per tile of leaving a colour without a role: a stray tile or two of an odd colour (under
# a toast, mid-animation) are outliers; a colour many tiles share always gets a role.
OUTLIER = 3.0

# Cost of giving a colour family each role: green is correct, yellow present, grey absent;
# orange and blue swap meanings between palettes (NYT high contrast: orange correct, blue
# present; colour-blind clone modes the other way round), so their hue decides little: the
# known palettes and the game's rules do. A lone orange leans to NYT's meaning (the reference
# game), but only by less than a known palette's or the rules' say.
HUE_COST: dict[str, dict[str, float]] = {
    "neutral": {"G": 4.0, "Y": 4.0, "X": 0.0},
    "green": {"G": 0.0, "Y": 3.0, "X": 3.0},
    "yellow": {"G": 3.0, "Y": 0.0, "X": 3.0},
    "orange": {"G": 1.0, "Y": 1.4, "X": 3.0},
    "blue": {"G": 1.0, "Y": 1.0, "X": 2.5},
    "red": {"G": 3.0, "Y": 3.0, "X": 0.5},  # dark red absent: not green, not yellow
    "other": {"G": 2.5, "Y": 2.5, "X": 1.5},
}
LEAST_SATURATED = 1.0  # cost of an absent colour as saturated as the board's most saturated one
PRIOR_WEIGHT = 2.0  # cost of a colour a full PRIOR_FAR away from every known colour of a role
PRIOR_NEAR, PRIOR_FAR = 6.0, 24.0  # Lab distances: a known colour / no help at all
PROFILE_WEIGHT = 10.0  # a calibration profile's colours overrule the cues (all of them at once)
COHERENT = 1.0  # cost taken off an assignment whose colours are all one known palette's
CONFLICT = 0.5  # cost of each letter that breaks the game's rules under an assignment
# ... and of each one past the first: one misread letter makes one conflict, two are the rules
# themselves refusing the role (two letters correct in one column cannot both be right). That
# outweighs a hue or one known colour (a lone orange leans to NYT's correct; on another page it
# is present, and the second row shows it). Not for a colour that fills a whole row, though:
# that is the look of a win, and a board whose win breaks the rules is an edited picture.
CONFLICTS_PROVE = 2.0
# A row all in one colour is the look of a win: that colour is correct. (All present is an
# anagram of the answer with no letter in place - possible, but far rarer than a win.)
WIN_LOOK = 2.0
FILL_CHROMA = 25.0  # an empty-tile fill is greyish (coloured letterless squares are a share grid)
NEAR_BLACK = 22.0  # Lab L below which a colour is black whatever its tint
RED_HUE = 40.0  # Lab hue below which an "orange" is red (#943e3c ~32; #f5793a ~51, #d55e00 ~56)
HINT_SHARE = 0.55  # ink weaker than this share of the page's own letters is a hint letter
# A tile caught fading in (reveal by opacity) shows a blend of its colour and the page: a
# colour of at most FADE_TILES tiles lying within FADE_RESIDUE (sRGB units) of the line from
# the page to another colour of the board, FADE_SPAN of the way, is that, not a role.
FADE_TILES = 2
FADE_RESIDUE = 6.0
FADE_SPAN = (0.1, 0.9)
FADE_CONTRAST = 40.0  # sRGB distance from the page under which a fade is too faint to tell

# Known palettes (role -> sRGB hex), priors only: a frame's colour helps a role when it lies
# within PRIOR_FAR of one of them.
KNOWN_PALETTES: dict[str, dict[str, str]] = {
    "nyt-light": {"G": "6aaa64", "Y": "c9b458", "X": "787c7e"},
    "nyt-dark": {"G": "538d4e", "Y": "b59f3b", "X": "3a3a3c"},
    "nyt-high-contrast": {"G": "f5793a", "Y": "85c0f9", "X": "787c7e"},
    "nyt-high-contrast-dark": {"G": "f5793a", "Y": "85c0f9", "X": "3a3a3c"},
    "slate-green-amber": {"G": "63aa55", "Y": "eab308", "X": "606685"},
    "olive": {"G": "579452", "Y": "ad9838", "X": "737373"},
    "global": {"G": "6aaa63", "Y": "ccb757", "X": "939598"},
    "red-absent": {"G": "51b36e", "Y": "c79c2e", "X": "943e3c"},
    "blue-vermillion": {"G": "2271b2", "Y": "d55e00", "X": "1d1d1d"},
    "bright-slate": {"G": "49d088", "Y": "eabf3e", "X": "5c5c70"},
}


def _hex_lab(code: str) -> np.ndarray:
    """Lab of an sRGB hex colour."""
    rgb = np.array([[int(code[i : i + 2], 16) for i in (0, 2, 4)]], np.uint8)
    return rgb_to_lab(rgb)[0]


PRIOR_LABS: dict[str, np.ndarray] = {
    role: np.array([_hex_lab(p[role]) for p in KNOWN_PALETTES.values()], np.float32)
    for role in ROLES
}


def family(lab: np.ndarray) -> str:
    """The colour family of a tile colour: hue_role's, with red (and dark red) apart."""
    if float(lab[0]) < NEAR_BLACK:
        return "neutral"  # a capture's tint gives near-black a hue no tile colour has
    name = hue_role(lab)
    hue = math.degrees(math.atan2(float(lab[2]), float(lab[1]))) % 360
    if (name == "other" and hue >= 330.0) or (name == "orange" and hue < RED_HUE):
        return "red"
    return name


@dataclass(frozen=True)
class TileColour:
    """What the palette learner needs of one filled tile."""

    key: tuple[int, int]  # (row, col)
    lab: np.ndarray
    ink: bool  # a letter (or something) stands out from the tile
    letter: str = ""  # the letter read, when known ("" or "?" = unknown)


@dataclass(frozen=True, eq=False)
class Palette:
    """The board's learned colours: one Lab centre per cluster, and what each one means."""

    centres: tuple[np.ndarray, ...] = ()
    marks: tuple[str, ...] = ()  # 'G' 'Y' 'X', 'blank' (empty-tile fill) or '?' (unsure)
    reasons: tuple[str, ...] = ()
    members: tuple[int, ...] = field(default=(), compare=False)  # cluster of each input tile

    def tile_marks(self, labs: np.ndarray, reject: float = REJECT) -> list[str]:
        """Marks of the tiles the palette was learned from (in order): their cluster's, '?'
        for a tile farther than `reject` from its cluster's colour."""
        if not self.members:
            return []
        idx = np.asarray(self.members)
        d = delta_e(np.asarray(self.centres, np.float32)[idx], np.asarray(labs, np.float32))
        return [self.marks[g] if dd <= reject else "?" for g, dd in zip(idx, d.tolist(),
                                                                        strict=True)]

    @property
    def high_contrast(self) -> bool:
        """The NYT accessible palette: orange means correct, or blue present."""
        return any((m, family(c)) in (("G", "orange"), ("Y", "blue"))
                   for c, m in zip(self.centres, self.marks, strict=True))

    def mark_of(self, lab: np.ndarray, reject: float = REJECT) -> str:
        """The mark of a colour (Lab) on this board: its nearest learned colour's, '?' when
        none lies within `reject`. Keys of an on-screen keyboard can use it too."""
        if not self.centres:
            return "?"
        d = delta_e(np.asarray(self.centres, np.float32), np.asarray(lab, np.float32))
        i = int(np.argmin(d))
        return self.marks[i] if float(d[i]) <= reject else "?"

    def mark_of_rgb(self, rgb: Sequence[int], reject: float = REJECT) -> str:
        """`mark_of` for an sRGB colour (0..255 per channel)."""
        return self.mark_of(rgb_to_lab(np.array([rgb], np.uint8))[0], reject)


def cluster(labs: np.ndarray, join: float = JOIN) -> list[list[int]]:
    """Group colours: average-linkage agglomeration while two groups' centres are < `join`.

    Identical colours (a lossless capture's tiles of one role) start as one group, and only the
    merged group's distances are measured again after each merge.
    """
    labs = np.asarray(labs, np.float64).reshape(-1, 3)
    same: dict[tuple[float, ...], list[int]] = {}  # (np.unique's rows, at a tenth of its cost)
    for i, lab in enumerate(map(tuple, labs.tolist())):
        same.setdefault(lab, []).append(i)
    groups = list(same.values())  # in the order of first appearance, as the reference's
    centres = np.array([labs[g[0]] for g in groups])
    sizes = np.array([len(g) for g in groups], np.float64)
    d = np.linalg.norm(centres[:, None] - centres[None], axis=-1)
    np.fill_diagonal(d, np.inf)
    alive = np.ones(len(groups), bool)
    while alive.sum() > 1:
        flat = int(np.argmin(d))
        i, j = divmod(flat, d.shape[1])
        if d[i, j] >= join:
            break
        i, j = min(i, j), max(i, j)
        centres[i] = (centres[i] * sizes[i] + centres[j] * sizes[j]) / (sizes[i] + sizes[j])
        sizes[i] += sizes[j]
        groups[i] += groups[j]
        alive[j] = False
        d[j, :] = d[:, j] = np.inf
        row = np.linalg.norm(centres - centres[i], axis=1)
        row[~alive] = np.inf
        row[i] = np.inf
        d[i, :] = d[:, i] = row
    return [sorted(groups[k]) for k in np.flatnonzero(alive)]


def _chroma(lab: np.ndarray) -> float:
    return math.hypot(float(lab[1]), float(lab[2]))


def _prior_cost(distance: float) -> float:
    """Known-palette cost of a role whose nearest known colour is `distance` away: 0 near,
    PRIOR_WEIGHT beyond PRIOR_FAR."""
    return PRIOR_WEIGHT * min(1.0, max(0.0, (distance - PRIOR_NEAR) / (PRIOR_FAR - PRIOR_NEAR)))


def _profile_cost(lab: np.ndarray, role: str, profile: Mapping[str, np.ndarray],
                  tolerance: float) -> float:
    """A calibration profile's colour of this role: free within tolerance, dear beyond."""
    if not profile:
        return 0.0
    near = [r for r, ref in profile.items() if float(delta_e(lab, ref)) <= tolerance]
    if not near:
        return 0.0
    return 0.0 if role in near else PROFILE_WEIGHT


def _conflicts_if_correct(groups: list[list[int]], tiles: Sequence[TileColour],
                          skip: set[int]) -> list[int]:
    """Per cluster, the letters that would break the game's rules if it meant correct: two
    letters correct in one column, or a letter correct at a column in one row and another
    colour at that column in another row (clusters in `skip`, typed tiles, do not count)."""
    where: dict[int, set[tuple[str, int]]] = {}  # cluster -> its (letter, column) pairs
    cluster_of = {i: g for g, members in enumerate(groups) for i in members}
    for i, t in enumerate(tiles):
        if t.letter not in ("", "?") and cluster_of[i] not in skip:
            where.setdefault(cluster_of[i], set()).add((t.letter, t.key[1]))
    out = []
    for g in range(len(groups)):
        mine = where.get(g, set())
        columns = {col for _, col in mine}
        others = set().union(*(v for h, v in where.items() if h != g))
        out.append(len(mine) - len(columns) + len(mine & others))
    return out


def fading_share(colour: np.ndarray, full: np.ndarray, page: np.ndarray) -> float | None:
    """How far (0..1) a tile of colour `full` has faded in over `page` if `colour` is that
    blend, else None. All three in sRGB (0..255): opacity mixes there, not in Lab."""
    span = full - page
    length = float(np.dot(span, span))
    if length < FADE_CONTRAST**2:
        return None
    share = float(np.dot(colour - page, span)) / length
    residue = float(np.linalg.norm(colour - (page + share * span)))
    return share if residue <= FADE_RESIDUE and FADE_SPAN[0] <= share <= FADE_SPAN[1] else None


def _lab_rgb(lab: np.ndarray) -> np.ndarray:
    """sRGB (0..255, float) of a Lab colour."""
    import cv2

    px = cv2.cvtColor(np.asarray(lab, np.float32).reshape(1, 1, 3), cv2.COLOR_Lab2RGB)
    return np.clip(px.reshape(3), 0, 1).astype(np.float64) * 255.0


def _fading(groups: list[list[int]], centres: list[np.ndarray], open_: list[int],
            page: Sequence[np.ndarray]) -> dict[int, str]:
    """Clusters that are another cluster's colour caught fading in over the page (or an
    empty tile's fill): cluster -> the reason it has no role."""
    rgb = {g: _lab_rgb(centres[g]) for g in open_}
    pages = [_lab_rgb(bg) for bg in page]
    out: dict[int, str] = {}
    for g, h in itertools.permutations(open_, 2):
        if g in out or len(groups[g]) > FADE_TILES:
            continue
        for bg in pages:
            share = fading_share(rgb[g], rgb[h], bg)
            if share is not None:
                out[g] = (f"tile colour {_hex(centres[g])} is {_hex(centres[h])} "
                          f"{share:.0%} faded in (mid-reveal)")
                break
    return out


def learn_palette(
    tiles: Sequence[TileColour],
    profile: Mapping[str, np.ndarray] | None = None,
    tolerance: float = 14.0,
    page: Sequence[np.ndarray] = (),
) -> Palette:
    """The board's palette from its filled tiles (and a calibration profile's colours, mark ->
    Lab, if any): clusters, each with a mark, and why any cluster is left '?'. `page`: Lab
    colours tiles fade in over (the page, an empty tile's fill), to tell a fade from a role."""
    if not tiles:
        return Palette()
    labs = np.array([t.lab for t in tiles], np.float32)
    groups = cluster(labs)
    members = np.zeros(len(tiles), np.intp)
    for g, group in enumerate(groups):
        members[group] = g
    sums = np.zeros((len(groups), 3), np.float64)
    np.add.at(sums, members, labs)
    centres = list((sums / np.bincount(members)[:, None]).astype(np.float32))
    marks: list[str] = ["?"] * len(groups)
    reasons: list[str] = []
    # An empty-tile fill: greyish squares, mostly without letters.
    for g, group in enumerate(groups):
        inkless = sum(1 for i in group if not tiles[i].ink)
        if inkless >= 2 and 2 * inkless >= len(group) and _chroma(centres[g]) < FILL_CHROMA:
            marks[g] = "blank"
    # The biggest colours get roles; past four, the rest are outliers (mid-flip, debris).
    open_ = sorted((g for g in range(len(groups)) if marks[g] != "blank"),
                   key=lambda g: -len(groups[g]))
    for g in open_[4:]:
        reasons.append(f"tile colour {_hex(centres[g])} fits no role (too many colours)")
    open_ = open_[:4]
    fading = _fading(groups, centres, open_, page)
    reasons += fading.values()
    open_ = [g for g in open_ if g not in fading]
    if open_:
        costs = _role_costs([centres[g] for g in open_], profile or {}, tolerance)
        typed = {g for g, m in enumerate(marks) if m == "blank"}
        bad = _conflicts_if_correct(groups, tiles, typed)
        for k, g in enumerate(open_):
            costs[k]["G"] += CONFLICT * bad[g]
            if _fills_a_row(groups[g], tiles):
                costs[k]["Y"] += WIN_LOOK
            else:
                costs[k]["G"] += CONFLICTS_PROVE * max(0, bad[g] - 1)
            # Only a fourth colour, or a stray tile or two beside a much bigger colour, may go
            # without a role.
            small = len(groups[g]) <= 2 and 4 * len(groups[g]) <= len(groups[open_[0]])
            stray = k >= len(ROLES) or small
            # A colour no known palette has pays that prior on every role; leaving it without
            # one pays it too, or a lone tile of a page's own correct colour (the first one
            # seen, on a board standing still) would be taken for debris for ever.
            costs[k]["?"] = OUTLIER * len(groups[g]) + _prior_floor(centres[g]) if stray \
                else math.inf
        reasons += _assign(open_, costs, centres, marks)
    return Palette(tuple(centres), tuple(marks), tuple(reasons), tuple(members.tolist()))


def _prior_floor(lab: np.ndarray) -> float:
    """The known-palette cost this colour pays whatever role it gets (its least)."""
    return min(_prior_cost(float(delta_e(PRIOR_LABS[role], np.asarray(lab, np.float32)).min()))
               for role in ROLES)


def _fills_a_row(group: list[int], tiles: Sequence[TileColour]) -> bool:
    """Do this colour's tiles fill some row of the board from end to end?"""
    width = 1 + max(t.key[1] for t in tiles)
    per_row: dict[int, int] = {}
    for i in group:
        per_row[tiles[i].key[0]] = per_row.get(tiles[i].key[0], 0) + 1
    return any(n == width for n in per_row.values())


def _role_costs(centres: list[np.ndarray], profile: Mapping[str, np.ndarray],
                tolerance: float) -> list[dict[str, float]]:
    """Per colour, the cost of each role from its hue family, saturation and the priors."""
    chroma = [_chroma(c) for c in centres]
    lo, hi = min(chroma), max(chroma)
    near = {role: delta_e(PRIOR_LABS[role][None], np.asarray(centres)[:, None]).min(axis=1)
            for role in ROLES}  # each colour's distance to the nearest known one of a role
    out = []
    for k, (c, sat) in enumerate(zip(centres, chroma, strict=True)):
        fam = family(c)
        row = {}
        for role in ROLES:
            cost = HUE_COST[fam][role] + _prior_cost(float(near[role][k]))
            cost += _profile_cost(c, role, profile, tolerance)
            if role == "X" and hi - lo > NEUTRAL_CHROMA / 2:
                cost += LEAST_SATURATED * (sat - lo) / (hi - lo)  # absent: the least saturated
            row[role] = cost
        out.append(row)
    return out


OPTIONS = (*ROLES, "?")


def _combos(n: int) -> np.ndarray:
    """Every assignment of OPTIONS to n clusters with each role used at most once (rows of
    indices into OPTIONS); '?' may repeat."""
    rows = [c for c in itertools.product(range(len(OPTIONS)), repeat=n)
            if len([i for i in c if i < len(ROLES)]) == len({i for i in c if i < len(ROLES)})]
    return np.array(rows, np.intp).reshape(-1, n)


COMBOS = {n: _combos(n) for n in range(1, 5)}


def _assign(open_: list[int], costs: list[dict[str, float]], centres: list[np.ndarray],
            marks: list[str]) -> list[str]:
    """Give each open cluster the role of the cheapest assignment (roles used once, '?' any
    number of times), writing `marks`; a role without a clear MARGIN becomes '?'. Returns the
    reasons for every '?'."""
    combos = COMBOS[len(open_)]
    table = np.array([[cost[o] for o in OPTIONS] for cost in costs])  # (clusters, options)
    totals = table[np.arange(len(open_))[None, :], combos].sum(axis=1)
    totals -= COHERENT * _one_palette(combos, [centres[g] for g in open_])
    best_at = int(np.argmin(totals))
    best_cost, best = float(totals[best_at]), combos[best_at]
    unknown = len(ROLES)
    reasons = []
    for k, g in enumerate(open_):
        if best[k] == unknown:
            reasons.append(f"tile colour {_hex(centres[g])} fits no role")
            continue
        other = (combos[:, k] != best[k]) & (combos[:, k] != unknown)
        rival_at = int(np.argmin(np.where(other, totals, np.inf))) if other.any() else -1
        if rival_at >= 0 and float(totals[rival_at]) - best_cost < MARGIN:
            reasons.append(f"unsure whether tile colour {_hex(centres[g])} means "
                           f"{_NAMES[OPTIONS[best[k]]]} or {_NAMES[OPTIONS[combos[rival_at, k]]]}")
        else:
            marks[g] = OPTIONS[best[k]]
    return reasons


def _one_palette(combos: np.ndarray, centres: list[np.ndarray]) -> np.ndarray:
    """Per assignment, 1 when two or more of its colours are all one known palette's colours
    of those roles (within PRIOR_NEAR): a whole palette recognised says more than each colour
    alone (NYT's high-contrast orange means correct, an Okabe-Ito vermillion present)."""
    labs = np.asarray(centres, np.float32)
    # near[k, p, r]: colour k is palette p's colour of role r
    near = np.stack([delta_e(PRIOR_LABS[role][None], labs[:, None]) <= PRIOR_NEAR
                     for role in ROLES], axis=-1)
    near = np.concatenate([near, np.ones(near.shape[:2] + (1,), bool)], axis=-1)  # '?': any
    picked = near[np.arange(len(centres))[None, :], :, combos]  # (combos, clusters, palettes)
    assigned = (combos < len(ROLES)).sum(axis=1)
    return (np.any(np.all(picked, axis=1), axis=1) & (assigned >= 2)).astype(np.float64)


_NAMES = {"G": "correct", "Y": "present", "X": "absent"}
ROLE_OF = {"correct": "G", "present": "Y", "absent": "X"}  # calibration profile role -> mark


def _hex(lab: np.ndarray) -> str:
    """'#rrggbb' of a Lab colour (for reasons people read)."""
    r, g, b = (int(round(v)) for v in _lab_rgb(lab))
    return f"#{r:02x}{g:02x}{b:02x}"


TEXT_FLOOR = 0.8  # the page's text is at least this share of black-on-white contrast


def _text_share(contrast: float, ring_grey: float) -> float:
    """Ink contrast (+ lighter, - darker than the tile) as a share of the most a letter of
    that polarity could stand out from this tile (white or black ink)."""
    room = 255.0 - ring_grey if contrast >= 0 else ring_grey
    return abs(contrast) / max(room, 1.0)


def page_text_share(inked: Sequence[tuple[float, float]]) -> float:
    """How strongly this page's letters stand out from their tiles (share of the most
    possible), from the (contrast, ring grey) of its tiles with ink: the strongest of them,
    but never below TEXT_FLOOR (a page that shows only hints, or no letters yet)."""
    return max([TEXT_FLOOR, *(min(1.0, _text_share(c, g)) for c, g in inked)])


def is_hint(contrast: float, ring_grey: float, page_text: float) -> bool:
    """A letter far fainter than the page's own letters is a hint, not a typed letter."""
    return _text_share(contrast, ring_grey) < HINT_SHARE * page_text
