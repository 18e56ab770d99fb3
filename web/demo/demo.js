// The demo: builds request options as the user types, with the package
// imported by name exactly as an app would; beside it, where each parameter
// went, what @octokit/endpoint builds from the same input and why the two
// differ, a search over every GitHub REST operation, and a link to the state.
import { ready, EndpointError } from "endpoint-wasm";
import { curlCommand, endpointSnippet, fetchSnippet } from "./snippets.js";
import { copyText, fitHeight, say, setText } from "./ui.js";
import { exampleParams, operations } from "./catalog.js";
import { attachSearch } from "./search.js";
import { attempt, compare } from "./compare.js";
import { placement } from "./placement.js";
import { decodeState, encodeState, FIELDS } from "./share.js";
import { showComparison, showOperation, showPlacement } from "./views.js";

let loadedAt; // when ready resolved: the wasm is loaded
// The catalog and the reference load beside the wasm; the page works without them.
const [endpoint, reference, ops] = await Promise.all([
  ready.then((ep) => ((loadedAt = performance.now()), ep)), // rejects with ERR_WASM_LOAD, naming the failure, if endpoint.wasm cannot load
  import("./gen/reference.js").catch(() => null),
  fetch("gen/catalog.json").then((r) => r.json()).then((c) => operations(c.ops)).catch(() => null),
]);

