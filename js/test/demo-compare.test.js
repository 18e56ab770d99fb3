// The demo's logic in Node, without a browser: the catalog search, where each
// parameter went (asked of the engine), the detectors that name the rule
// behind each difference from @octokit/endpoint, and the shared link.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { endpoint } from "endpoint-wasm";
import { endpoint as reference } from "@octokit/endpoint";
import { compactCatalog } from "../../web/demo/prepare.mjs";
import { exampleParams, operations, search } from "../../web/demo/catalog.js";
import { attempt, compare } from "../../web/demo/compare.js";
import { placement } from "../../web/demo/placement.js";
import { decodeState, encodeState } from "../../web/demo/share.js";
import { curlCommand, fetchSnippet } from "../../web/demo/snippets.js";
import { renderMarkdown } from "../../web/demo/markdown.mjs";
import { createServer } from "node:http";
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const source = JSON.parse(readFileSync(new URL("../../catalog/github-rest.json", import.meta.url), "utf8"));
const ops = operations(JSON.parse(compactCatalog(source)).ops);
const DEFAULTS = { headers: { authorization: "token <ACCESS_TOKEN>" } };

/** differences runs the call through both libraries as the page does and returns { field: "rules" or "unexplained" }. */
function differences(route, params, defaults = DEFAULTS) {
  let ep;
  const ours = attempt(() => (ep = endpoint.defaults(defaults))(route, params));
  const theirs = attempt(() => reference.defaults(structuredClone(defaults))(route, structuredClone(params)));
  const named = {};
  for (const d of compare(ours, theirs, ep, route, params)) named[d.field] = d.explained ? d.explanations.map((x) => x.rules.join("+")).join(" ") : "unexplained";
  return named;
}

const ALWAYS = { method: "D3", "headers.user-agent": "D1" };

test("demo: the compact catalog holds every operation of catalog/github-rest.json, with its parameters", () => {
  assert.equal(ops.length, source.ops.length);
  assert.ok(ops.length > 1000);
  const get = ops.find((op) => op.id === "repos/get-content");
  assert.deepEqual(get, { ...get, route: "GET /repos/{owner}/{repo}/contents/{path}", params: source.ops.find((o) => o.id === "repos/get-content").p.map(([name, where, type, required, example]) => ({ name, where, type, required: required === 1, example })) });
});

test("demo: a search matches every word in method, url, summary or id; a method or url prefix ranks first", () => {
  const found = search(ops, "issues comment");
  assert.ok(found.length > 3 && found.every((op) => op.text.includes("issues") && op.text.includes("comment")), found.map((o) => o.id).join());
  const patch = search(ops, "PATCH /repos");
  assert.equal(patch[0].route, "PATCH /repos/{owner}/{repo}");
  assert.ok(patch.every((op) => op.text.includes("patch") && op.text.includes("/repos")));
  assert.deepEqual(search(ops, "  "), []);
});

test("demo: an operation's example parameters put the required ones first, and a body with a field named url in data (D15, D31)", () => {
  const op = ops.find((o) => o.id === "orgs/list-attestations-bulk");
  assert.deepEqual(Object.keys(exampleParams(op)), ["org", "subject_digests", "per_page", "before", "after", "predicate_type"]);
  const withURL = ops.filter((o) => o.params.some((p) => p.name === "url" && p.where === "body")).map((o) => o.id);
  assert.deepEqual(withURL, ["apps/update-webhook-config-for-app", "orgs/update-webhook-config-for-org", "private-registries/create-org-private-registry",
    "private-registries/update-org-private-registry", "repos/update-webhook-config-for-repo"]);
  assert.deepEqual(exampleParams(ops.find((o) => o.id === "repos/update-webhook-config-for-repo")), {
    owner: "octokit", repo: "rest.js", hook_id: 42,
    data: { url: "https://example.com/webhook", content_type: "json", secret: '"********"', insecure_ssl: "insecure-ssl-example" },
  });
  const registry = exampleParams(ops.find((o) => o.id === "private-registries/create-org-private-registry"));
  assert.deepEqual([Object.keys(registry), Object.keys(registry.data).slice(0, 2)], [["org", "data"], ["registry_type", "url"]], "the required body fields first, in data");
  assert.deepEqual(exampleParams(ops.find((o) => o.id === "markdown/render-raw")).headers, { "content-type": "text/plain; charset=utf-8" });
});

