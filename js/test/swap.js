// The instance swap after a large call (docs/design.md, Memory), as cases
// that run in Node (memory.test.js) and in Chromium (pages/swap.html): each
// is [behaviour sentence, fn(module, load, shim)], with module the compiled
// endpoint.wasm and load and shim the modules dist/load.js and
// dist/shim.js. It uses no Node or DOM API that the other runtime lacks.
import { ok, same } from "./suite.js";

/** KEPT is what an instance may keep after a call (docs/design.md, Memory). */
export const KEPT = 32 << 20;

/**
 * observed returns an endpoint over a fresh instance of module, and the
 * memories of the instances it has run on, the first one first: the
 * restart function it is given counts the fresh instances.
 */
function observed(module, { boot, prepare, restarter }, { createEndpoint }) {
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

const query = (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));
const url = (n) => `https://api.github.com/x?${Array.from({ length: n }, (_, i) => `k${i}=v`).join("&")}`;
const ROUTE = "GET /repos/{owner}/{repo}";
// A call that grows the memory well past 32 MiB (to about 90 MiB): the
// accept header of 400,000 previews (D25).
const names = Array.from({ length: 400000 }, (_, i) => i.toString(36));
const ACCEPT = names.map((n) => `application/vnd.github.${n}-preview+json`).join(",");
const large = (ep) => same(ep("GET /x", { mediaType: { previews: names } }).headers.accept === ACCEPT, true, "the large call's accept header is right");

export const swapCases = [
  ["a call that grows the engine's memory past 32 MiB is answered right, and the calls after it run on a fresh instance holding less; a client made with .defaults() before works on", (...m) => {
    const { ep, memories } = observed(...m);
    const client = ep.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token abc" } });
    const want = client(ROUTE, { owner: "o", repo: "r" });
    large(ep);
    same(memories.length, 2, "instances");
    ok(memories[0].buffer.byteLength >= KEPT, `the call grew the first instance to ${memories[0].buffer.byteLength} bytes`);
    ok(memories[1].buffer.byteLength < KEPT, `the fresh instance holds ${memories[1].buffer.byteLength} bytes`);
    same(client(ROUTE, { owner: "o", repo: "r" }), want, "the client's answer after the swap");
    same(ep("GET /x/{a}", { a: 1 }).url, "https://api.github.com/x/1");
    same(ep.merge("GET /x", { mediaType: { previews: ["a-preview", "b"] } }).mediaType.previews, ["a", "b"]);
    same(memories.length, 2, "small calls keep the fresh instance");
  }],
  ["a call that grows the engine's memory but stays under 32 MiB keeps its instance", (...m) => {
    const { ep, memories } = observed(...m);
    const before = memories[0].buffer.byteLength;
    same(ep("GET /x", query(20000)).url, url(20000), "the call's url");
    const after = memories[0].buffer.byteLength;
    ok(after > before && after < KEPT, `${before} -> ${after} bytes`);
    same(ep("GET /x/{a}", { a: 1 }).url, "https://api.github.com/x/1");
    same(memories.length, 1, "instances");
  }],
  ["when no fresh instance can be made after a call past 32 MiB, the call still answers, the old instance answers the calls after it, and a later call makes the swap", (...m) => {
    const { ep, memories } = observed(...m);
    const client = ep.defaults({ headers: { authorization: "token abc" } });
    const want = client(ROUTE, { owner: "o", repo: "r" });
    const { Instance } = WebAssembly;
    let tries = 0;
    // Making an instance fails as it does when the process is out of memory.
    WebAssembly.Instance = function () {
      tries++;
      throw new RangeError("WebAssembly.Instance(): Out of memory: Cannot allocate Wasm memory for new instance");
    };
    try {
      large(ep);
      same(tries, 1, "tries to make a fresh instance");
      same(client(ROUTE, { owner: "o", repo: "r" }), want, "the client's answer");
      same(ep("GET /x/{a}", { a: 1 }).url, "https://api.github.com/x/1");
      ok(tries >= 2, "tried again after a later call");
      same(memories.length, 1, "the old instance answers on");
    } finally {
      WebAssembly.Instance = Instance;
    }
    same(ep("GET /x/{a}", { a: 2 }).url, "https://api.github.com/x/2");
    same(memories.length, 2, "a later call made the swap");
    ok(memories[1].buffer.byteLength < KEPT, `the fresh instance holds ${memories[1].buffer.byteLength} bytes`);
    same(client(ROUTE, { owner: "o", repo: "r" }), want, "the client's answer after the swap");
  }],
];

/** runSwap runs swapCases, giving each name and ok or error, as runAll does. */
export function runSwap(module, load, shim) {
  return swapCases.map(([name, fn]) => {
    try {
      fn(module, load, shim);
      return { name, ok: true };
    } catch (e) {
      return { name, ok: false, error: e && e.stack || String(e) };
    }
  });
}
