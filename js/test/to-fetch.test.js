// toFetch (D5) in Node: the whole fetch arguments it gives, and why it
// exists: fetch sends a lower-case "patch" as written, which Node's own HTTP
// server refuses.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { endpoint, toFetch } from "endpoint-wasm";

const UA = endpoint.DEFAULTS.headers["user-agent"];

test("toFetch upper-cases the method, turns header values into strings and serialises a built body (D5, D22)", () => {
  const r = endpoint("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n", headers: { "x-count": 2, "x-dry": false } });
  assert.deepEqual(toFetch(r), [
    "https://api.github.com/repos/o/r",
    {
      method: "PATCH",
      headers: { accept: "application/vnd.github.v3+json", "user-agent": UA, "x-count": "2", "x-dry": "false", "content-type": "application/json; charset=utf-8" },
      body: '{"name":"n"}',
    },
  ]);
});

test("toFetch passes data as it is and request.signal on, and keeps a __proto__ header a header (D19, D27, D30)", () => {
  const data = new Uint8Array([1, 2]);
  const signal = new AbortController().signal;
  const [, init] = toFetch(endpoint("POST /x", { data, request: { signal }, headers: JSON.parse('{"__proto__":1}') }));
  assert.equal(init.body, data);
  assert.equal(init.signal, signal);
  assert.equal(Object.getPrototypeOf(init.headers), Object.prototype);
  assert.deepEqual(Object.entries(init.headers), [["accept", "application/vnd.github.v3+json"], ["user-agent", UA], ["__proto__", "1"]]);
});

test("fetch sends a lower-case patch as written and Node's http server answers 400; toFetch's PATCH gets through (D3, D5)", async () => {
  const methods = [];
  const server = createServer((req, res) => {
    methods.push(req.method);
    res.end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const r = endpoint("PATCH /x", { baseUrl: `http://127.0.0.1:${server.address().port}`, a: 1 });
    const raw = await fetch(r.url, { method: r.method, headers: toFetch(r)[1].headers, body: JSON.stringify(r.body) });
    const viaToFetch = await fetch(...toFetch(r));
    assert.deepEqual([r.method, raw.status, viaToFetch.status, methods], ["patch", 400, 200, ["PATCH"]]);
  } finally {
    server.close();
  }
});
