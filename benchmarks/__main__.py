"""python -m benchmarks [--json] [--quick] [--scale-games N]
    [--only engine,store,seek,figures,stepper,app,explorer,scale,load,corpus]

Each figure is printed with its baseline measured in the same run, their ratio, and the
target with PASS/MISS where there is one. A part that cannot run gives a "not available" row.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
import traceback

from .common import not_available

PARTS = ["engine", "store", "seek", "figures", "stepper", "app", "explorer", "scale", "load", "corpus"]


def run_part(name: str, args) -> list[dict]:
    try:
        module = importlib.import_module(f"benchmarks.bench_{name}")
        if name == "scale":
            return module.run(quick=args.quick, games=args.scale_games)
        return module.run(quick=args.quick)
    except Exception as error:
        if not args.json:
            traceback.print_exc(file=sys.stderr)
        return [not_available(name, name, f"{type(error).__name__}: {error}")]


def fmt(x) -> str:
    if x is None:
        return "-"
    if isinstance(x, float) and abs(x) < 100:
        return f"{x:.3g}"
    return f"{x:,.0f}"


def table(rows: list[dict]) -> str:
    head = ["part", "figure", "value", "unit", "baseline", "ratio", "target", "status"]
    body = [
        [
            r["part"],
            r["name"],
            fmt(r["value"]),
            r["unit"],
            f"{fmt(r['baseline'])} ({r['baseline_name']})" if r["baseline"] is not None else "-",
            fmt(r["ratio"]),
            r["target"] or "-",
            r["status"] or "-",
        ]
        for r in rows
    ]
    widths = [max(len(h), *(len(b[i]) for b in body)) for i, h in enumerate(head)]
    lines = [
        "| " + " | ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)) + " |",
        "|" + "|".join("-" * (w + 2) for w in widths) + "|",
    ]
    lines += ["| " + " | ".join(c.ljust(w) for c, w in zip(b, widths, strict=True)) + " |" for b in body]
    notes = [f"- {r['part']} / {r['name']}: {r['note']}" for r in rows if r["note"]]
    return "\n".join(lines + ["", "Notes:"] + notes)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[1])
    p.add_argument("--json", action="store_true", help="print the rows as JSON")
    p.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    p.add_argument("--only", default=",".join(PARTS), help="comma-separated parts: " + ",".join(PARTS))
    p.add_argument(
        "--scale-games",
        type=int,
        default=None,
        help="games of the scale part (default 10,000; 20 with --quick; fewer are extrapolated to 10,000)",
    )
    args = p.parse_args(argv)
    parts = [x.strip() for x in args.only.split(",") if x.strip()]
    unknown = [x for x in parts if x not in PARTS]
    if unknown:
        p.error(f"unknown parts {unknown}; choose from {PARTS}")
    rows, t0 = [], time.perf_counter()
    for name in parts:
        t = time.perf_counter()
        rows.extend(run_part(name, args))
        if not args.json:
            print(f"[{name}: {time.perf_counter() - t:.1f} s]", file=sys.stderr, flush=True)
    if args.json:
        print(
            json.dumps(
                {"quick": args.quick, "seconds": round(time.perf_counter() - t0, 1), "rows": rows}, indent=2
            )
        )
    else:
        print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
