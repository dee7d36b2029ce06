"""The class report: what a run says about the class, for the instructor.

``report.html`` (one self-contained page: no script, plots as inline SVG, nothing fetched)
and ``class_report.csv`` (the same numbers, one row each) answer "what do I reteach on
Monday?":

* **Reteach first**: the exercises most of those who tried got wrong, with the mistake they
  made most;
* **per exercise**: how many passed, failed (incorrect, or an error such as a syntax error
  or a time-out) and did not try (untouched stub, or no answer cell); notebooks that
  could not be read are counted apart;
* **the mistakes the class made most**: each known mistake the checkers named, and kinds of
  failure that are not a known mistake (a shortcut through the library, too slow, a
  hidden check failed...), with counts and one example message, anonymised (a message
  never holds a name, but a learner's own text may: names and file names of the class are
  taken out);
* **totals**: how many students got each total;
* **students who need help**: those who missed at least half of the exercises (and at
  least two), or whose answers made at least two known mistakes (misconceptions), or
  whose notebook could not be graded, each with the reasons;
* **similarity**: the groups :mod:`.similarity` found.

:func:`analyse` computes the numbers (tests check them against the gradebook);
:func:`html` and :func:`csv_rows` render them.
"""

from __future__ import annotations

import html as _html
import io
import math
from collections import Counter

from .model import CORRECT, ERROR, INCORRECT, MISSING, NOT_ATTEMPTED, points_text

FAILED = (INCORRECT, ERROR)
NOT_TRIED = (NOT_ATTEMPTED, MISSING)


def failure_kind(er) -> str:
    """The name a failure is counted under: the known mistake, else its kind."""
    if er.mistake:
        return er.mistake
    message = er.message or ""
    if er.status == ERROR:
        for phrase, kind in (("syntax error", "syntax error"), ("took longer", "time limit"),
                             ("ran out of memory", "out of memory"),
                             ("process ended", "crashed the worker"),
                             ("does not define", "answer not defined"),
                             ("sys.exit", "called sys.exit")):
            if phrase in message:
                return f"({kind})"
        return "(raised an error)"
    for phrase, kind in (("yourself, but your answer", "used the library's own piece"),
                         ("without recursion", "used recursion"),
                         ("too slow", "too slow"),
                         ("fails a hidden one", "fails a hidden check"),
                         ("did you forget to `return`", "forgot to return"),
                         ("has shape", "wrong shape"),
                         ("wrong values", "wrong values"),
                         ("raised", "raised an error")):
        if phrase in message:
            return f"({kind})"
    return "(other)"


def _anonymise(text: str, names: list) -> str:
    for name in sorted(names, key=len, reverse=True):
        if len(name) >= 3:
            text = text.replace(name, "…")
    return text


def analyse(results: list, similarity: dict | None = None) -> dict:
    """The numbers of the class report, from a run's SubmissionResults."""
    names = [n for r in results for n in (r.student, r.relpath)]
    order, titles, points = [], {}, {}
    for result in results:
        for er in result.exercises:
            if er.id not in titles:
                order.append(er.id)
                titles[er.id], points[er.id] = er.title, er.max_points
    position = {i: n for n, i in enumerate(order)}
    order.sort(key=lambda i: (i.split(".")[0], position[i]))
    graded = [r for r in results if not r.problem]
    per = {i: {"id": i, "title": titles[i], "points": points[i], "passed": 0, "failed": 0,
               "not_tried": 0, "not_graded": 0, "mistakes": Counter()} for i in order}
    examples = {}
    for result in results:
        for er in result.exercises:
            row = per[er.id]
            if result.problem:
                row["not_graded"] += 1
            elif er.status == CORRECT:
                row["passed"] += 1
            elif er.status in FAILED:
                row["failed"] += 1
                kind = failure_kind(er)
                row["mistakes"][kind] += 1
                if (er.id, kind) not in examples:
                    text = er.message + (f" (case: {er.case})" if er.case else "")
                    examples[(er.id, kind)] = _anonymise(text, names)
            else:
                row["not_tried"] += 1
    exercises = []
    for i in order:
        row = per[i]
        tried = row["passed"] + row["failed"]
        row["fail_share"] = row["failed"] / tried if tried else 0.0
        row["top_mistake"] = row["mistakes"].most_common(1)[0][0] if row["mistakes"] else None
        row["mistakes"] = dict(row["mistakes"].most_common())
        exercises.append(row)
    mistakes = sorted(({"exercise": i, "mistake": kind, "count": n, "known": not kind.startswith("("),
                        "example": examples[(i, kind)]}
                       for i in order for kind, n in per[i]["mistakes"].items()),
                      key=lambda m: (-m["count"], m["exercise"], m["mistake"]))
    totals = Counter(r.total for r in graded)
    maximum = max((r.max_points for r in results), default=0.0)
    help_needed = []
    count = len(order)
    for result in results:
        reasons = []
        if result.problem:
            reasons.append(f"could not be graded: {result.problem}")
        else:
            missed = [er.id for er in result.exercises if er.status != CORRECT]
            if len(missed) >= max(2, math.ceil(len(result.exercises) / 2)):
                reasons.append(f"missed {len(missed)} of {len(result.exercises)} exercises")
            known = [f"{er.id}: {er.mistake}" for er in result.exercises if er.mistake]
            if len(known) >= 2:
                reasons.append("known misconceptions: " + "; ".join(known))
        if reasons:
            help_needed.append({"student": result.student, "total": result.total,
                                "max": result.max_points, "reasons": reasons})
    help_needed.sort(key=lambda h: (h["total"], h["student"]))
    reteach = sorted((e for e in exercises if e["passed"] + e["failed"]),
                     key=lambda e: (-e["fail_share"], -e["failed"], e["id"]))
    reteach = [e for e in reteach if e["failed"]][:3]
    groups = list((similarity or {}).get("groups", []))
    return {"submissions": len(results), "graded": len(graded),
            "not_graded": len(results) - len(graded), "exercises": exercises,
            "exercise_count": count, "mistakes": mistakes,
            "totals": dict(sorted(totals.items())), "max_points": maximum,
            "mean_total": sum(r.total for r in graded) / len(graded) if graded else 0.0,
            "help": help_needed, "reteach": reteach, "similarity": groups}


