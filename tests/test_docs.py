"""The documentation: the MkDocs site in docs/ builds with --strict, and README.md stays a short front page.

``mkdocs build --strict`` (mkdocs.yml) fails on a link to a page or an anchor that does not exist and on a
page left out of the navigation; the README's links are checked here against the checkout and the built
site, since MkDocs does not read the README.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
#: The front page's size: what it is, install, the two commands, an example per command, links.
MAX_README_LINES = 200
#: The two commands at the top of the README, as CI (.ci/run) and the first-time reader run them.
FIRST_COMMANDS = """\
# 1. set up .venv and run the main job (Spark, local mode) on the bundled sample binlogs
./setup.sh && .venv/bin/binlog-ksy extract samples/mariadb-10.11 --output out

# 2. run the whole test suite (installs MariaDB and the pinned Kaitai compiler when missing)
./test.sh
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
                           str(ROOT / "mkdocs.yml"), "--site-dir", str(out)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    return out


def test_the_site_builds_strictly_with_every_page(site: Path) -> None:
    pages = sorted(p.relative_to(ROOT / "docs").with_suffix("").as_posix() for p in (ROOT / "docs").glob("*.md"))
    for page in pages:
        built = site / ("index.html" if page == "index" else f"{page}/index.html")
        assert built.is_file(), page
    assert "change-the-spec" in pages and "testing" in pages


def test_readme_is_a_short_front_page() -> None:
    lines = README.read_text().splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md has {len(lines)} lines: move reference text to docs/"
    first_block = README.read_text().split("```bash\n", 1)[1].split("```", 1)[0]
    assert first_block == FIRST_COMMANDS
    assert "./test.sh" in (ROOT / ".ci" / "run").read_text()


def test_every_readme_link_resolves(site: Path) -> None:
    """Relative links point at files of the checkout; an anchor into a docs page is a heading of the built page."""
    links = re.findall(r"\]\(([^)\s]+)\)", README.read_text())
    local = [link for link in links if not re.match(r"[a-z]+:", link)]
    assert local, "the README links to the docs"
    for link in local:
        target, _, anchor = link.partition("#")
        assert (ROOT / target).exists(), f"README.md links to {target}, which does not exist"
        if anchor:
            assert target.startswith("docs/") and target.endswith(".md"), link
            page = Path(target).relative_to("docs").with_suffix("").as_posix()
            html = (site / ("index.html" if page == "index" else f"{page}/index.html")).read_text()
            assert f'id="{anchor}"' in html, f"README.md links to {link}: no such heading"