const EXAMPLES = [
  ["List an organization's repositories", "GET /orgs/{org}/repos", { org: "octokit", type: "public", sort: "updated", per_page: 10 }],
  ["Create an issue", "POST /repos/{owner}/{repo}/issues", { owner: "octocat", repo: "hello-world", title: "Found a bug", body: "I'm having a problem with this.", labels: ["bug"] }],
  ["Upload a release asset", "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    { owner: "octocat", repo: "hello-world", release_id: 1, name: "notes.txt", label: "Release notes", data: "Hello, world!\n", headers: { "content-type": "text/plain", "content-length": 14 } }],
  ["Get repository contents (raw)", "GET /repos/{owner}/{repo}/contents/{+path}", { owner: "octokit", repo: "rest.js", path: "docs/README.md", ref: "main", mediaType: { format: "raw" } }],
  ["A GraphQL query", "POST /graphql", { query: "query { viewer { login } }" }],
  ["A legacy :name route", "GET /orgs/:org/teams/:team_slug/members", { org: "octokit", team_slug: "maintainers", role: "all" }],
];

const $ = (id) => document.getElementById(id);
const inputs = FIELDS.map($);
const copyButtons = [...document.querySelectorAll("[data-copy]")];

// "Start from" names where the request shown came from: one of the examples,
// the operation picked in the search or the link the page was opened with;
// the last two are its first entry, hidden until used, and choosing it again
// starts from it again.
const source = { option: Object.assign(new Option("", "source"), { hidden: true }), apply: null, route: null };
$("example").add(source.option);
for (const [i, [label]] of EXAMPLES.entries()) $("example").add(new Option(label, String(i)));
$("example").addEventListener("change", () => ($("example").value === "source" ? source.apply() : pick(Number($("example").value))));

/**
 * startFrom shows label as where the request came from in "Start from";
 * apply brings it back. Given the route it started with, the entry says
 * edited instead of label while the route is another.
 */
function startFrom(label, apply, route = null, edited = label) {
  Object.assign(source.option, { text: label, hidden: false });
  Object.assign(source, { apply, route, label, edited });
  $("example").value = "source";
}
$("route").addEventListener("input", () => {
  // An example's route edited: the entry names the example as edited, and choosing it brings the example back.
  const i = $("example").value;
  if (i !== "source" && EXAMPLES[Number(i)]) {
    const [label, route] = EXAMPLES[Number(i)];
    startFrom(label, () => pick(Number(i)), route, `Edited: ${label}`);
  }
  if (source.route) source.option.text = $("route").value.trim() === source.route ? source.label : source.edited;
});
for (const el of inputs) el.addEventListener("input", update);
// The route is one line: Enter does not break it; the field grows instead.
$("route").addEventListener("keydown", (e) => e.key === "Enter" && e.preventDefault());
addEventListener("resize", () => fitHeight($("route")));
for (const b of copyButtons) b.addEventListener("click", () => copyText($(b.dataset.copy), b.nextElementSibling));
$("measure").addEventListener("click", measure);
$("copy-link").addEventListener("click", copyLink);
addEventListener("hashchange", restore);

/** byRoute finds a catalog operation by its route, whatever the spacing and the method's case. */
const byRoute = new Map((ops ?? []).map((op) => [op.route, op]));
function operationOf(route) {
  const [first, second] = route.trim().split(/\s+/);
  return byRoute.get(second === undefined ? `GET ${first}` : `${first.toUpperCase()} ${second}`);
}

if (ops) {
  attachSearch({ input: $("search"), list: $("results"), status: $("search-status") }, ops, pickOperation);
  $("search").disabled = false;
  say($("search-status"), `${ops.length.toLocaleString("en")} operations`);
} else {
  say($("search-status"), "The catalog could not be loaded: search is off.");
}

/** pickOperation fills the route and the operation's example parameters, required first. */
function pickOperation(op) {
  const name = op.summary || op.id;
  // The kind of source first and short, so that on a phone the name is what a long one loses.
  startFrom(`Search: ${name}`, () => pickOperation(op), op.route, `Edited: ${name}`);
  $("route").value = op.route;
  $("params").value = JSON.stringify(exampleParams(op), null, 2);
  update();
  // On a phone the request comes below the form, past the screen's end once
  // an operation's parameters fill in: bring it into view.
  if (matchMedia("(max-width: 800px)").matches) document.querySelector(".request").scrollIntoView({ block: "start" });
}

function pick(i) {
  $("example").value = String(i);
  const [, route, params] = EXAMPLES[i];
  $("route").value = route;
  $("params").value = JSON.stringify(params, null, 2);
  update();
}

/** parseJSON reads a JSON field, or marks it invalid and throws an error naming it. */
function parseJSON(id, fallback) {
  const text = $(id).value.trim();
  if (!text) return fallback;
  try {
    return JSON.parse(text);
  } catch (e) {
    $(id).setAttribute("aria-invalid", "true");
    throw Object.assign(new Error(`${id}: ${e.message}`), { code: "invalid JSON" });
  }
}

/** current reads the form into defaults, route and parameters (each its own copy for the two libraries). */
function current() {
  for (const el of inputs) el.removeAttribute("aria-invalid");
  const defaults = { baseUrl: $("baseUrl").value.trim() || undefined, headers: parseJSON("headers", {}) };
  const previews = $("previews").value.split(",").map((s) => s.trim()).filter(Boolean);
  if (previews.length) defaults.mediaType = { previews };
  const params = parseJSON("params", {});
  if ($("format").value.trim()) params.mediaType = { ...params.mediaType, format: $("format").value.trim() };
  return { defaults, route: $("route").value, params };
}

// last is what the output shows: the endpoint and arguments of the last
// request that built, or null while an error is shown. Copying and measuring
// use only it, so they never act on a request the page does not show.
let last = null;
function update() {
  fitHeight($("route"));
  say($("rate"), "");
  history.replaceState(null, "", `#${encodeState(Object.fromEntries(FIELDS.map((f) => [f, $(f).value])))}`);
  let input;
  try {
    input = current();
  } catch (e) {
    last = null;
    showError(e);
    return showComparison(comparison, null);
  }
  const { defaults, route, params } = input;
  let ep;
  const ours = attempt(() => (ep = endpoint.defaults(defaults))(route, params));
  const placed = showOurs(ours, ep, route, params, defaults);
  if (!reference) return;
  // The reference gets its own copies: the same input, and nothing it could change in ours.
  const theirs = attempt(() => reference.endpoint.defaults(structuredClone(defaults))(route, structuredClone(params)));
  // A difference too deep to write out shows no comparison rather than a half-made one.
  if (attempt(() => showComparison(comparison, compare(ours, theirs, ep, route, params, placed))).error) showComparison(comparison, null);
}

/**
 * showOurs shows the engine's request and where each key went, or its
 * error; and the operation the route is. It returns where each key went,
 * when it is shown, for the comparison.
 */
function showOurs(ours, ep, route, params, defaults) {
  const op = operationOf(route);
  showOperation($("operation"), op);
  if (ours.error) {
    last = null;
    return showError(ours.error);
  }
  // Every text is made before the page changes: one that cannot be (a body
  // too deep for JSON.stringify) is an error, not a half-shown request.
  const file = fileOf(op, params);
  const shown = attempt(() => texts(ours.result, endpointSnippet(defaults, route, params, file), file));
  if (shown.error) {
    last = null;
    return showError(shown.error);
  }
  last = { ep, route, params };
  show(shown.result);
  const declared = (key) => op?.params.find((p) => p.name === key)?.where;
  const placed = placement(ep, route, params);
  showPlacement($("placement"), placed, declared);
  return placed;
}
const comparison = { summary: $("compare-summary"), list: $("compare-list") };

/**
 * fileOf is the file that the body stands for: data holding the catalog's
 * example for it, "@name" (curl's way of naming a file to upload).
 */
function fileOf(op, params) {
  const example = op?.params.find((p) => p.name === "data")?.example;
  return typeof example === "string" && example.startsWith("@") && params.data === example ? example.slice(1) : null;
}

/** texts returns the texts that show request options r, built by the call call, with the body file's bytes when given. */
function texts(r, call, file) {
  return {
    method: r.method,
    url: r.url,
    headers: JSON.stringify(r.headers, null, 2),
    body: r.body === undefined ? "(no body)" : typeof r.body === "string" ? JSON.stringify(r.body) : JSON.stringify(r.body, null, 2),
    call,
    fetch: fetchSnippet(r, file),
    curl: curlCommand(r, file),
  };
}

function show(t) {
  $("error").hidden = true;
  $("result").classList.remove("stale");
  for (const b of copyButtons) b.disabled = false;
  $("out-method").textContent = t.method;
  setText($("out-url"), t.url);
  setText($("out-headers"), t.headers);
  setText($("out-body"), t.body);
  setText($("out-endpoint"), t.call);
  setText($("out-fetch"), t.fetch);
  setText($("out-curl"), t.curl);
}

function showError(e) {
  $("error").hidden = false;
  $("error-code").textContent = e instanceof EndpointError ? e.code : e.code || e.name;
  $("error-message").textContent = e.message;
  $("result").classList.add("stale");
  for (const b of copyButtons) {
    b.disabled = true;
    say(b.nextElementSibling, "");
  }
}

// What the wasm costs: its size and load time (Resource Timing), shown once.
function showCost() {
  const entry = performance.getEntriesByType("resource").find((e) => e.name.endsWith(".wasm"));
  const size = entry && (entry.encodedBodySize || entry.transferSize);
  const parts = [];
  if (size) parts.push(`endpoint.wasm ${(size / 1024).toFixed(0)} KiB`);
  if (entry) parts.push(`loaded in ${Math.round(entry.responseEnd - entry.startTime)} ms, ready ${Math.round(loadedAt)} ms after navigation`);
  $("cost").textContent = parts.join(" · ");
}

/**
 * measure times the shown request when asked (never on its own, so that an
 * idle page costs nothing): about 300 ms of calls in slices of 20 ms, with
 * the page free to respond between slices. An edit meanwhile drops the
 * figure, which would no longer be for the request shown.
 */
let measuring = false;
async function measure() {
  if (measuring) return;
  if (!last) return say($("rate"), "Fix the error first");
  measuring = true;
  const subject = last;
  const { ep, route, params } = subject;
  say($("rate"), "measuring…");
  let calls = 0;
  let spent = 0;
  while (spent < 300) {
    const start = performance.now();
    do {
      for (let i = 0; i < 20; i++) ep(route, params);
      calls += 20;
    } while (performance.now() - start < 20);
    spent += performance.now() - start;
    await new Promise((r) => setTimeout(r));
  }
  measuring = false;
  if (last === subject) say($("rate"), `${Math.round((calls * 1000) / spent).toLocaleString("en")} calls/s for this request`);
}

/** restore sets the fields from the page's hash, when it holds a state; it says whether it did. */
function restore() {
  const values = decodeState(location.hash);
  if (!values) return false;
  const example = EXAMPLES.findIndex(([, route, params]) => route === values.route && values.params === JSON.stringify(params, null, 2));
  if (example >= 0) $("example").value = String(example);
  else startFrom("the request in the link", () => setFields(values));
  setFields(values);
  return true;
}

function setFields(values) {
  for (const f of FIELDS) $(f).value = values[f];
  update();
}

/** copyLink copies the page's url, which update() keeps on the state shown. */
async function copyLink() {
  try {
    if (!navigator.clipboard) throw new Error("no clipboard API");
    await navigator.clipboard.writeText(location.href);
    say($("link-status"), "Link copied", 1500);
  } catch {
    say($("link-status"), "Not copied: the browser refused. The link is in the address bar.");
  }
}

$("version").textContent = endpoint.DEFAULTS.headers["user-agent"];
$("ref-version").textContent = reference ? reference.version : "(could not be loaded)";
if (!restore()) pick(0);
showCost();
performance.mark("demo:ready"); // measure.mjs: navigation to a usable page
document.documentElement.dataset.ready = "true";
