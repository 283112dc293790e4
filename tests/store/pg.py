"""A private, throwaway PostgreSQL cluster on a loopback port (the recipe in shared/recipes.md): the
one `make cluster` uses, from ziggurat.devcluster."""

from ziggurat.devcluster import Postgres as Cluster
from ziggurat.devcluster import free_port, pg_bin
from ziggurat.devcluster import postgres as pg_cluster

__all__ = ["Cluster", "free_port", "pg_bin", "pg_cluster"]
