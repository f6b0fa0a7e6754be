"""pytest-xdist glue: every item of a run goes to one worker, whatever ``--dist`` says.

Imported only when pytest-xdist is present. :class:`AtelierScheduling` wraps the scheduler the
user's ``--dist`` mode would use. Once every worker has sent its collection it looks at the node
ids: a collection with atelier items is dealt statically by
:func:`~pytest_atelier.engine.ahead.assign_units` (a run's items to one worker, runs round robin;
other tests stay together by file), so each worker knows from the start which runs are its own
and produces them ahead; a collection without atelier items is left to the user's scheduler.
This relies on no private xdist attribute and on no marker handling (``xdist_group`` names
reach the scheduler only through xdist's private node id rewriting, which pytest 9 no longer reads).
"""

from __future__ import annotations

from xdist.scheduler import EachScheduling

from .engine.ahead import assign_units, run_of_node_id

__all__ = ["AtelierScheduling", "PartitionScheduling", "worker_position"]


def worker_position(worker_id: str) -> int:
    """``gw3`` -> 3: the position of a worker among its peers."""
    digits = worker_id.removeprefix("gw")
    return int(digits) if digits.isdigit() else 0


class PartitionScheduling(EachScheduling):
    """Sends each worker the items :func:`assign_units` gives it, all at once.

    Node bookkeeping (a crashed worker's remaining items go to its replacement) is
    ``EachScheduling``'s; only what each worker gets differs.
    """

    def schedule(self) -> None:
        assert self.collection_is_completed
        nodes = sorted(self.node2collection, key=lambda n: worker_position(n.gateway.id))
        for node, pending in self.node2pending.items():
            if node in self._started:
                continue
            if not pending:
                collection = self.node2collection[node]
                me = nodes.index(node) if node in nodes else 0
                owners = assign_units(collection, max(1, len(nodes)))
                pending[:] = [i for i, owner in enumerate(owners) if owner == me]
                if pending:
                    node.send_runtest_some(pending)
                node.shutdown()
            else:  # replaces a worker that died: runs what that one had left
                node.send_runtest_some(pending)
            self._started.append(node)


class AtelierScheduling:
    """Partitions by run when the collection holds atelier items, else defers to ``inner``."""

    def __init__(self, config, log, inner):
        self.inner = inner
        self.own = PartitionScheduling(config, log)
        self.active = None  # chosen at the first schedule()

    def _current(self):
        return self.active or self.own

    @property
    def nodes(self):
        return self._current().nodes

    @property
    def collection_is_completed(self) -> bool:
        return self._current().collection_is_completed

    @property
    def tests_finished(self) -> bool:
        return self._current().tests_finished

    @property
    def has_pending(self) -> bool:
        return self._current().has_pending

    def add_node(self, node) -> None:
        if self.active is None:
            self.own.add_node(node)
            self.inner.add_node(node)
        else:
            self.active.add_node(node)

    def add_node_collection(self, node, collection) -> None:
        if self.active is None:
            self.own.add_node_collection(node, collection)
            self.inner.add_node_collection(node, collection)
        else:
            self.active.add_node_collection(node, collection)

    def schedule(self) -> None:
        if self.active is None:
            collection = next(iter(self.own.node2collection.values()), [])
            self.active = self.own if any(run_of_node_id(n) for n in collection) else self.inner
        self.active.schedule()

    def mark_test_complete(self, node, item_index, duration=0) -> None:
        self._current().mark_test_complete(node, item_index, duration)

    def mark_test_pending(self, item) -> None:
        self._current().mark_test_pending(item)

    def remove_pending_tests_from_node(self, node, indices) -> None:
        self._current().remove_pending_tests_from_node(node, indices)

    def remove_node(self, node):
        return self._current().remove_node(node)
