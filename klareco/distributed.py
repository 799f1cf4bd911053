"""The build on a Dask cluster: parsing and encoding in partitions, merged in corpus order.

``klareco build --dask [SCHEDULER]`` hands the two costly steps of a build to Dask, an engine
that runs on one machine (a ``LocalCluster``, the default) or on many (a scheduler's address):

* parsing: the sentences to parse are cut into partitions; each partition is parsed by a
  worker, which writes what the store keeps of it to a file of its own;
* encoding: the stored trees are cut into partitions aligned to the encoder's batches, so each
  vector is computed in the same batch as in a single-process build; each worker writes its
  partition's vectors to a file.

One step in the building process then reads the partitions in order and writes the store (or
the dense index) in one atomic replace, exactly as the single-process build does: the results
are the same bytes. The partition files live in a folder beside the store, which the workers
must see: on more than one machine, a shared file system.
"""

from __future__ import annotations

import logging
import os
import pickle
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from klareco.corpus.build import parse_texts
from klareco.corpus.store import Store
from klareco.errors import KlarecoError
from klareco.models.encoder import Encoder
from klareco.models.treebank import TreeBank

PARSE_PARTITION = 4096  # sentences a worker parses in one task
# An encoding partition is this many whole batches of the single-process build, so every
# vector is computed in the same batch as there, with the same bytes.
ENCODE_PARTITION_BATCHES = 16
LOCAL = "local"  # the scheduler that means "start a local cluster"
CONNECT_SECONDS = 10


@contextmanager
def dask_client(scheduler: str, workers: int | None = None) -> Iterator[Any]:
    """A client of the scheduler at ``scheduler``, or of a local cluster of ``workers``
    processes (default: one per core) when it is ``"local"``."""
    from dask.distributed import Client, LocalCluster

    if scheduler == LOCAL:
        # silence_logs: the workers' shutdown notices are not the build's news
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                               processes=True, dashboard_address=None,
                               silence_logs=logging.ERROR)
        with cluster, Client(cluster) as client:
            yield client
        return
    try:
        client = Client(scheduler, timeout=CONNECT_SECONDS)
    except (OSError, ValueError) as error:
        raise KlarecoError(f"cannot reach the Dask scheduler {scheduler!r} ({error}): give "
                           "its address, e.g. tcp://host:8786, or --dask alone for a local "
                           "cluster") from None
    with client:
        yield client


@contextmanager
def partition_folder(home: Path, kind: str) -> Iterator[Path]:
    """A fresh folder beside the store for one step's partition files, removed afterwards."""
    folder = home / f".partitions.{kind}.{os.getpid()}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _run(client: Any, tasks: list[tuple[Callable[..., Path], tuple[Any, ...]]],
         show: bool, unit: str, sizes: list[int]) -> list[Path]:
    """Run ``tasks`` on the cluster; their output files, in task order."""
    from dask.distributed import as_completed
    from tqdm import tqdm

    if not tasks:
        return []
    futures = [client.submit(function, *args, pure=False) for function, args in tasks]
    index = {future.key: n for n, future in enumerate(futures)}
    with tqdm(total=sum(sizes), unit=unit, disable=not show) as bar:
        for future in as_completed(futures):
            future.result()  # a failed partition raises here
            bar.update(sizes[index[future.key]])
    return [future.result() for future in futures]


# ------------------------------------------------------------------------------- the work


def _parse_partition(indexers: tuple[Any, ...], texts: list[str], names: AbstractSet[str],
                     out: Path) -> Path:
    partial = out.with_suffix(".partial")
    with partial.open("wb") as handle:
        pickle.dump(parse_texts(indexers, texts, names), handle,
                    protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(partial, out)
    return out


def _encode_partition(store: Path, model: Path, start: int, end: int, batch: int,
                      threads: int, out: Path) -> Path:
    import torch

    # torch's float sums depend on its thread count (a last-bit difference): the workers
    # use the driver's, so that their vectors are the single-process build's, bit for bit
    torch.set_num_threads(threads)
    encoder = Encoder.load(model)
    with Store(store) as opened:
        trees = TreeBank.load(opened).trees(range(start, end))
    vectors = np.concatenate(list(encoder.encode_batches(trees, batch_size=batch)))
    partial = out.with_suffix(".partial")
    with partial.open("wb") as handle:
        np.save(handle, vectors)
    os.replace(partial, out)
    return out


class DaskBuild:
    """The build's parsing and encoding on a Dask client (``klareco.build`` hands ``parse``
    to the corpus build and ``encode`` to the dense build). Partition files go to folders
    under ``home``."""

    def __init__(self, client: Any, home: Path, show: bool = False) -> None:
        self.client = client
        self.home = home
        self.show = show and sys.stderr.isatty()

    def parse(self, texts: Sequence[str], indexers: tuple[Any, ...],
              names: AbstractSet[str] = frozenset()) -> list[Any]:
        """What the store keeps of each text (``parse_texts`` with the corpus's ``names``),
        parsed in partitions on the cluster and read back in order."""
        with partition_folder(self.home, "parse") as folder:
            starts = range(0, len(texts), PARSE_PARTITION)
            tasks: list[tuple[Callable[..., Path], tuple[Any, ...]]] = [
                (_parse_partition, (indexers, list(texts[s:s + PARSE_PARTITION]), names,
                                    folder / f"parse-{n:06d}.pickle"))
                for n, s in enumerate(starts)]
            sizes = [min(PARSE_PARTITION, len(texts) - s) for s in starts]
            results: list[Any] = []
            for path in _run(self.client, tasks, self.show, "sent", sizes):
                with path.open("rb") as handle:  # written by this build's own workers
                    results.extend(pickle.load(handle))
            return results

    def encode(self, store: Store, encoder: Encoder, count: int,
               batch: int) -> Iterator[np.ndarray]:
        """The vectors of the ``count`` stored sentences, encoded ``batch`` at a time (the
        single-process build's batches) in partitions on the cluster; yielded partition by
        partition, in corpus order."""
        if encoder.path is None:
            raise ValueError("the Dask build encodes with a model loaded from a file")
        import torch

        size = ENCODE_PARTITION_BATCHES * batch
        threads = torch.get_num_threads()  # what the single-process build encodes with
        with partition_folder(self.home, "encode") as folder:
            starts = range(0, count, size)
            tasks: list[tuple[Callable[..., Path], tuple[Any, ...]]] = [
                (_encode_partition, (store.path, encoder.path, s, min(s + size, count), batch,
                                     threads, folder / f"encode-{n:06d}.npy"))
                for n, s in enumerate(starts)]
            sizes = [min(size, count - s) for s in starts]
            for path in _run(self.client, tasks, self.show, "sent", sizes):
                yield np.load(path)