test("demo: every catalog operation's example call differs from the reference only by D1 and D3, each named (no unexplained difference)", () => {
  const other = [];
  for (const op of ops) {
    const named = differences(op.route, exampleParams(op));
    if (JSON.stringify(named) !== JSON.stringify(ALWAYS)) other.push(`${op.id}: ${JSON.stringify(named)}`);
  }
  assert.deepEqual(other, []);
});

test("demo: each detector names its rule for the difference it explains", () => {
  const cases = [
    ["GET /repos/{owner}/{repo}/issues{?per_page}", { owner: "o", repo: "r" }, { url: "D11" }], // a stray ?
    ["GET /x{?a,b}", { b: 1 }, { url: "D11" }], // ?&b=1
    ["GET /x{;a}", {}, { url: "D11" }],
    ["GET /x{?a}", { a: [] }, { url: "D11" }], // an empty list is undefined
    ["GET /x{?a*}", { a: { b: 1, c: 2 } }, { url: "D11" }], // explode
    ["GET /x/{a:3}", { a: "abcdef" }, { url: "D13" }], // the reference also appends a
    ["GET /x{?a:2}", { a: "abc" }, { url: "D13" }], // ... a query key too
    ["GET /x/:a", { a: "b" }, { url: "D9" }], // a one-letter :name
    ["POST /x/:a", { a: "b" }, { url: "D9", "headers.content-type": "D20", body: "D9" }],
    ["GET x", {}, { url: "D8" }], // the reference writes https://api.github.comx
    ["GET /x", { baseUrl: "https://h.example/" }, { url: "D8" }],
    ["GET /x{#s}", { s: "f", q: "1" }, { url: "Spec rule 4" }], // the reference writes /x#f?q=1
    ["GET /repos/{owner}/{repo}", { owner: "o", repo: "r", mediaType: { previews: ["mercy"] } }, { "headers.accept": "D25" }],
    ["GET /x", { headers: { "x-a": null } }, { "headers.x-a": "D22" }],
    ["FETCH /x", {}, { outcome: "D4 D28" }],
    ["GET /x y", {}, { outcome: "D6 D28" }],
    ["", {}, { outcome: "D7 D28" }],
    ["GET /x", { baseUrl: "not a url" }, { outcome: "D8 D28" }],
    ["GET /x{", {}, { outcome: "D14 D28" }],
    ["GET /x", { a: { b: 1 } }, { outcome: "D16 D28" }],
    ["GET /x/{a:2}", { a: [1] }, { outcome: "D11+D12 D28" }],
    ["GET /x{?a:2}", { a: [1] }, { outcome: "D11+D12 D28" }], // a query key of the template: not D16
    ["GET /x", { data: "hi" }, { outcome: "D19 D28" }],
    ["GET /x", { headers: { "x-a": "a\nb" } }, { outcome: "D22 D28" }],
    ["POST /graphql", { query: "q", mediaType: { previews: ["mercy"] } }, {}], // previews on /graphql: the same
    ["PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", { owner: "o", repo: "r", hook_id: 1, url: "https://hooks.example.com/x" }, { outcome: "D31 D28" }], // the reference sends it there
    ["DELETE /repos/{owner}/{repo}", { owner: "o", repo: ".." }, { outcome: "D32 D28" }],
    ["GET /x", { "fields[]": [1, null, 2], b: [1, 2] }, { url: "D33" }],
    ["GET /x", { "fields[]": [[1]] }, { outcome: "D33 D28" }],
    ["GET /repos/{owner}/{repo}/issues", { owner: "o", reop: "r" }, { outcome: "D34 D28" }],
  ];
  for (const [route, params, want] of cases) {
    const named = differences(route, params);
    const { method, "headers.user-agent": ua, ...rest } = named;
    assert.deepEqual(rest, want, `${route} ${JSON.stringify(params)}`);
  }
});

test("demo: a difference no detector explains is shown as unexplained", () => {
  const route = "POST /repos/{owner}/{repo}/issues", params = { owner: "o", repo: "r", title: "t" };
  const ep = endpoint.defaults({});
  const ours = attempt(() => ep(route, params));
  const theirs = { result: { ...ours.result, method: "post", body: { title: "changed" } } };
  assert.deepEqual(compare(ours, theirs, ep, route, params).map((d) => [d.field, d.explained]), [["body", false]]);
  // The engine built, the reference threw: nothing explains it either.
  assert.deepEqual(compare(ours, { error: new TypeError("x") }, ep, route, params).map((d) => [d.field, d.explained]), [["outcome", false]]);
});

