"""Where a command's graph comes from: a build folder, an Oxigraph store on disk, or a SPARQL endpoint.

The CLI declares these three choices once and hands them here as a ``GraphSource``;
what they mean (which store to open, which page to serve) is decided in this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .store import GraphStore, open_store

DEFAULT_BUILD = Path("build")


@dataclass(frozen=True)
class GraphSource:
    location: Path | None = None  # a build folder (graph.ttl, graph.html)
    store: Path | None = None  # an Oxigraph store on disk
    endpoint: str | None = None  # a SPARQL 1.1 query URL

    def open(self, writable: bool = False) -> GraphStore:
        store = open_store(self.location, self.store, self.endpoint, writable)
        if self.endpoint:
            # A server whose SPARQL differs from the standard gets the store that meets its dialect.
            from .dialects import remote_store

            return remote_store(self.endpoint)
        return store

    @property
    def build_folder(self) -> Path | None:
        """The build folder this source reads, if it reads one (the default when nothing is given)."""
        if self.store or self.endpoint:
            return None
        return self.location or DEFAULT_BUILD

    def page(self, store: GraphStore) -> bytes:
        """The interactive page for this source: the build's own graph.html when there is one, so the page
        served is the one 'kg build' wrote; otherwise one rendered from the store's graph."""
        folder = self.build_folder
        if folder is not None and (folder / "graph.html").is_file():
            return (folder / "graph.html").read_bytes()
        from .export import union_graph
        from .html import render_page

        return render_page(union_graph(store)).encode("utf-8")
