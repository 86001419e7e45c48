"""The statements of study 9 with their proofs, written around the study's own numbers: the
bijection between legal fillings and border-rooted forests, why that is not a spanning-tree
count, the two determinant bounds, the closed form of the wired determinants, and the growth
constant 2G/pi with its rate. Each is a ``proof`` figure; the study's tables check them."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pencilbox.puzzles.slant.studies import forest_checks as fc
from pencilbox.studies import Params, figure, statement

Size = tuple[int, int]
SINE_POINTS = 100_000  # the midpoint rule's points for the integral behind 4G


def _text(paragraph: str) -> str:
    """A paragraph written over several source lines, as one line."""
    return " ".join(paragraph.split())


OPEN = _text("""Open: whether the exact count has a polynomial-time method. The legal fillings are the
    groves of Kenyon and Wilson (spanning forests of a circular planar graph whose every tree holds a
    node; here the nodes are the R + C border points), who show the number of groves with a given
    non-crossing partition of the nodes to be a polynomial in the response matrix S. The count is the sum
    of those numbers over all non-crossing partitions, a Catalan number of them, and the one such sum we
    can do in closed form, det(I + S) = apex/wired, weighs each grove by the product of its blocks'
    sizes. We know no way round that sum, nor a proof that there is none.""")


def bijection(p: Params, brute: dict[Size, dict[str, Any]]) -> dict[str, Any]:
    boards = len(brute)
    fillings = sum(2 ** (r * c) for r, c in brute)
    misses = sum(e["rule_misses_0"] + e["rule_misses_1"] for e in brute.values())
    claim = _text("""Colour the lattice point (i, j) by (i + j) mod 2. Let G_k be the graph on the points
        of colour k whose edges are the cells' diagonals of colour k (every cell has one diagonal of each
        colour, so G_k has one edge per cell), and B_k its points on the border. A filling chooses in
        each cell its colour-0 or its colour-1 diagonal; let F_k be the cells that choose colour k. The
        filling has no loop if and only if F_0 is a forest in G_0 whose every tree, a lone point
        included, holds a point of B_0. So the legal fillings are in bijection with the border-rooted
        spanning forests of G_0, and likewise with those of G_1.""")
    proof = [
        _text("""A loop of diagonals runs through points of one colour (a diagonal keeps i + j mod 2), so
            a filling is legal exactly when F_0 has no cycle in G_0 and F_1 has none in G_1."""),
        _text("""G_1 is connected and drawn in the plane without crossings (two diagonals of one colour
            lie in different cells). Around each interior point of colour 0 its four cells' colour-1
            diagonals close a diamond: these are G_1's bounded faces, and there are no others, since
            Euler's formula gives F = E − V + 2 = RC − V_1 + 2 faces, one more than the interior points
            of colour 0 (V_0 + V_1 = (R + 1)(C + 1), and R + C points of colour 0 lie on the border); the
            outer face holds every border point of colour 0. A cell's colour-0 diagonal crosses its
            colour-1 diagonal once and joins the faces of its two colour-0 corners. So the planar dual of
            G_1 is G_0 with B_0 merged into one vertex b, the dual edge of a cell's colour-1 diagonal
            being the same cell's colour-0 diagonal."""),
        _text("""In a connected plane graph H, a set S of edges holds a cycle exactly when the duals of
            the edges not in S fail to connect the dual graph: a cycle of S separates the faces inside it
            from those outside and no dual edge of the rest crosses it; conversely a cut of the dual that
            the rest avoids holds a bond, and the edges crossing a bond form a cycle, in S. Take H = G_1
            and S = F_1: the rest is F_0, so F_1 has no cycle exactly when F_0 connects every point of
            G_0 to the merged border b, that is, when every tree of F_0 holds a point of B_0. Add that
            F_0 must have no cycle of its own."""),
    ]
    checked = _text(f"""every one of the {fillings:,} fillings of the {boards} boards R ≤ C of at most
        {p['brute_cells']} cells is judged both ways, by a union-find over all the lattice points and by
        the rule on each colour: they disagree {misses} times (the table of small boards).""")
    return figure("proof", statement(claim, proof, checked),
                  title="The bijection: a legal filling is a border-rooted spanning forest of one colour's "
                        "graph",
                  lead=f"A filling has no loop exactly when its diagonals of one colour form a forest whose "
                       f"every tree reaches the border (checked on all {fillings:,} fillings of {boards} "
                       "small boards).")


