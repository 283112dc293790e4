"""Several server processes as one site: leases, Redis, site-wide limits, workers."""
