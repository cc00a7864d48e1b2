"""Fixed node positions for the page, in time near-linear in the size of the graph.

A force layout that compares every pair of nodes (networkx's spring layout) is
quadratic: minutes at tens of thousands of nodes. Here each connected component
is placed on its own and the components are packed:

1. a start from pivot MDS (Brandes & Pich): breadth-first distances from a few
   dozen far-apart pivots, reduced to two dimensions, which lays out the global
   shape in O(pivots x edges);
2. a few dozen Fruchterman-Reingold rounds in which repulsion only acts between
   nodes closer than a few edge lengths (pairs found with a k-d tree), and each
   node is drawn gently towards the centre of its community, so communities read
   as groups;
3. components packed in rows, biggest first.

Everything is vectorised with numpy/scipy and seeded from node order only, so the
same graph gives the same positions (and the same page bytes) on every run.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components, dijkstra
from scipy.spatial import cKDTree

EDGE_LENGTH = 60.0  # page units between linked nodes: room for a label at the opening zoom
NEIGHBOURS = 12  # repulsion acts between a node and this many nearest others
SMALL = 4  # components up to this size are placed by hand (a row or a small ring)


@dataclass(frozen=True)
class Layout:
    x: np.ndarray
    y: np.ndarray


def layout(n: int, edges: list[tuple[int, int, float]], community: list[int] | None = None,
           iterations: int = 45, aspect: float = 1.6) -> Layout:
    """Positions for nodes 0..n-1 joined by weighted ``edges``; ``community`` groups nodes that should sit together."""
    if n == 0:
        return Layout(np.zeros(0), np.zeros(0))
    src = np.array([e[0] for e in edges], dtype=np.int64)
    dst = np.array([e[1] for e in edges], dtype=np.int64)
    weight = np.array([e[2] for e in edges], dtype=float)
    groups = np.asarray(community if community is not None else np.zeros(n), dtype=np.int64)
    adjacency = coo_matrix((np.ones(len(src)), (src, dst)), shape=(n, n)).tocsr()
    count, labels = connected_components(adjacency, directed=False)
    order = np.argsort(labels, kind="stable")
    members = np.split(order, np.cumsum(np.bincount(labels, minlength=count))[:-1])
    members.sort(key=lambda m: (-len(m), int(m[0])))
    local = np.zeros(n, dtype=np.int64)
    for nodes in members:
        local[nodes] = np.arange(len(nodes))
    edge_order = np.argsort(labels[src], kind="stable")
    edge_groups = np.split(edge_order, np.cumsum(np.bincount(labels[src], minlength=count))[:-1])
    boxes: list[tuple[np.ndarray, np.ndarray]] = []
    for nodes in members:
        mine = edge_groups[labels[nodes[0]]]
        pos = _component(len(nodes), local[src[mine]], local[dst[mine]], weight[mine], groups[nodes], iterations,
                         aspect if not boxes else 1.0)
        boxes.append((nodes, pos))
    x, y = np.zeros(n), np.zeros(n)
    for nodes, pos in _pack(boxes):
        x[nodes], y[nodes] = pos[:, 0], pos[:, 1]
    return Layout(x, y)


def _component(n: int, src: np.ndarray, dst: np.ndarray, weight: np.ndarray, groups: np.ndarray, iterations: int,
               aspect: float) -> np.ndarray:
    if n <= SMALL:
        angle = np.arange(n) * (2 * np.pi / max(n, 1))
        radius = 0.0 if n == 1 else (0.5 if n == 2 else 0.6)
        return np.column_stack([radius * np.cos(angle), radius * np.sin(angle)]) * EDGE_LENGTH
    pos = _pivot_mds(n, src, dst)
    pos = _refine(pos, src, dst, weight, groups, iterations)
    return _orient(pos, aspect)


def _pivot_mds(n: int, src: np.ndarray, dst: np.ndarray, pivots: int = 40) -> np.ndarray:
    """Classical MDS on the distances to a few far-apart pivots (max-min choice, starting at the best-linked node)."""
    # Symmetric once, then searched as directed: an undirected search would transpose the matrix per pivot.
    graph = coo_matrix((np.ones(2 * len(src)), (np.concatenate([src, dst]), np.concatenate([dst, src]))), shape=(n, n)).tocsr()
    degree = np.bincount(src, minlength=n) + np.bincount(dst, minlength=n)
    chosen = [int(np.argmax(degree))]
    rows = []
    nearest = np.full(n, np.inf)
    for _ in range(min(pivots, n)):
        row = dijkstra(graph, directed=True, unweighted=True, indices=chosen[-1])
        rows.append(row)
        nearest = np.minimum(nearest, row)
        candidate = int(np.argmax(nearest))
        if nearest[candidate] == 0:
            break
        chosen.append(candidate)
    distance = np.array(rows).T  # n x k
    squared = distance ** 2
    centred = squared - squared.mean(axis=0) - squared.mean(axis=1, keepdims=True) + squared.mean()
    centred *= -0.5
    # The top two right singular vectors from the small k x k eigenproblem: no n x k decomposition.
    _, vectors = np.linalg.eigh(centred.T @ centred)
    top = vectors[:, ::-1][:, :2]
    top = top * np.where(top[np.argmax(np.abs(top), axis=0), range(top.shape[1])] < 0, -1.0, 1.0)  # fixed signs
    pos = centred @ top if top.shape[1] >= 2 else np.column_stack([centred @ top[:, 0], np.zeros(n)])
    # Nodes at the same distance from every pivot would coincide; a tiny fixed spiral separates them.
    index = np.arange(n)
    pos = pos + 0.05 * np.column_stack([np.cos(index * 2.39996), np.sin(index * 2.39996)]) * (np.sqrt(index + 1) / np.sqrt(n))[:, None]
    spread = np.sqrt(((pos - pos.mean(axis=0)) ** 2).sum(axis=1).mean()) or 1.0
    return (pos - pos.mean(axis=0)) / spread * np.sqrt(n) * 0.5  # about one unit of edge length per node


def _refine(pos: np.ndarray, src: np.ndarray, dst: np.ndarray, weight: np.ndarray, groups: np.ndarray,
            iterations: int) -> np.ndarray:
    """Fruchterman-Reingold with repulsion cut off at ``reach`` edge lengths: O(n log n) per round."""
    n = len(pos)
    reach = 3.5
    degree = np.bincount(src, minlength=n) + np.bincount(dst, minlength=n)
    _, group_index = np.unique(groups, return_inverse=True)
    # Links across communities pull less than links inside one, so each community gathers into a group.
    pull = (np.log1p(weight) + 1.0) * np.where(group_index[src] == group_index[dst], 1.0, 0.12)
    group_size = np.bincount(group_index).astype(float)
    temperature = np.sqrt(n) * 0.1 + 1.0
    for step in range(iterations):
        force = np.zeros_like(pos)
        # Each node is pushed by its nearest few within reach only: a fixed amount of work per node, however
        # dense a region gets. Neighbours move little between rounds, so the lists are refreshed every third.
        if step % 3 == 0:
            dist, near = cKDTree(pos).query(pos, k=NEIGHBOURS + 1, distance_upper_bound=reach)
            found = np.isfinite(dist[:, 1:])
            i = np.repeat(np.arange(n), NEIGHBOURS)[found.ravel()]
            j = near[:, 1:][found]
            # Hubs push harder (as in ForceAtlas2), so the most linked entities do not pile up in the middle.
            hub = np.sqrt((degree[i] + 1.0) * (degree[j] + 1.0))
        if len(i):
            delta = pos[i] - pos[j]
            d = np.maximum(np.hypot(delta[:, 0], delta[:, 1]), 0.01)
            strength = np.maximum(1.0 / d - d / reach ** 2, 0.0) * hub
            push = delta / d[:, None] * strength[:, None]
            force[:, 0] += np.bincount(i, push[:, 0], n)
            force[:, 1] += np.bincount(i, push[:, 1], n)
        if len(src):
            delta = pos[src] - pos[dst]
            dist = np.maximum(np.hypot(delta[:, 0], delta[:, 1]), 0.01)
            pull_force = delta * (dist * pull)[:, None]
            force[:, 0] -= np.bincount(src, pull_force[:, 0], n) - np.bincount(dst, pull_force[:, 0], n)
            force[:, 1] -= np.bincount(src, pull_force[:, 1], n) - np.bincount(dst, pull_force[:, 1], n)
        centre = np.column_stack([np.bincount(group_index, pos[:, 0]), np.bincount(group_index, pos[:, 1])]) / group_size[:, None]
        force -= 0.8 * (pos - centre[group_index])
        force -= 0.01 * (pos - pos.mean(axis=0))  # a weak gravity keeps loose ends close
        length = np.maximum(np.hypot(force[:, 0], force[:, 1]), 1e-9)
        cool = temperature * (1.0 - step / iterations) + 0.05
        pos = pos + force / length[:, None] * np.minimum(length, cool)[:, None]
    return pos


def _orient(pos: np.ndarray, aspect: float) -> np.ndarray:
    """Long axis horizontal, stretched towards the screen's aspect, scaled to page units."""
    pos = pos - np.median(pos, axis=0)
    # A few long chains would set the zoom for everything: pull nodes beyond most of the rest inwards
    # (logarithmically, so their order from the centre is kept).
    radius = np.hypot(pos[:, 0], pos[:, 1])
    edge = np.quantile(radius, 0.9) * 1.1 + 1.0
    far = radius > edge
    pos[far] *= ((edge + np.log1p(radius[far] - edge)) / radius[far])[:, None]
    pos = pos - pos.mean(axis=0)
    _, _, vt = np.linalg.svd(pos, full_matrices=False)
    if vt[0, 0] < 0:  # a fixed sign, so a mirror image never depends on the solver
        vt[0] = -vt[0]
    if vt[1, 1] < 0:
        vt[1] = -vt[1]
    pos = pos @ vt.T
    width, height = np.ptp(pos[:, 0]) or 1.0, np.ptp(pos[:, 1]) or 1.0
    stretch = min(max(aspect * height / width, 1.0), 1.5)
    pos[:, 0] *= stretch
    return pos * EDGE_LENGTH


def _pack(boxes: list[tuple[np.ndarray, np.ndarray]]) -> list[tuple[np.ndarray, np.ndarray]]:
    """Components in rows under the biggest, each row as wide as the biggest component."""
    if not boxes:
        return []
    gap = EDGE_LENGTH * 0.8
    placed = []
    first_nodes, first = boxes[0]
    left, top = first[:, 0].min(), first[:, 1].min()
    width = max(np.ptp(first[:, 0]), EDGE_LENGTH * 12)
    placed.append((first_nodes, first - [left, top]))
    x, y, row = 0.0, np.ptp(first[:, 1]) + 2 * gap, 0.0
    for nodes, pos in boxes[1:]:
        w, h = np.ptp(pos[:, 0]), np.ptp(pos[:, 1])
        if x > 0 and x + w > width:
            x, y, row = 0.0, y + row + gap, 0.0
        placed.append((nodes, pos - [pos[:, 0].min(), pos[:, 1].min()] + [x, y]))
        x += w + gap
        row = max(row, h)
    return placed
