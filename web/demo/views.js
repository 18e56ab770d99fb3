// The parts of the page that explain a request: the picked operation and its
// parameters, where each key went, and the differences from the reference.
// They only display what catalog.js, placement.js and compare.js found.

/** RULES is the rendered docs/behaviour.md that prepare.mjs writes; #d25 is D25's entry. */
const RULES = "gen/rules.html";

/** el makes an element with a class and children (strings or nodes). */
function el(tag, className, ...children) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
}

/** showOperation shows op's id, summary and parameters (each marked path, query or body), or hides the panel. */
export function showOperation(panel, op) {
  panel.hidden = !op;
  if (!op) return;
  panel.querySelector(".op-id").textContent = op.id;
  panel.querySelector(".op-summary").textContent = op.summary;
  const params = [...op.params.filter((p) => p.required), ...op.params.filter((p) => !p.required)];
  panel.querySelector("ul").replaceChildren(...params.map((p) => el("li", "",
    el("code", "", p.name), " ", el("span", `where where-${p.where}`, p.where), " ", el("span", "type", p.type),
    p.required ? el("span", "required", " required") : "")));
  if (!params.length) panel.querySelector("ul").append(el("li", "", "no parameters"));
}

const PLACES = { url: "url placeholder", query: "query string", body: "body", option: "option", unused: "not sent", unknown: "unknown" };

/** showPlacement fills the table of where each key went; declared(key) is the catalog's where, if any. */
export function showPlacement(tbody, placed, declared) {
  tbody.replaceChildren(...placed.map(({ key, to, note }) => {
    const head = el("th", "", el("code", "", key));
    head.scope = "row";
    const row = el("tr", "", head, el("td", "", el("span", `where where-${to}`, PLACES[to]), note ? ` ${note}` : ""), el("td", "", declared(key) ?? "—"));
    row.dataset.key = key;
    row.dataset.to = to;
    return row;
  }));
  if (!placed.length) tbody.append(el("tr", "", el("td", "", "no parameters"), el("td"), el("td")));
}

/** ruleLinks writes rule ids as links to their entries. */
function ruleLinks(rules) {
  const parts = [];
  for (const id of rules) {
    if (parts.length) parts.push(" and ");
    parts.push(Object.assign(el("a", "rule", id), { href: `${RULES}#${id.toLowerCase().replaceAll(" ", "-")}` }));
  }
  return parts;
}

const shown = (v) => (v === undefined ? "(absent)" : typeof v === "string" ? v : JSON.stringify(v));

/**
 * EXPECTED are the differences that every request has, made on purpose:
 * the summary names them once instead of listing them for each request.
 */
const EXPECTED = [["method", "D3", "the method in lower case"], ["headers.user-agent", "D1", "each library's own user-agent"]];
const expected = (d) => d.explained && EXPECTED.some(([field, rule]) => d.field === field && d.explanations.every((x) => x.rules.join() === rule));

/**
 * showComparison lists each difference from the reference, with the rules
 * that explain it or "unexplained difference", but for the expected ones,
 * which the summary names; diffs null means that the form could not be
 * read, so there is nothing to compare.
 */
export function showComparison({ summary, list }, diffs) {
  if (!diffs) {
    summary.textContent = "Nothing to compare until the error above is fixed.";
    summary.dataset.expected = "";
    return list.replaceChildren();
  }
  const known = diffs.filter(expected);
  summary.dataset.expected = known.map((d) => d.field).join(" ");
  diffs = diffs.filter((d) => !expected(d));
  const unexplained = diffs.filter((d) => !d.explained).length;
  const parts = EXPECTED.filter(([field]) => known.some((d) => d.field === field)).map(([, rule, what]) => [`${what} (`, ...ruleLinks([rule]), ")"]);
  const named = parts.flatMap((p, i) => (i ? [" and ", ...p] : p));
  if (!diffs.length) summary.replaceChildren(...(parts.length ? ["The same request, but for what differs in every request: ", ...named, "."] : ["The same request, field for field."]));
  else {
    summary.replaceChildren(`${diffs.length} field${diffs.length === 1 ? " differs" : "s differ"}: ${diffs.length - unexplained} by a rule${unexplained ? `, ${unexplained} unexplained` : ""}.`);
    if (parts.length) summary.append(" Not listed, as in every request: ", ...named, ".");
  }
  list.replaceChildren(...diffs.map((d) => {
    const why = d.explained
      ? el("ul", "why", ...d.explanations.map((x) => el("li", "", ...ruleLinks(x.rules), `: ${x.says}`)))
      : el("p", "why unexplained", "Unexplained difference", ...(d.explanations.length ? [" (partly: ", ...d.explanations.flatMap((x) => ruleLinks(x.rules)), ")"] : []));
    const card = el("div", "diff",
      el("h3", "", el("code", "", d.field)),
      el("dl", "", el("dt", "", "endpoint-wasm"), el("dd", "", el("code", "ours", shown(d.ours))), el("dt", "", "@octokit/endpoint"), el("dd", "", el("code", "theirs", shown(d.theirs)))),
      why);
    card.dataset.field = d.field;
    card.dataset.rules = d.explanations.flatMap((x) => x.rules).join(" ");
    return card;
  }));
}
