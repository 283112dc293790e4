"""Put the toy game on the path the way an installed package is: its source, and a dist-info folder
holding the entry points its pyproject.toml declares (what `pip install` would write), in a fresh
folder on sys.path and PYTHONPATH (so servers and workers started by the tests find it too).

Nothing is written into the virtual environment: `ziggurat serve` outside the tests never lists the
toy. tests/test_toygame.py also installs it for real with pip, into a temporary folder."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

HERE = Path(__file__).parent
SRC = HERE / "src"


def dist_info(site: Path) -> Path:
    """Write the package's dist-info into `site` (a folder to put on sys.path)."""
    project = tomllib.loads((HERE / "pyproject.toml").read_text())["project"]
    name, version = project["name"], project["version"]
    dist = site / f"{name.replace('-', '_')}-{version}.dist-info"
    dist.mkdir(parents=True, exist_ok=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    groups = project["entry-points"]
    (dist / "entry_points.txt").write_text(
        "".join(
            f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) + "\n"
            for group, eps in groups.items()
        )
    )
    return dist


def install() -> None:
    """Make the toy game a registered game for this process and the processes it starts."""
    site = Path(tempfile.mkdtemp(prefix="ziggurat-toygame-"))
    atexit.register(shutil.rmtree, site, ignore_errors=True)  # one per test process: none left behind
    dist_info(site)
    paths = [str(site), str(SRC)]
    sys.path[:0] = paths
    os.environ["PYTHONPATH"] = os.pathsep.join([*paths, *filter(None, [os.environ.get("PYTHONPATH")])])
    from ziggurat.engine import registry

    registry.refresh()
