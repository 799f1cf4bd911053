"""The child-sum Tree-LSTM sentence encoder (Tai, Socher and Manning, 2015).

A batch of sentence trees is one ``torch_geometric`` graph. Nodes are processed level by level,
from the leaves (height 0) up: every node of a level has all its children done, so a level is a
handful of dense matrix products over all its nodes at once plus two scatter-sums from children
to parents, whatever the number of sentences in the batch.

Each node j with input x_j and children C(j):

    h̃_j = Σ_k h_k                          (child-sum: order-free, like Esperanto's word order)
    i, o, u = σ(W_i x + U_i h̃), σ(W_o x + U_o h̃), tanh(W_u x + U_u h̃)
    f_jk = σ(W_f x_j + U_f h_k)              (one forget gate per child)
    c_j = i ⊙ u + Σ_k f_jk ⊙ c_k,   h_j = o ⊙ tanh(c_j)

The sentence vector is a projection of [h_root; mean of all h], L2-normalised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F  # noqa: N812
from torch_geometric.data import Batch
from torch_geometric.utils import scatter

from klareco.models.trees import SentenceTree, stack_trees
from klareco.models.vocabulary import PAD


@dataclass(frozen=True)
class EncoderConfig:
    """Sizes of the encoder; stored with the weights."""

    morpheme_count: int
    feature_count: int
    embedding_dim: int = 128
    hidden_dim: int = 192
    output_dim: int = 256

    def to_dict(self) -> dict[str, int]:
        return asdict(self)


class ChildSumTreeLSTM(nn.Module):
    """Child-sum Tree-LSTM cell applied to a whole batch, level by level."""

    def __init__(self, input_dim: int, hidden_dim: int) -> None:
        super().__init__()
        self.hidden_dim = hidden_dim
        self.input_gates = nn.Linear(input_dim, 4 * hidden_dim)  # i, o, u and f from x
        self.hidden_iou = nn.Linear(hidden_dim, 3 * hidden_dim, bias=False)
        self.hidden_forget = nn.Linear(hidden_dim, hidden_dim, bias=False)

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor,
                level: torch.Tensor) -> torch.Tensor:
        """Hidden state of every node. ``edge_index`` is child → parent; ``level`` the height."""
        size = self.hidden_dim
        gates_x = self.input_gates(x)
        iou_x, forget_x = gates_x[:, :3 * size], gates_x[:, 3 * size:]
        count = x.size(0)
        h = x.new_zeros(count, size)
        c = x.new_zeros(count, size)
        child, parent = edge_index
        parent_level = level[parent]
        for height in range(int(level.max()) + 1 if count else 0):
            nodes = (level == height).nonzero(as_tuple=True)[0]
            iou = iou_x[nodes]
            if height > 0:
                edges = (parent_level == height).nonzero(as_tuple=True)[0]
                kids, parents = child[edges], parent[edges]
                # position of each parent within this level's node list
                slot = torch.empty(count, dtype=torch.long)
                slot[nodes] = torch.arange(nodes.numel())
                target = slot[parents]
                h_kids, c_kids = h[kids], c[kids]
                h_sum = scatter(h_kids, target, dim=0, dim_size=nodes.numel(), reduce="sum")
                forget = torch.sigmoid(forget_x[parents] + self.hidden_forget(h_kids))
                c_sum = scatter(forget * c_kids, target, dim=0, dim_size=nodes.numel(),
                                reduce="sum")
                iou = iou + self.hidden_iou(h_sum)
            i, o, u = iou.chunk(3, dim=1)
            c_new = torch.sigmoid(i) * torch.tanh(u)
            if height > 0:
                c_new = c_new + c_sum
            h_new = torch.sigmoid(o) * torch.tanh(c_new)
            # out-of-place so that autograd keeps every level's values
            h = h.index_copy(0, nodes, h_new)
            c = c.index_copy(0, nodes, c_new)
        return h


class TreeEncoder(nn.Module):
    """Word-node embeddings → Tree-LSTM → normalised sentence vector."""

    def __init__(self, config: EncoderConfig) -> None:
        super().__init__()
        self.config = config
        self.morphemes = nn.Embedding(config.morpheme_count, config.embedding_dim,
                                      padding_idx=PAD)
        self.features = nn.Embedding(config.feature_count, config.embedding_dim,
                                     padding_idx=PAD)
        self.tree = ChildSumTreeLSTM(config.embedding_dim, config.hidden_dim)
        self.project = nn.Linear(2 * config.hidden_dim, config.output_dim)

    def forward(self, batch: Batch) -> torch.Tensor:
        """One unit vector per graph of the batch."""
        x = self.morphemes(batch.morphemes).sum(1) + self.features(batch.features).sum(1)
        h = self.tree(x, batch.edge_index, batch.level)
        graphs = int(batch.num_graphs)
        root_h = h[batch.is_root]
        mean_h = scatter(h, batch.batch, dim=0, dim_size=graphs, reduce="mean")
        return F.normalize(self.project(torch.cat([root_h, mean_h], dim=1)), dim=1)


def collate(trees: Sequence[SentenceTree]) -> Batch:
    """Many trees as one ``torch_geometric`` graph: node tokens, child → parent edges, each
    node's height (``level``), which nodes are roots and which graph each node belongs to."""
    stacked = stack_trees(trees)
    is_root = stacked.parents < 0
    children = np.flatnonzero(~is_root)
    batch = Batch(
        morphemes=torch.from_numpy(stacked.morphemes),
        features=torch.from_numpy(stacked.features),
        edge_index=torch.from_numpy(np.stack([children, stacked.parents[children]])),
        level=torch.from_numpy(stacked.levels),
        is_root=torch.from_numpy(is_root),
        batch=torch.from_numpy(stacked.tree),
        ptr=torch.from_numpy(stacked.ptr),
    )
    batch._num_graphs = len(trees)
    return batch
