// How many times a call pattern enters the engine: a property of the design
// (shim.js keeps the last merge() and its answer), counted, never timed.
// Octokit's calls are the ones the benchmark mirrors (js/bench/octokit.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { prepare, start } from "../../dist/load.js";
import { octokit } from "../bench/octokit.js";

/** counted returns an endpoint over a fresh instance, and a function giving the calls into the engine so far. */
async function counted() {
  const rt = prepare();
  const module = await WebAssembly.compile(readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url)));
  const instance = await WebAssembly.instantiate(module, rt.go.importObject);
  let calls = 0;
  const { ew_call } = instance.exports;
  const exports = { ...instance.exports, ew_call: (n) => (calls++, ew_call(n)) };
  // Go's runtime wants a WebAssembly.Instance: one whose exports are these.
  const wrapped = Object.create(WebAssembly.Instance.prototype, { exports: { value: exports } });
  return { ep: start(rt, wrapped), calls: () => calls };
}

/** perRequest returns the engine calls each of three requests made. */
function perRequest(calls, request) {
  const counts = [];
  for (let i = 0; i < 3; i++) {
    const before = calls();
    request(i);
    counts.push(calls() - before);
  }
  return counts;
}

test("Octokit's request enters the engine twice: merge(route, parameters), then merge and parse of the authenticated options at once", async () => {
  const { ep, calls } = await counted();
  const { request } = octokit(ep, "test");
  const counts = perRequest(calls, (i) => request("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", labels: ["bug", "ui"], page: i }));
  // The first request teaches the shim that parse() follows merge(options).
  assert.deepEqual(counts, [3, 2, 2]);
});

test("Octokit's request with a preview and a body object crosses twice too: the caller's arrays and objects passed through are checked, not distrusted", async () => {
  const { ep, calls } = await counted();
  const { request } = octokit(ep, "test");
  const counts = perRequest(calls, (i) => request("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: `t${i}`, labels: ["bug"], mediaType: { previews: ["squirrel-girl"] } }));
  assert.deepEqual(counts, [3, 2, 2]);
});

test("a changed result is sent again: a preview pushed into the passed-through array after merge() reaches parse() (D21)", async () => {
  const { ep } = await counted();
  const { endpoint } = octokit(ep, "test");
  const m = endpoint.merge(endpoint.merge("GET /x", { mediaType: { previews: ["a"] } }), undefined);
  endpoint.parse(m); // pairing learned
  const m2 = endpoint.merge(m, undefined);
  m2.mediaType.previews.push("b");
  assert.equal(endpoint.parse(m2).headers.accept, "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json");
});

test("the next page enters the engine twice per page, once the first has taught the shim that parse() follows", async () => {
  const { ep, calls } = await counted();
  const next = octokit(ep, "test").pages("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 });
  const counts = perRequest(calls, (i) => next(`https://api.github.com/repositories/1296269/issues?per_page=100&page=${i + 2}`));
  assert.deepEqual(counts, [3, 2, 2]);
});