test("demo: placement reads from the engine where each key went: url, query, body, option, or not sent (spec rule 4, D13, D19)", () => {
  const where = (route, params) => Object.fromEntries(placement(endpoint, route, params).map((p) => [p.key, p.to]));
  assert.deepEqual(where("GET /orgs/{org}/repos", { org: "o", type: "public", headers: {} }), { org: "url", type: "query", headers: "option" });
  assert.deepEqual(where("PATCH /repos/{owner}/{repo}", { owner: "o", repo: null, name: "t" }), { owner: "url", repo: "url", name: "body" });
  assert.deepEqual(where("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" }), { owner: "url", repo: "url", state: "query" }, "no probe leaves a middle segment without its value (D34)");
  assert.deepEqual(where("GET /x/{a:3}{?b,c:2}", { a: "abcdef", b: [], c: "xyz" }), { a: "url", b: "query", c: "query" });
  assert.deepEqual(where("POST /x/{id}{?name}", { id: 1, name: "n", label: "l", data: "raw" }), { id: "url", name: "query", label: "unused", data: "option" });
  // Each probed key costs three builds: past the first 200 keys, none is asked.
  const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));
  const placed = placement(endpoint, "GET /x", many);
  assert.deepEqual([placed[199].to, placed[200].to, placed[999].note], ["query", "unknown", "not asked of the engine: only the first 200 keys are"]);
  // Which query keys the url template uses: asked of the engine too.
  assert.deepEqual(placement(endpoint, "GET /x{?a}", { a: 1, b: 2 }).map((p) => [p.key, p.to, p.template]), [["a", "query", true], ["b", "query", false]]);
});

test("demo: a shared link restores every field and never carries a credential (D23)", () => {
  const values = { route: "POST /x", params: '{\n  "a": 1,\n  "headers": { "Authorization": "token secret1" }\n}', baseUrl: "https://h.example", headers: '{"authorization":"bearer secret2","x":"y"}', previews: "mercy", format: "raw" };
  const hash = encodeState(values);
  assert.doesNotMatch(hash, /secret/);
  assert.deepEqual(decodeState(`#${hash}`), {
    ...values,
    params: '{\n  "a": 1,\n  "headers": {\n    "Authorization": "token <ACCESS_TOKEN>"\n  }\n}',
    headers: '{"authorization":"token <ACCESS_TOKEN>","x":"y"}',
  });
  assert.equal(decodeState("#route=x&params=%7B%20not").params, "{ not", "text that is not JSON comes back as typed");
  // However the key is spelt, and in text that is not JSON yet.
  for (const params of ['{"headers":{"\\u0061uthorization":"token secret3"}}', '{"headers":{"AUTHORIZ\\u0041TION":"token secret3"}}', "{authorization: 'token secret3'}", '{"a": "\\u0073ecret3"']) {
    assert.doesNotMatch(decodeURIComponent(encodeState({ route: "GET /x", params })), /secret3|\\u0073/, params);
  }
  assert.match(encodeState({ route: "GET /x", params: '{"headers":{"authorization":null}}' }), /null/, "a header set to null stays null (D22)");
  assert.equal(decodeState(`#${encodeState({ route: "GET /x", baseUrl: "https://me:ghp_secret4@h.example/api" })}`).baseUrl, "https://h.example/api", "no userinfo");
  assert.equal(decodeState("#nothing=1"), null);
});

// A member whose name says token, secret, password or credential, at any
// depth, in any case ("access_token", "vcs_password", a webhook config's
// "secret", "credentials"): the catalog records no descriptions, so its
// names decide.
const CREDENTIAL_NAME = /token|secret|password|credential/i;

/** credentialLeaves returns [path, value] for each string or number under a credential name in v. */
function credentialLeaves(v, path = "", under = false) {
  if (v === null || typeof v !== "object") return under && (typeof v === "string" || typeof v === "number") ? [[path, v]] : [];
  return Object.entries(v).flatMap(([k, x]) => credentialLeaves(x, `${path}.${k}`, under || CREDENTIAL_NAME.test(k)));
}