def not_kirchhoff(p: Params, sizes: dict[Size, dict[str, Any]], counts: dict[Size, int],
                  brute: dict[Size, dict[str, Any]]) -> dict[str, Any]:
    two = sizes[2, 2]
    fillings = brute[2, 2]["fillings"] if (2, 2) in brute else counts[2, 2]
    n = max(m for m, k in counts if m == k)
    rec = sizes[n, n]
    over = math.log2(counts[n, n]) - math.log2(max(rec["wired_0"], rec["wired_1"]))
    claim = _text(f"""Kirchhoff's theorem on these graphs does not give the count. By the matrix-tree
        theorem, the wired determinant det(Laplacian of G_k with B_k's rows and columns deleted) counts
        the spanning trees of G_k with B_k merged into one vertex, which are the forests of G_k whose
        every tree holds exactly one border point; a legal filling's forest may join several border
        points in one tree, so the fillings are more. On the 2×2 board the wired determinants are
        {two['wired_0']} and {two['wired_1']}, the legal fillings {fillings}.""")
    proof = [_text(f"""On 2×2, G_0 is the star from the centre (1, 1) to the four corners, all on the
        border. Merging the corners leaves the centre joined to one vertex by four parallel edges:
        {two['wired_0']} spanning trees, one edge each. The border-rooted forests are the nonempty sets
        of the four edges (the centre alone would be a tree without a border point): 2^4 − 1 =
        {fillings}. On the other colour, G_1 is the 4-cycle through the four side midpoints, all on the
        border: its border-rooted forests are its acyclic edge sets, again 2^4 − 1 = {fillings} (all but
        the diamond around the centre, the seed's count), while merging its four points leaves
        {two['wired_1']} spanning tree. The count exceeds the larger wired determinant by a factor of at
        most 3^(R+C) (the next statement), which grows with the border: on {n}×{n} it is 2^{over:.1f}.
        (Any number is the spanning-tree count of some graph, a cycle of that length; what fails is the
        hope that a Kirchhoff determinant of these lattice graphs gives it.)""")]
    checked = _text("""the 2×2 values are computed by the determinants (forests.py) and by enumerating
        the 16 fillings; the ratio of count to wired determinant is measured on every board the transfer
        matrix reaches (the table of the bounds beside the exact counts).""")
    return figure("proof", statement(claim, proof, checked),
                  title="Why Kirchhoff's theorem on these graphs does not count the fillings (issue 49's "
                        "premise)",
                  lead=f"Kirchhoff counts only the forests whose every tree holds one border point: "
                       f"{two['wired_0']} on the 2×2 board against its {fillings} legal fillings.",
                  note=OPEN)


def bounds(counts: dict[Size, int], inside: int, worst: float) -> dict[str, Any]:
    claim = _text("""Let wired_k = det(Λ_k with the rows and columns of B_k deleted) and apex_k = det(Λ_k
        + D_k), Λ_k the Laplacian of G_k and D_k the diagonal matrix with 1 on B_k. Then for k = 0 and 1,
        wired_k ≤ count ≤ apex_k, apex_k ≤ 3^(R+C) wired_k, and count ≥ apex_k / m(R + C), m(s) the
        largest product of positive integers adding up to s (3^(s/3) when 3 divides s). All four
        determinants take polynomial time.""")
    proof = [
        _text("""The all-minors matrix-tree theorem: for any diagonal X = diag(x_v), det(Λ + X) = Σ_F Π_T
            Σ_{v∈T} x_v, the sum over all spanning forests F and the product over their trees T (expand
            the determinant multilinearly in the diagonal; the coefficient of Π_{v∈S} x_v is the minor of
            Λ with S deleted, which by Kirchhoff on G with S merged counts the forests whose every tree
            holds exactly one point of S). With x = 1 on B_k and 0 elsewhere, a tree without a border
            point gives a factor 0, so apex_k = Σ_F Π_T |T ∩ B_k| over the border-rooted forests, the
            legal fillings by the bijection, and each term is at least 1: count ≤ apex_k. wired_k is the
            coefficient with S = B_k: it counts the forests whose every tree holds exactly one border
            point, all of them border-rooted: wired_k ≤ count."""),
        _text("""The trees of a border-rooted forest split the border points into positive parts, so each
            term Π_T |T ∩ B_k| is at most m(|B_k|), and |B_k| = R + C because the 2(R + C) border points
            alternate colours: count ≥ apex_k / m(R + C)."""),
        _text("""Write Λ_k + D_k in blocks, border and interior: det(Λ_k + D_k) = det(Λ_II) det(I + S)
            with Λ_II the interior block (det(Λ_II) = wired_k; invertible because G_k is connected and
            B_k is not empty) and S = Λ_BB − Λ_BI Λ_II⁻¹ Λ_IB, the Schur complement: the response matrix
            of G_k seen from its border, positive semidefinite. Its eigenvalues σ_i ≥ 0 give det(I + S) =
            Π(1 + σ_i) ≤ (1 + tr S / |B_k|)^|B_k| (the means' inequality). By Dirichlet's principle S_bb
            is the least energy Σ_edges (f(x) − f(y))² of a function with f(b) = 1 and f = 0 on the other
            border points, at most the energy of the indicator of b, deg(b) ≤ 2 (a border point has at
            most two diagonal neighbours). So det(I + S) ≤ 3^(R+C)."""),
    ]
    checked = _text(f"""all {len(counts)} exact counts of the transfer matrix lie inside their bounds
        ({inside} inside); on every R×C board computed, ln(apex/wired) per border point is at most
        {worst} < ln 3 = {math.log(3):.4f}; the enumeration of the small boards recounts wired_k and
        apex_k from the fillings themselves.""")
    return figure("proof", statement(claim, proof, checked),
                  title="Two determinants bound the count, and stay within 3^(R+C) of each other",
                  lead="wired ≤ count ≤ apex, apex ≤ 3^(R+C) wired and count ≥ apex / m(R + C), every one of "
                       "them a determinant computed in polynomial time.")


