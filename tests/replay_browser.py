"""Steps an `arena replay --html` page in headless Chromium, as a user would
with the keyboard, and returns what it showed at each position asked for.

Used by the per-engine browser tests (tests/replay_in_browser_ENGINE.py):

    import replay_browser
    page = replay_browser.Page(arena, work)          # exits 77 without Chromium
    replay = page.replay(config_yaml, game, variant)   # runs, writes page + JSON
    shots = page.step([0, 5, "last"])                  # Home, then arrows / End
    shots[1]["svg"]   # the drawn board (markup) at move 5

Each position is reached with keys only (Home, then ArrowRight k times, or
End), so the keyboard is tested; the page must log no console message.
"""

import html
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


class Page:
    def __init__(self, arena, work):
        self.arena = arena
        self.work = os.path.abspath(work)
        self.browser = shutil.which("chromium") or shutil.which("chromium-browser")
        if not self.browser:
            print("chromium is not installed: skipped")
            sys.exit(77)
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)

    def run(self, *args):
        return subprocess.run([self.arena, *args], cwd=self.work, check=True,
                              capture_output=True, text=True).stdout

    def replay(self, config_text, game, variant=None, name="run"):
        """Runs the config, writes game `game`'s page; returns its replay JSON."""
        with open(os.path.join(self.work, name + ".yaml"), "w") as f:
            f.write(config_text)
        self.run("run", name + ".yaml", "--quiet", "--out", name)
        extra = ["--variant", variant] if variant else []
        self.page = os.path.join(self.work, name + ".html")
        self.run("replay", name, "--game", str(game), "--html", self.page, *extra)
        return json.loads(self.run("replay", name, "--game", str(game), "--json", *extra))

    def step(self, positions, click=None):
        """What the page shows at each position (a move number or "last"):
        {"counter", "svg" (a <div> Element around the picture's SVG), "svg_text"
        (its markup), "why" (the explanation's HTML), "board" (the text)}.
        `click`: a CSS selector clicked first (e.g. a variant's button)."""
        script = """<script>
const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", {key: k}));
const shots = [];
%s
for (const p of %s) {
  key("Home");
  if (p === "last") key("End"); else for (let i = 0; i < p; ++i) key("ArrowRight");
  shots.push({counter: document.getElementById("counter").textContent,
              svg: document.getElementById("picture").innerHTML,
              why: document.getElementById("why").innerHTML,
              board: document.getElementById("board").textContent});
}
document.body.dataset.shots = JSON.stringify(shots);
</script></body>""" % (
            "document.querySelector(%s).click();" % json.dumps(click) if click else "",
            json.dumps(positions))
        stepped = os.path.join(self.work, "stepped.html")
        with open(self.page) as f:
            text = f.read()
        with open(stepped, "w") as f:
            f.write(text.replace("</body>", script, 1))
        result = subprocess.run(
            [self.browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--user-data-dir=" + os.path.join(self.work, "profile"), "--enable-logging=stderr",
             "--log-level=0", "--dump-dom", "file://" + stepped],
            capture_output=True, text=True, timeout=120)
        console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
        assert not console, "the replay page logged console messages:\n" + "\n".join(console)
        found = re.search(r'data-shots="([^"]*)"', result.stdout)
        assert found, "the page's script did not finish (no data-shots on <body>)"
        shots = json.loads(html.unescape(found.group(1)))
        for shot in shots:
            shot["svg_text"] = shot["svg"]
            # The picture's markup as XML: one <div> around its SVG element(s).
            shot["svg"] = ET.fromstring("<div>" + shot["svg"] + "</div>")
        return shots


def elements(svg, attribute):
    """The SVG's elements that carry `attribute` (e.g. data-cell), in order."""
    return [e for e in svg.iter() if attribute in e.attrib]
