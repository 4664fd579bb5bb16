"""The loop of the Sudoku search: propagation and resumable depth-first search over bitmask arrays.

Written in the subset of Python that numba compiles (`compiled.py`), and
importing nothing, so that the same functions also run as they are: a small
board's first search nodes are searched by Python itself (`search.py`), which
spares loading numba and the compiled loop, half a second, where the search
takes a millisecond.  Apart from `search`, so that importing the engine (every
command does) does not read it.
"""

from __future__ import annotations

# reg: the search's registers, kept between chunks
DEPTH, PHASE, COUNT, FINISHED = range(4)
EXPAND, NEXT_BRANCH = 0, 1


def propagate(cand, done, queue, peers, npeers, units, popc, low, cage_cells, cage_len, cage_total, combos, full):
    """Narrow `cand` in place until nothing changes; False when a cell or a unit has nothing left.

    done[c]: 0 open, 1 single and queued, 2 single and taken from its peers.
    """
    n_cells = cand.shape[0]
    head = 0
    tail = 0
    for c in range(n_cells):
        if done[c] == 0 and popc[cand[c]] == 1:
            done[c] = 1
            queue[tail] = c
            tail += 1
    max_sum = combos.shape[2] - 1
    while True:
        while head < tail:
            c = queue[head]
            head += 1
            v = cand[c]
            done[c] = 2
            for k in range(npeers[c]):
                p = peers[c, k]
                if cand[p] & v:
                    m = cand[p] & ~v
                    if m == 0:
                        return False
                    cand[p] = m
                    if done[p] == 0 and popc[m] == 1:
                        done[p] = 1
                        queue[tail] = p
                        tail += 1
        for u in range(units.shape[0]):
            once = 0
            twice = 0
            for i in range(units.shape[1]):
                m = cand[units[u, i]]
                twice |= once & m
                once |= m
            if once != full:
                return False
            hidden = once & ~twice
            while hidden:
                b = hidden & -hidden
                hidden ^= b
                for i in range(units.shape[1]):
                    c = units[u, i]
                    if cand[c] & b:
                        if cand[c] != b:
                            cand[c] = b
                            if done[c] == 0:
                                done[c] = 1
                                queue[tail] = c
                                tail += 1
                        break
        for k in range(cage_len.shape[0]):
            placed = 0
            placed_sum = 0
            open_cells = 0
            for i in range(cage_len[k]):
                m = cand[cage_cells[k, i]]
                if popc[m] == 1:
                    if placed & m:
                        return False
                    placed |= m
                    placed_sum += low[m] + 1
                else:
                    open_cells += 1
            rest = cage_total[k] - placed_sum
            if open_cells == 0:
                if rest != 0:
                    return False
                continue
            if rest <= 0 or rest > max_sum:
                return False
            allowed = combos[full & ~placed, open_cells, rest]
            for i in range(cage_len[k]):
                c = cage_cells[k, i]
                m = cand[c]
                if popc[m] > 1 and m & ~allowed:
                    m &= allowed
                    if m == 0:
                        return False
                    cand[c] = m
                    if done[c] == 0 and popc[m] == 1:
                        done[c] = 1
                        queue[tail] = c
                        tail += 1
        if head == tail:
            return True


def run(cand, done, queue, todo, branch, reg, solutions, limit, max_nodes, peers, npeers, units, popc, low,
        cage_cells, cage_len, cage_total, combos, full):  # fmt: skip
    """Search on from where `reg` says for up to `max_nodes` guesses; returns the guesses made.

    cand[d], done[d] are the board at depth d; branch[d] the cell guessed
    there and todo[d] its values not tried yet.  Stops for good (reg[FINISHED])
    when the tree is done or `limit` completions are found.
    """
    n_cells = cand.shape[1]
    d = reg[DEPTH]
    phase = reg[PHASE]
    count = reg[COUNT]
    spent = 0
    while True:
        if phase == EXPAND:
            best = -1
            fewest = 99
            for c in range(n_cells):
                k = popc[cand[d, c]]
                if 1 < k < fewest:
                    fewest = k
                    best = c
                    if k == 2:
                        break
            if best < 0:
                if count < solutions.shape[0]:
                    for c in range(n_cells):
                        solutions[count, c] = low[cand[d, c]] + 1
                count += 1
                if count >= limit:
                    reg[FINISHED] = 1
                    break
                d -= 1
                phase = NEXT_BRANCH
            else:
                branch[d] = best
                todo[d] = cand[d, best]
                phase = NEXT_BRANCH
        else:
            if d < 0:
                reg[FINISHED] = 1
                break
            t = todo[d]
            if t == 0:
                d -= 1
                continue
            b = t & -t
            todo[d] = t ^ b
            cand[d + 1, :] = cand[d, :]
            done[d + 1, :] = done[d, :]
            cand[d + 1, branch[d]] = b
            spent += 1
            if propagate(cand[d + 1], done[d + 1], queue, peers, npeers, units, popc, low,
                         cage_cells, cage_len, cage_total, combos, full):  # fmt: skip
                d += 1
                phase = EXPAND
            if spent >= max_nodes:
                break
    reg[DEPTH] = d
    reg[PHASE] = phase
    reg[COUNT] = count
    return spent


def dead_ends(cand, out, scratch, done, queue, peers, npeers, units, popc, low, cage_cells, cage_len, cage_total,
              combos, full):  # fmt: skip
    """Each open cell's values whose supposition `propagate` takes to a dead end, as a mask in `out`: the trials
    of a step's ladder (`chains`) in one call rather than one call a candidate."""
    n_cells = cand.shape[0]
    for c in range(n_cells):
        out[c] = 0
        t = cand[c]
        if popc[t] < 2:
            continue
        while t:
            b = t & -t
            t ^= b
            scratch[:] = cand
            scratch[c] = b
            done[:] = 0
            if not propagate(scratch, done, queue, peers, npeers, units, popc, low,
                             cage_cells, cage_len, cage_total, combos, full):  # fmt: skip
                out[c] |= b


# ---------------------------------------------------------------- tables
