// Nothing of a call stays reachable after it returns, unless its result
// holds it: the shim keeps no answer and no input. Run in Node, with the
// collector exposed to the test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { readFileSync } from "node:fs";
import { endpoint } from "endpoint-wasm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");

/** collected reports whether the value made by make is collected once the calls use it and let go of it. */
async function collected(use) {
  let ref;
  (() => {
    const buffer = new Uint8Array(50 << 20);
    ref = new WeakRef(buffer);
    use(buffer);
  })();
  for (let i = 0; i < 100; i++) endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: `r${i}` });
  for (let i = 0; i < 3 && ref.deref() !== undefined; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
  return ref.deref() === undefined;
}

const uses = {
  "endpoint() with it as data": (b) => endpoint("POST /x", { data: b }),
  "merge() with it as data": (b) => endpoint.merge("POST /x", { data: b }),
  "parse() of merged options holding it": (b) => endpoint.parse(endpoint.merge("POST /x", { data: b })),
  "a body parameter": (b) => endpoint("POST /x", { file: b, title: "t" }),
  "request": (b) => endpoint("GET /x", { request: { b } }),
  "a call that fails": (b) => assert.throws(() => endpoint("GET /x", { data: b })),
  "a client made with it and let go": (b) => endpoint.defaults({ request: { b } })("GET /x"),
};

for (const [what, use] of Object.entries(uses)) {
  test(`a 50 MB buffer given to ${what} is collected once the call returns and the program lets go of it`, async () => {
    assert.ok(await collected(use));
  });
}

test("the test can fail: a buffer the program keeps is not collected", async () => {
  const kept = [];
  assert.equal(await collected((b) => kept.push(endpoint("POST /x", { data: b }))), false);
});

/** settle lets the collector take what the program no longer holds. */
async function settle() {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
}

/** retained returns the bytes of ArrayBuffers use leaves alive, the program having let go of everything. */
async function retained(use) {
  endpoint("GET /x");
  await settle();
  const before = process.memoryUsage().arrayBuffers;
  use();
  await settle();
  return process.memoryUsage().arrayBuffers - before;
}

test("a 10 MB url value the engine reads leaves no copy of it behind", async () => {
  const q = "a".repeat(10 << 20);
  // Longer than a url may be (D29), which the engine finds once it has read it.
  const grew = await retained(() => assert.throws(() => endpoint("POST /search{?q}", { q }), { code: "ERR_INVALID_PARAMETER" }));
  assert.ok(grew < 1 << 20, `${grew} bytes kept`);
});

test("the test can fail: bytes the program keeps are counted", async () => {
  const kept = [];
  assert.ok((await retained(() => kept.push(new Uint8Array(10 << 20)))) >= 10 << 20);
});

/**
 * observed returns an endpoint over a fresh instance, and the memories of
 * the instances it has run on, the first one first: its restarts are
 * counted by the restart function it is given.
 */
async function observed() {
  const { boot, prepare, restarter } = await import("../../dist/load.js");
  const { createEndpoint } = await import("../../dist/shim.js");
  const module = new WebAssembly.Module(readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url)));
  const rt = prepare();
  const instance = new WebAssembly.Instance(module, rt.go.importObject);
  boot(rt, instance, module);
  const memories = [instance.exports.mem];
  const restart = restarter(module);
  const ep = createEndpoint(instance.exports, rt.hooks, () => {
    const fresh = restart();
    memories.push(fresh.exports.mem);
    return fresh;
  });
  return { ep, memories };
}

const KEPT = 64 << 20; // what an instance may keep after a call (docs/design.md, Memory)
const query = (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));

test("a call that grows the engine's memory past 64 MiB is answered, and the calls after it run on a fresh instance holding less; layers made before still work", async () => {
  const { ep, memories } = await observed();
  const client = ep.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token abc" } });
  const want = client("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  const big = ep("GET /x", query(100000));
  assert.equal(big.url, `https://api.github.com/x?${Array.from({ length: 100000 }, (_, i) => `k${i}=v`).join("&")}`);
  assert.equal(memories.length, 2, "a fresh instance was started");
  assert.ok(memories[0].buffer.byteLength >= KEPT, `the call grew the first instance to ${memories[0].buffer.byteLength} bytes`);
  assert.ok(memories[1].buffer.byteLength < KEPT, `the fresh instance holds ${memories[1].buffer.byteLength} bytes`);
  assert.deepEqual(client("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }), want);
  assert.equal(ep("GET /x/{a}", { a: 1 }).url, "https://api.github.com/x/1");
  assert.equal(memories.length, 2, "small calls keep the fresh instance");
});

test("a call that grows the engine's memory but stays under 64 MiB keeps its instance", async () => {
  const { ep, memories } = await observed();
  const before = memories[0].buffer.byteLength;
  assert.ok(ep("GET /x", query(20000)).url.endsWith("&k19999=v"));
  const after = memories[0].buffer.byteLength;
  assert.ok(after > before && after < KEPT, `${before} -> ${after} bytes`);
  assert.equal(ep("GET /x/{a}", { a: 1 }).url, "https://api.github.com/x/1");
  assert.equal(memories.length, 1, "no fresh instance");
});

test("when no fresh instance can be made after a call past 64 MiB, the call still answers, the old instance answers the calls after it, and a later call makes the swap", async () => {
  const { ep, memories } = await observed();
  const client = ep.defaults({ headers: { authorization: "token abc" } });
  const want = client("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  const { Instance } = WebAssembly;
  let tries = 0;
  // Making an instance fails as it does when the process is out of memory.
  WebAssembly.Instance = function () {
    tries++;
    throw new RangeError("WebAssembly.Instance(): Out of memory: Cannot allocate Wasm memory for new instance");
  };
  try {
    const big = ep("GET /x", query(100000));
    assert.equal(big.url, `https://api.github.com/x?${Array.from({ length: 100000 }, (_, i) => `k${i}=v`).join("&")}`);
    assert.equal(tries, 1, "the swap was tried");
    assert.deepEqual(client("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }), want);
    assert.equal(ep("GET /x/{a}", { a: 1 }).url, "https://api.github.com/x/1");
    assert.ok(tries >= 2, "tried again after a later call");
    assert.equal(memories.length, 1, "the old instance answers on");
  } finally {
    WebAssembly.Instance = Instance;
  }
  assert.equal(ep("GET /x/{a}", { a: 2 }).url, "https://api.github.com/x/2");
  assert.equal(memories.length, 2, "a later call made the swap");
  assert.ok(memories[1].buffer.byteLength < KEPT);
  assert.deepEqual(client("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }), want);
});