def wired_product(sizes: dict[Size, dict[str, Any]]) -> dict[str, Any]:
    eigen = sum(bool(rec["eigen"]) for rec in sizes.values())
    claim = _text("""wired_0 · wired_1 = Π_{a=1}^{R−1} Π_{b=1}^{C−1} (4 − 4 cos(πa/R) cos(πb/C)), and
        wired_0 = wired_1 unless R and C are both even, when wired_0 = 4 · wired_1: wired_1 is the
        product of one eigenvalue from each pair {(a, b), (R − a, C − b)}, and wired_0 the same times the
        4 of the pair's fixed point (R/2, C/2) when there is one.""")
    proof = [
        _text("""Every interior point has its four diagonal neighbours on the board, so on the interior
            points of both colours the two wired matrices together act as (Mf)(i, j) = 4 f(i, j) − Σ f(i
            ± 1, j ± 1), with f = 0 on the border; M is the direct sum of wired_0's and wired_1's
            matrices (a diagonal step keeps the colour). The (R − 1)(C − 1) functions φ_ab(i, j) =
            sin(πai/R) sin(πbj/C), 1 ≤ a < R, 1 ≤ b < C, vanish on the border and form a basis; since Σ
            φ_ab(i ± 1, j ± 1) = 4 cos(πa/R) cos(πb/C) φ_ab(i, j), each is an eigenvector of M with
            eigenvalue λ_ab = 4 − 4 cos(πa/R) cos(πb/C). So det M = Π λ_ab."""),
        _text("""As sin(π(R − a)i/R) = −(−1)^i sin(πai/R), φ_{R−a,C−b} = (−1)^(i+j) φ_ab, with the same
            eigenvalue. For a pair (a, b) ≠ (R − a, C − b) the two span the same plane as φ_ab restricted
            to each colour, so the pair gives λ_ab once to each colour's matrix. The pair is one point
            only when R and C are even, at (R/2, C/2): λ = 4 and φ = sin(πi/2) sin(πj/2) is nonzero only
            where i and j are both odd, on colour 0."""),
    ]
    checked = _text(f"""the product, evaluated in big-integer fixed point (forest_checks.py) and rounded,
        equals both wired determinants of the elimination on {eigen} of the {len(sizes)} boards computed.""")
    return figure("proof", statement(claim, proof, checked),
                  title="The wired determinants in closed form: a product of eigenvalues",
                  lead="The wired determinants are products of the eigenvalues 4 − 4 cos(πa/R) cos(πb/C), "
                       "equal for the two colours, or 4 to 1 when both sides are even.")


def sine_integral(points: int) -> float:
    """The integral of ln(2 + 2 sin t) over [0, pi] by the midpoint rule (numpy): 4G, as the proof says."""
    t = (np.arange(points) + 0.5) * (math.pi / points)
    return float(np.sum(np.log(2 + 2 * np.sin(t))) * math.pi / points)


def remainder(rec: dict[str, Any], n: int) -> float:
    """ln(wired_0 wired_1) less its expansion (4G/pi) n^2 - 2n ln 2 - ln n on the n x n board."""
    expansion = 4 * fc.catalan() / math.pi * n * n - 2 * n * math.log(2) - math.log(n)
    return math.log(rec["wired_0"]) + math.log(rec["wired_1"]) - expansion


