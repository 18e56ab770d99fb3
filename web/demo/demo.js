// The demo: builds request options as the user types, with the package
// imported by name exactly as an app would.
import { endpoint, EndpointError, toFetch } from "endpoint-wasm";

const loadedAt = performance.now(); // the import resolves once the wasm is loaded

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
const inputs = ["route", "params", "baseUrl", "headers", "previews", "format"].map($);

for (const [i, [label]] of EXAMPLES.entries()) $("example").add(new Option(label, String(i)));
$("example").addEventListener("change", () => pick(Number($("example").value)));
for (const el of inputs) el.addEventListener("input", update);
for (const b of document.querySelectorAll("[data-copy]")) {
  b.addEventListener("click", async () => {
    await navigator.clipboard?.writeText($(b.dataset.copy).textContent).catch(() => {});
    b.textContent = "Copied";
    setTimeout(() => (b.textContent = "Copy"), 1200);
  });
}

function pick(i) {
  const [, route, params] = EXAMPLES[i];
  $("route").value = route;
  $("params").value = JSON.stringify(params, null, 2);
  update();
}

/** parseJSON reads a JSON field, or throws an error naming it. */
function parseJSON(id, fallback) {
  const text = $(id).value.trim();
  if (!text) return fallback;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw Object.assign(new Error(`${id}: ${e.message}`), { code: "invalid JSON" });
  }
}

/** current reads the form into the endpoint to call and its arguments. */
function current() {
  const defaults = { baseUrl: $("baseUrl").value.trim() || undefined, headers: parseJSON("headers", {}) };
  const previews = $("previews").value.split(",").map((s) => s.trim()).filter(Boolean);
  if (previews.length) defaults.mediaType = { previews };
  const params = parseJSON("params", {});
  if ($("format").value.trim()) params.mediaType = { ...params.mediaType, format: $("format").value.trim() };
  return { ep: endpoint.defaults(defaults), route: $("route").value, params };
}

let last = null;
function update() {
  try {
    const { ep, route, params } = current();
    const r = ep(route, params);
    last = { ep, route, params };
    show(r);
  } catch (e) {
    last = null;
    showError(e);
  }
}

function show(r) {
  $("error").hidden = true;
  $("result").classList.remove("stale");
  $("out-method").textContent = r.method;
  $("out-url").textContent = r.url;
  $("out-headers").textContent = JSON.stringify(r.headers, null, 2);
  $("out-body").textContent = r.body === undefined ? "(no body)" : typeof r.body === "string" ? JSON.stringify(r.body) : JSON.stringify(r.body, null, 2);
  $("out-fetch").textContent = fetchSnippet(r);
  $("out-curl").textContent = curlCommand(r);
}

function showError(e) {
  $("error").hidden = false;
  $("error-code").textContent = e instanceof EndpointError ? e.code : e.code || e.name;
  $("error-message").textContent = e.message;
  $("result").classList.add("stale");
}

function fetchSnippet(r) {
  const [url, init] = toFetch(r);
  const lines = [`const response = await fetch(${JSON.stringify(url)}, {`, `  method: ${JSON.stringify(init.method)},`, `  headers: ${JSON.stringify(init.headers, null, 2).replace(/\n/g, "\n  ")},`];
  if (init.body !== undefined) lines.push(`  body: ${typeof r.body === "string" ? JSON.stringify(init.body) : `JSON.stringify(${JSON.stringify(r.body)})`},`);
  lines.push("});");
  return lines.join("\n");
}

const shq = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
function curlCommand(r) {
  const parts = [`curl -X ${r.method.toUpperCase()} ${shq(r.url)}`];
  for (const [k, v] of Object.entries(r.headers)) parts.push(`-H ${shq(`${k}: ${v}`)}`);
  if (r.body !== undefined) parts.push(`--data-binary ${shq(typeof r.body === "string" ? r.body : JSON.stringify(r.body))}`);
  return parts.join(" \\\n  ");
}

// What the wasm costs: its size and load time (Resource Timing), and a live
// calls/s figure measured with the current inputs.
function showCost(rate) {
  const entry = performance.getEntriesByType("resource").find((e) => e.name.endsWith(".wasm"));
  const size = entry && (entry.encodedBodySize || entry.transferSize);
  const parts = [];
  if (size) parts.push(`endpoint.wasm ${(size / 1024).toFixed(0)} KiB`);
  if (entry) parts.push(`loaded in ${Math.round(entry.responseEnd - entry.startTime)} ms, ready ${Math.round(loadedAt)} ms after navigation`);
  parts.push(rate ? `${Math.round(rate).toLocaleString("en")} calls/s for this request` : "measuring calls/s…");
  $("cost").textContent = parts.join(" · ");
}

function measure() {
  if (last) {
    const { ep, route, params } = last;
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < 50) {
      for (let i = 0; i < 50; i++) ep(route, params);
      n += 50;
    }
    showCost((n * 1000) / (performance.now() - start));
  }
  setTimeout(measure, 1000);
}

$("version").textContent = endpoint.DEFAULTS.headers["user-agent"];
pick(0);
showCost(0);
measure();
document.documentElement.dataset.ready = "true";
