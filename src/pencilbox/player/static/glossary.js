// pencilbox player, the hint rules in a player's words: each rung's plain name and what it does
// (the catalog's glossary, written in each puzzle's words.py), the page's sentences that name a
// rule (a hint, a stuck board, a failed trial, the ladder), each with the rule's plain name as a
// link to its glossary entry, and the glossary itself: every rule's plain name beside the
// solver's name for it (count, deg, probe), and what each symbol button does, on the page
// (phones show no title tooltips).

import { $, pzInfo, say, st } from "./state.js";

/** The rung's glossary entry ({rung, name, words}): a rung the catalog does not describe (the
 *  trial check's "clue" and "rules") is its own name, with no words. */
export function rule(puzzle, rung) {
  const info = pzInfo(puzzle);
  const got = info && (info.glossary || []).find((g) => g.rung === rung);
  return got || { rung, name: rung, words: "" };
}

/** Whether the puzzle's glossary has the rung. */
export function known(puzzle, rung) {
  const info = pzInfo(puzzle);
  return !!info && (info.glossary || []).some((g) => g.rung === rung);
}

/** The rule's plain name ("Full or empty clue" for Fill-a-Pix's count). */
export function ruleName(puzzle, rung) { return rule(puzzle, rung).name; }

/** A sentence from a reason (its first letter up, a full stop at its end). */
export function sentence(text) {
  const t = String(text || "").trim();
  if (!t) return "";
  return t[0].toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

/** The rule's plain name as a link to its entry in the glossary (which it opens and shows). */
export function ruleLink(puzzle, rung) {
  const a = document.createElement("a");
  a.href = `#rule-${rung}`;
  a.className = "rule-link";
  a.dataset.rung = rung;
  a.textContent = ruleName(puzzle, rung);
  a.addEventListener("click", (e) => { e.preventDefault(); showRule(rung); });
  return a;
}

/** A link that moves the focus to a control (the hint level, from a message that names it). */
function focusLink(id, text) {
  const a = document.createElement("a");
  a.href = `#${id}`;
  a.className = "rule-link";
  a.textContent = text;
  a.addEventListener("click", (e) => { e.preventDefault(); $(id).scrollIntoView({ block: "center" }); $(id).focus(); });
  return a;
}

/** ``parts`` (text, {rule: rung} or {focus: id, text}) into ``box``: a rung the glossary knows
 *  is a link to its entry. */
export function fillParts(box, puzzle, parts) {
  box.replaceChildren(...parts.map((p) => (typeof p === "string" ? p : p.focus ? focusLink(p.focus, p.text)
    : known(puzzle, p.rule) ? ruleLink(puzzle, p.rule) : ruleName(puzzle, p.rule))));
}

/** The message line (state.js's say) made of ``parts``; data-rung names the rule it is about. */
export function sayParts(parts, kind, rung) {
  say("", kind);
  const m = $("message");
  fillParts(m, st.rec ? st.rec.board.puzzle : "", parts);
  if (rung) m.dataset.rung = rung;
}

/** A hint: why the cell holds first (the puzzle's sentence), then the rule that proved it. */
export function sayHint(res) {
  const why = res.reason || String(res.message || "").replace(/^[^:]*:\s*/, "");
  sayParts([sentence(why), " Rule: ", { rule: res.rung }, "."], "hint", res.rung);
}

/** The entries contradict the rules (a hint's answer): said plainly, with the rule that found it. */
export function sayContradiction(res, puzzle) {
  if (!known(puzzle, res.rung)) { say(sentence(res.message || "your entries break a rule"), "error"); return; }
  sayParts(["Your entries so far cannot all be right: the marked cells break a rule. Found by: ",
    { rule: res.rung }, "."], "error", res.rung);
}

/** Nothing more follows at the hint level: which rules it uses, and what the player can do. */
export function sayStuck(puzzle, level) {
  const levels = pzInfo(puzzle)?.levels || [];
  const top = !levels.length || levels[levels.length - 1] === level;
  sayParts(["No cell can be worked out from here with the hint rules up to ", { rule: level }, ". ",
    ...(top ? ["Reveal one cell, or check your entries."]
      : ["Pick a later rule under ", { focus: "hint-level", text: "Hints up to" }, ", or reveal one cell."])],
  "", level);
}

// ------------------------------------------------------------------ the glossary on the page

/** Open the glossary at the rule's entry (a link in a message was followed). */
export function showRule(rung) {
  const entry = $(`rule-${rung}`);
  if (!entry) return;
  entry.scrollIntoView({ block: "center" });
  entry.focus({ preventScroll: true });
}

function node(tag, text, attrs = {}) {
  const n = document.createElement(tag);
  if (text != null) n.textContent = text;
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  return n;
}

/** The open puzzle's rules in the glossary, in ladder order: each plain name, the solver's name
 *  for it, and what it does. */
export function fillGlossary(puzzle) {
  const info = pzInfo(puzzle);
  const list = $("glossary-rules");
  if (!info || !list || list.dataset.puzzle === puzzle) return;
  list.dataset.puzzle = puzzle;
  $("glossary-rules-title").textContent = `Hint rules of ${info.title || info.name}`;
  list.replaceChildren(...(info.glossary || []).map((g) => {
    const group = node("div", null, { id: `rule-${g.rung}`, tabindex: "-1", "data-rung": g.rung });
    const dt = node("dt", g.name);
    dt.append(" ", node("span", `(solver name: ${g.rung})`, { class: "spec-name" }));
    group.append(dt, node("dd", g.words || "A rule of the solver's ladder."));
    return group;
  }));
  markUsed();
}

/** The rules past the hint level are marked as not used by hints (the level's own and those
 *  above it are); one no level offers (search) names a board's grade only. */
export function markUsed() {
  const sel = $("hint-level"), level = sel.value;
  const offered = new Set([...sel.options].map((o) => o.value));
  const groups = [...document.querySelectorAll("#glossary-rules > div")];
  const at = groups.findIndex((g) => g.dataset.rung === level);
  groups.forEach((g, k) => {
    const used = offered.has(g.dataset.rung) && (at < 0 || k <= at);
    g.dataset.used = used ? "yes" : "no";
    const said = used ? "" : offered.has(g.dataset.rung) ? " — not used by hints at this level"
      : " — a board's grade only, never a hint's";
    const dt = g.querySelector("dt");
    const note = dt.querySelector(".unused") || dt.appendChild(node("span", "", { class: "unused" }));
    note.textContent = said;
  });
}

/** A symbol button's explanation is shown while the button is (Forest only for Slant, the pencil
 *  marks only where a puzzle takes them). */
export function wireGlossary() {
  $("hint-level").addEventListener("change", markUsed);
  for (const group of document.querySelectorAll("#explain-buttons [data-explains]")) {
    const btn = $(group.dataset.explains);
    if (!btn) continue;
    const sync = () => { group.hidden = btn.hidden; };
    new MutationObserver(sync).observe(btn, { attributes: true, attributeFilter: ["hidden"] });
    sync();
  }
}