test("demo: the shared link of every catalog operation's example carries none of its credentials' values in clear (D23)", () => {
  let checked = 0;
  const names = new Set();
  for (const op of ops) {
    const params = exampleParams(op);
    const leaves = credentialLeaves(params);
    if (!leaves.length) continue;
    const hash = encodeState({ route: op.route, params: JSON.stringify(params, null, 2) });
    const shared = JSON.parse(decodeState(`#${hash}`).params);
    for (const [path, value] of leaves) {
      const got = path.split(".").slice(1).reduce((o, k) => o[k], shared);
      assert.equal(got, "[redacted]", `${op.id}: ${path} is ${JSON.stringify(got)} in the link`);
      // A value that no other member holds must not be anywhere in the link.
      const elsewhere = JSON.stringify(params).split(JSON.stringify(value)).length > 2;
      if (!elsewhere && String(value).length >= 6) assert.ok(!decodeURIComponent(hash).includes(String(value)), `${op.id}: ${path}'s value is in the link`);
      names.add(path.split(".").at(-1).replace(/^\d+$/, path.split(".").at(-2)));
      checked++;
    }
    // What is not a credential comes back as it was.
    assert.deepEqual(credentialLeaves(shared).length, leaves.length, op.id);
  }
  for (const name of ["credentials", "vcs_password", "secret", "oidc_token", "token", "access_token"]) assert.ok(names.has(name), `no example holds ${name}`);
  assert.ok(checked > 30, `${checked} credential values checked`);
  // A credential in a query string typed in the route, its name spelt in any case or percent-encoded.
  const route = "POST /users/u/packages/npm/p/restore?Token=ghu_tok1;x y&acc%65ss_token=ghu_tok2&page=2#client_secret=tok3";
  assert.equal(decodeState(`#${encodeState({ route })}`).route, "POST /users/u/packages/npm/p/restore?Token=[redacted]&acc%65ss_token=[redacted]&page=2#client_secret=[redacted]");
  // JSON that does not parse yet, naming one, is left out.
  assert.equal(decodeState(`#${encodeState({ route: "GET /x", params: '{"vcs_password": "hunter2' })}`).params, "");
});

test("demo: the curl and fetch snippets send the request the page shows, byte for byte", async () => {
  const got = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      got.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.end("ok");
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const baseUrl = `http://127.0.0.1:${server.address().port}`;
    // A body starting with @ (a file, to curl's --data-binary), brackets in
    // the url (a glob, to curl), an empty header (dropped by "name:").
    const r = endpoint("POST /upload/{+path}", { baseUrl, path: "a[1-3].md", data: "@/etc/hostname", headers: { "x-empty": "", "content-type": "text/plain" } });
    await promisify(execFile)("sh", ["-c", curlCommand(r)], { timeout: 10000 });
    assert.equal(got.length, 1);
    assert.deepEqual([got[0].method, got[0].url, got[0].body, got[0].headers["x-empty"]], ["POST", "/upload/a[1-3].md", "@/etc/hostname", ""]);
  } finally {
    server.close();
  }
  // A "__proto__" key is a key (D30), in the body and in the headers.
  const r = endpoint("POST /x", { title: "t", ["__proto__"]: { a: 1 }, headers: { ["__proto__"]: "x" } });
  let init;
  await new Function("fetch", `return (async () => { ${fetchSnippet(r)} })()`)(async (url, i) => (init = i));
  assert.equal(init.body, '{"title":"t","__proto__":{"a":1}}');
  assert.ok(Object.hasOwn(init.headers, "__proto__"));
});

test("demo: the rules page shows a fenced code block as code, its lines kept and escaped", () => {
  const html = renderMarkdown("Before.\n\n```js\nendpoint(\"GET /x\", { a: 1 });\nif (a < b) {}\n```\n\nAfter.");
  assert.equal(html, '<p>Before.</p>\n<pre><code>endpoint(&quot;GET /x&quot;, { a: 1 });\nif (a &lt; b) {}</code></pre>\n<p>After.</p>');
  assert.match(renderMarkdown(readFileSync(new URL("../../docs/behaviour.md", import.meta.url), "utf8")), /<pre><code>endpoint\(&quot;PATCH /);
});