# -- rendering -----------------------------------------------------------------------------------
def csv_rows(numbers: dict) -> list:
    """class_report.csv: section, exercise, item, count, share, detail."""
    rows = [["section", "exercise", "item", "count", "share", "detail"]]
    for e in numbers["exercises"]:
        tried = e["passed"] + e["failed"]
        for item in ("passed", "failed", "not_tried", "not_graded"):
            share = e[item] / numbers["submissions"] if numbers["submissions"] else 0.0
            rows.append(["exercise", e["id"], item.replace("_", " "), e[item], f"{share:.3f}",
                         e["title"] if item == "passed" else ""])
        rows.append(["exercise", e["id"], "failed among those who tried", e["failed"],
                     f"{e['fail_share']:.3f}" if tried else "", e["top_mistake"] or ""])
    for m in numbers["mistakes"]:
        rows.append(["mistake", m["exercise"], m["mistake"], m["count"], "", m["example"]])
    for total, n in numbers["totals"].items():
        rows.append(["total", "", points_text(total), n, "", ""])
    for h in numbers["help"]:
        rows.append(["needs help", "", h["student"], "", "", "; ".join(h["reasons"])])
    for g in numbers["similarity"]:
        rows.append(["similarity", g["exercise"], g["how"], len(g["students"]), "",
                     " ".join(g["students"])])
    return rows


def _svg(figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def _figure(width: float, height: float):
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=100)
    return figure, figure.add_subplot()


def plots(numbers: dict) -> dict:
    """{name: inline SVG} of the report's plots."""
    import matplotlib

    matplotlib.rcParams["svg.hashsalt"] = "minigrad"      # the same file for the same run
    out = {}
    exercises = numbers["exercises"]
    if exercises:
        figure, ax = _figure(7, 0.45 * len(exercises) + 1.2)
        labels = [e["id"] for e in exercises][::-1]
        left = [0] * len(labels)
        for key, colour, name in (("passed", "#2e7d32", "passed"), ("failed", "#c62828", "failed"),
                                  ("not_tried", "#9e9e9e", "did not try"),
                                  ("not_graded", "#5d4037", "not graded")):
            values = [e[key] for e in exercises][::-1]
            ax.barh(labels, values, left=left, color=colour, label=name)
            left = [a + b for a, b in zip(left, values)]
        ax.set_xlabel("students")
        ax.legend(loc="lower right", fontsize="small")
        ax.set_title("Each exercise")
        out["exercises"] = _svg(figure)
    if numbers["totals"]:
        figure, ax = _figure(6, 2.8)
        totals = numbers["totals"]
        ax.bar([points_text(t) for t in totals], list(totals.values()), color="#1565c0")
        ax.set_xlabel(f"total points (of {points_text(numbers['max_points'])})")
        ax.set_ylabel("students")
        ax.set_title("Totals")
        out["totals"] = _svg(figure)
    top = numbers["mistakes"][:10]
    if top:
        figure, ax = _figure(7, 0.42 * len(top) + 1.2)
        labels = [f"{m['exercise']} {m['mistake']}"[:60] for m in top][::-1]
        ax.barh(labels, [m["count"] for m in top][::-1],
                color=["#6a1b9a" if m["known"] else "#8d6e63" for m in top][::-1])
        ax.set_xlabel("students")
        ax.set_title("Most common mistakes (purple: known misconceptions)")
        out["mistakes"] = _svg(figure)
    return out


