"""What the curve scripts share: one `arena run` of a config on one thread,
and its summary.json."""
import json
import pathlib
import subprocess


def run_summary(arena, name, body, work, seed=1):
    """Writes config `name` (`body`: the YAML after name and seed) into
    `work`, runs it on one thread and returns its summary.json as a dict."""
    work = pathlib.Path(work)
    config = work / f"{name}.yaml"
    config.write_text(f"name: {name}\nseed: {seed}\n{body}")
    out = work / f"out-{name}"
    subprocess.run([arena, "run", str(config), "--threads", "1", "--quiet", "--out", str(out)],
                   check=True, stdout=subprocess.DEVNULL)
    return json.loads((out / "summary.json").read_text())
