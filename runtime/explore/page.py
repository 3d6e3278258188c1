"""The self-contained HTML report: the overview's figures embedded as JSON, drawn by the vendored Chart.js.

Everything the page needs is inline (styles, Chart.js, the drawing script, the data), and its
Content-Security-Policy forbids every request (``default-src 'none'``), so it opens from ``file://``
with no network and never reaches for one. It embeds aggregates only (:mod:`.overview`).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from importlib import resources
from typing import Any

__all__ = ["CSP", "VENDORED", "asset", "csp", "render_report"]

#: No request of any kind; only the page's own scripts run (each allowed by its hash, see :func:`csp`).
CSP = "default-src 'none'; script-src {hashes}; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; " \
      "form-action 'none'"


def csp(scripts: list[str]) -> str:
    """The page's Content-Security-Policy: nothing fetched, nothing run but ``scripts`` (by their SHA-256)."""
    hashes = " ".join("'sha256-" + base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode() + "'"
                      for s in scripts)
    return CSP.format(hashes=hashes)


#: The vendored browser libraries: (file in static/vendor/, its license file).
VENDORED = (("chart.umd.min.js", "chart.js.LICENSE.md"), ("KaitaiStream.js", "KaitaiStream.LICENSE"))


def asset(path: str) -> bytes:
    """A file of the package's ``static/`` folder (``"vendor/chart.umd.min.js"``)."""
    node = resources.files(__package__).joinpath("static")
    for part in path.split("/"):
        node = node.joinpath(part)
    return node.read_bytes()


def _inline_script(text: str) -> str:
    # a script element ends at the first "</script" whatever the JavaScript: never let one through
    return text.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT")


def render_report(overview: dict[str, Any], *, title: str = "binlog report", generator: str = "") -> str:
    """The report page of an overview (:func:`~.overview.build_overview`) as one HTML document."""
    data = json.dumps(overview, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    chart = asset("vendor/chart.umd.min.js").decode("utf-8")
    chart_license = asset("vendor/chart.js.LICENSE.md").decode("utf-8").strip()
    script = asset("overview.js").decode("utf-8")
    style = asset("style.css").decode("utf-8")
    files = ", ".join(f["name"] for f in overview.get("files", []))
    license_comment = _inline_script(chart_license).replace("*/", "* /")
    scripts = [
        f"/*\n{license_comment}\n*/\n{_inline_script(chart)}",
        _inline_script(script),
        "\nwindow.REPORT_DATA = JSON.parse(document.getElementById(\"report-data\").textContent);\n"
        "BinlogOverview.render(document.getElementById(\"overview\"), window.REPORT_DATA);\n"
        "document.body.setAttribute(\"data-ready\", \"1\");\n",
    ]
    # hashed as the browser sees them: HTML parsing turns CR LF and CR into LF
    scripts = [text.replace("\r\n", "\n").replace("\r", "\n") for text in scripts]
    tags = "\n".join(f"<script>{text}</script>" for text in scripts)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{csp(scripts)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="{html.escape(generator)}">
<title>{html.escape(title)}</title>
<style>{style}</style>
</head>
<body>
<header class="top"><h1>{html.escape(title)}</h1><span class="muted">{html.escape(files)}</span></header>
<main id="overview"><p class="muted">Drawing the report needs JavaScript.</p></main>
<footer class="muted" style="padding:0 1.2em 1em">Made by {html.escape(generator or "binlog-ksy")};
charts drawn with Chart.js (MIT license, included below).</footer>
<script type="application/json" id="report-data">{data}</script>
{tags}
</body>
</html>
"""