_CSS = ("body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;color:#222}"
        "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;"
        "padding:3px 8px;text-align:left;vertical-align:top}th{background:#f4f4f4}"
        "td.n{text-align:right}.plot svg{max-width:100%;height:auto}"
        "li{margin:.3em 0}code{background:#f4f4f4;padding:0 .2em}")


def html(numbers: dict, title: str = "Class report") -> str:
    """report.html: every learner-influenced string escaped; no script, no external asset."""
    e = lambda text: _html.escape(str(text))  # noqa: E731
    figures = plots(numbers)
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
             f"<title>{e(title)}</title><style>{_CSS}</style></head><body>",
             f"<h1>{e(title)}</h1>",
             f"<p>{numbers['submissions']} submissions: {numbers['graded']} graded, "
             f"{numbers['not_graded']} could not be graded. Mean total "
             f"{numbers['mean_total']:.1f} of {points_text(numbers['max_points'])}.</p>"]
    parts.append("<h2 id='reteach'>Reteach first</h2>")
    if numbers["reteach"]:
        parts.append("<ol>")
        for x in numbers["reteach"]:
            tried = x["passed"] + x["failed"]
            parts.append(f"<li><b>{e(x['id'])} {e(x['title'])}</b>: {x['failed']} of {tried} "
                         f"who tried got it wrong ({x['fail_share']:.0%}); most often "
                         f"<i>{e(x['top_mistake'])}</i></li>")
        parts.append("</ol>")
    else:
        parts.append("<p>Nobody who tried an exercise got it wrong.</p>")
    parts.append("<h2 id='exercises'>Each exercise</h2>")
    if "exercises" in figures:
        parts.append(f"<div class='plot' id='plot-exercises'>{figures['exercises']}</div>")
    parts.append("<table><tr><th>exercise</th><th>passed</th><th>failed</th>"
                 "<th>did not try</th><th>not graded</th><th>most common mistake</th></tr>")
    for x in numbers["exercises"]:
        parts.append(f"<tr><td>{e(x['id'])} {e(x['title'])}</td><td class='n'>{x['passed']}</td>"
                     f"<td class='n'>{x['failed']}</td><td class='n'>{x['not_tried']}</td>"
                     f"<td class='n'>{x['not_graded']}</td><td>{e(x['top_mistake'] or '')}</td></tr>")
    parts.append("</table>")
    parts.append("<h2 id='mistakes'>The mistakes the class made most</h2>")
    if "mistakes" in figures:
        parts.append(f"<div class='plot' id='plot-mistakes'>{figures['mistakes']}</div>")
    parts.append("<table><tr><th>exercise</th><th>mistake</th><th>students</th>"
                 "<th>an example of what they were told</th></tr>")
    for m in numbers["mistakes"]:
        kind = e(m["mistake"]) if m["known"] else f"<i>{e(m['mistake'])}</i>"
        parts.append(f"<tr><td>{e(m['exercise'])}</td><td>{kind}</td><td class='n'>{m['count']}"
                     f"</td><td>{e(m['example'])}</td></tr>")
    parts.append("</table><p>Names in italics are kinds of failure; the others are known "
                 "misconceptions the checks recognise.</p>")
    parts.append("<h2 id='totals'>Totals</h2>")
    if "totals" in figures:
        parts.append(f"<div class='plot' id='plot-totals'>{figures['totals']}</div>")
    parts.append("<table><tr><th>total</th><th>students</th></tr>" + "".join(
        f"<tr><td>{points_text(t)}</td><td class='n'>{n}</td></tr>"
        for t, n in numbers["totals"].items()) + "</table>")
    parts.append(f"<h2 id='help'>Students who need help ({len(numbers['help'])})</h2>")
    if numbers["help"]:
        parts.append("<table><tr><th>student</th><th>total</th><th>why</th></tr>")
        for h in numbers["help"]:
            parts.append(f"<tr><td>{e(h['student'])}</td><td class='n'>{points_text(h['total'])}"
                         f" / {points_text(h['max'])}</td><td>{e('; '.join(h['reasons']))}</td></tr>")
        parts.append("</table>")
    parts.append(f"<h2 id='similarity'>Similar answers ({len(numbers['similarity'])} groups)</h2>")
    if numbers["similarity"]:
        parts.append("<p>For a look, never to mark down.</p><table><tr><th>exercise</th>"
                     "<th>how</th><th>students</th></tr>")
        for g in numbers["similarity"]:
            parts.append(f"<tr><td>{e(g['exercise'])}</td><td>{e(g['how'])}</td>"
                         f"<td>{e(', '.join(g['students']))}</td></tr>")
        parts.append("</table>")
    else:
        parts.append("<p>None found.</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