def growth(p: Params, sizes: dict[Size, dict[str, Any]]) -> dict[str, Any]:
    n = p["square"]
    g = fc.catalan()
    nats, bits = 2 * g / math.pi, 2 * g / math.pi / math.log(2)
    half = max(2, n // 2)
    claim = _text(f"""As R and C grow, ln(count)/(RC) → 2G/π = {nats:.7f} nats, {bits:.7f} bits per cell
        (G = {g:.10f}, Catalan's constant), with ln(count)/(RC) = 2G/π + O(1/R + 1/C). More precisely
        ln(wired_0 wired_1) = (4G/π) RC − (R + C) ln 2 − ln R + O(1 + R/C + C/R), so on the n×n board
        log2 wired_0 = {bits:.7f} n² − n − ½ log2 n + O(1) and log2 count lies between that and the same
        plus 2n log2 3.""")
    proof = [
        _text("""By the bounds, ln wired_0 ≤ ln count ≤ ln wired_0 + (R + C) ln 3, and by the closed form
            2 ln wired_0 = ln(wired_0 wired_1) + (ln 4 or 0) = Σ_{a,b} ln λ_ab + O(1)."""),
        _text("""Fix a, θ = πa/R and c = |cos θ| (the numbers cos(πb/C) are symmetric about 0, so the
            sign of cos θ does not matter). They are the C − 1 roots of the Chebyshev polynomial U_{C−1},
            whose leading coefficient is 2^(C−1), so Π_b (4 − 4 c cos(πb/C)) = (2c)^(C−1) U_{C−1}(1/c).
            Write 1/c = cosh φ: then U_{C−1}(cosh φ) = sinh(Cφ)/sinh φ, e^φ = (1 + sin θ)/c and sinh φ =
            sin θ/c, and the product is (2 + 2 sin θ)^C (1 − e^(−2Cφ)) / (4 sin θ) (at c = 0, 4^(C−1),
            its limit)."""),
        _text("""Sum the logarithms over a = 1 .. R − 1. The classic Π_a 2 sin(πa/R) = R gives Σ_a ln(4
            sin(πa/R)) = ln R + (R − 1) ln 2. The function h(θ) = ln(2 + 2 sin θ) is smooth on [0, π]
            with h(0) = h(π) = ln 2, so the trapezoid rule gives Σ_{a=1}^{R−1} h(πa/R) = (R/π) ∫_0^π h −
            ln 2 + O(1/R), and ∫_0^π ln(2 + 2 sin θ) dθ = π ln 2 + ∫_0^π ln(1 + sin θ) dθ = π ln 2 + (4G
            − π ln 2) = 4G. Since φ ≥ θ for θ ≤ π/2 (and φ ≥ π − θ beyond), the terms ln(1 − e^(−2Cφ_a))
            add up to O(1 + R/C). Together: ln(wired_0 wired_1) = C((4G/π) R − ln 2) − ln R − (R − 1) ln
            2 + O(1 + R/C + C/R), which is the claim, and with the bounds ln count = (2G/π) RC + O(R +
            C)."""),
        _text("""So the count grows as the spanning trees of the square lattice do: G_0 is that lattice
            turned by 45°, with about RC/2 points carrying the RC cells as edges, and 4G/π per point is
            its spanning-tree entropy (Kasteleyn; Temperley), half of it per cell."""),
    ]
    checked = _text(f"""the midpoint rule on {SINE_POINTS:,} points gives ∫_0^π ln(2 + 2 sin θ) dθ =
        {sine_integral(SINE_POINTS):.9f} against 4G = {4 * g:.9f}; the O(1) left over on n×n, ln(wired_0
        wired_1) − [(4G/π) n² − 2n ln 2 − ln n], is {remainder(sizes[half, half], half):.6f} at n =
        {half} and {remainder(sizes[n, n], n):.6f} at n = {n}, settling on a constant as the proof says;
        the fits below find the same −n and −½ log2 n in the wired determinants (G by Ramanujan's fast
        series).""")
    return figure("proof", statement(claim, proof, checked),
                  title="The growth constant: 2G/π nats per cell, half the square lattice's spanning-tree "
                        "entropy",
                  lead=f"The count grows like e^((2G/π) RC): {bits:.7f} bits per cell in the limit, "
                       "approached with an O(1/R + 1/C) correction.")


def statements(p: Params, sizes: dict[Size, dict[str, Any]], counts: dict[Size, int],
               brute: dict[Size, dict[str, Any]], inside: int, worst: float) -> dict[str, dict[str, Any]]:
    """The five proof figures, in the order the page reads them."""
    return {"bijection": bijection(p, brute), "not_kirchhoff": not_kirchhoff(p, sizes, counts, brute),
            "bounds": bounds(counts, inside, worst), "wired_product": wired_product(sizes),
            "growth": growth(p, sizes)}
