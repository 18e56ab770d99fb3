// Nothing of a call stays reachable after it returns, unless its result
// holds it: the shim keeps no answer and no input. Run in Node, with the
// collector exposed to the test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { readFileSync } from "node:fs";
import { endpoint } from "endpoint-wasm";
import { swapCases } from "./swap.js";

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

/**
 * retained returns the bytes of ArrayBuffers use leaves alive, the program
 * having let go of everything. V8 frees an ArrayBuffer's memory on a thread
 * of its own after the collection that found it dead, later on a busy
 * machine: the count is read again, a few times, while it goes down.
 */
async function retained(use) {
  endpoint("GET /x");
  await settle();
  const before = process.memoryUsage().arrayBuffers;
  use();
  let after = Infinity;
  for (let i = 0; i < 10; i++) {
    await settle();
    const now = process.memoryUsage().arrayBuffers;
    if (now >= after) break;
    after = now;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return after - before;
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

const load = await import("../../dist/load.js");
const shim = await import("../../dist/shim.js");
const module = new WebAssembly.Module(readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url)));
for (const [name, fn] of swapCases) test(name, () => fn(module, load, shim));
