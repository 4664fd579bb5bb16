"""The inner loop of the reach sweep, compiled: one move played from every position of a class's bitset.

Each word of the bitset holds 64 positions that differ only in the first six
free holes, so one move is a few bit operations per word: mask the positions
that can play it, shift them to where the jump takes them, OR them into the
target word.  numba compiles the loop and spreads it over the cores: numpy
would walk the 1 GiB bitset of a 37-hole class once per operation, a dozen
times per move.  Each word is written by one iteration only (the target of
word i is i XOR a constant), so the threads never race on a write; a read may
see a word before or after another thread grows it, and since the sweep only
ever adds positions and repeats until nothing grows, either is right.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange


@njit(cache=True, inline="always")
def parity(x: int) -> int:
    x ^= x >> 32
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1


@njit(cache=True, inline="always")
def spread(t: int, fixed: np.ndarray) -> int:
    """The t-th word index with a zero at each of the (ascending) `fixed` bit numbers."""
    x = np.int64(t)
    for bit in fixed:
        x = ((x >> bit) << (bit + 1)) | (x & ((np.int64(1) << bit) - 1))
    return x


@njit(parallel=True, cache=True)
def play_everywhere(
    bits: np.ndarray,
    fixed: np.ndarray,
    need: int,
    flip: int,
    able: np.uint64,
    shift: int,
    check_words: np.ndarray,
    check_bits: np.ndarray,
    check_wanted: np.ndarray,
) -> int:
    """Add the position one move away from every position in `bits` that can play it; how many words grew.

    The move, split by where its holes' bits sit: in the word index (`fixed`
    bit numbers, the ones that must be set `need`, the flip `flip`), within the
    word (`able`, the slots that can play; `shift`, how far the jump moves a
    slot), or at a pivot, whose peg is the parity of some index bits: per
    check, those bits among the word's (`check_words`) and the slots where the
    bits within the word are odd (`check_bits`), and the parity wanted.
    """
    grown = 0
    for t in prange(bits.shape[0] >> fixed.shape[0]):
        i = spread(t, fixed) | need
        word = bits[i]
        if word == 0:
            continue
        mask = able
        for c in range(check_words.shape[0]):
            if (check_wanted[c] ^ parity(check_words[c] & i)) == 1:
                mask &= check_bits[c]
            else:
                mask &= ~check_bits[c]
        playing = word & mask
        if playing == 0:
            continue
        landed = playing << np.uint64(shift) if shift >= 0 else playing >> np.uint64(-shift)
        j = i ^ flip
        if bits[j] | landed != bits[j]:
            bits[j] |= landed
            grown += 1
    return grown
