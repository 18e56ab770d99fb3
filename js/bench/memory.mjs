// Memory of `make bench` (Node): the wasm linear memory of one instance
// over 1,000,000 mixed calls, and around calls with 10 MB bodies. A wasm
// memory never shrinks, so "back to its size" after a 10 MB body means it
// did not grow: the engine never needs a body's bytes (issue 9).
import { prepare, start } from "../../dist/load.js";
import { bodyCall } from "./bodies.js";
import { calls as eightCalls } from "./calls.js";
import { octokit } from "./octokit.js";

/**
 * mixer returns a function making the i-th call of a mix: catalog
 * operations directly and through Octokit's calls, a new next-page url
 * each time (so the urls never repeat), and the eight calls.
 */
function mixer(ep, calls, userAgent) {
  const o = octokit(ep, userAgent);
  const next = o.pages("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 });
  const eight = eightCalls(ep).map(([, fn]) => fn);
  let page = 1;
  return (i) => {
    const c = calls[i % calls.length];
    switch (i % 4) {
      case 0: return ep(c.route, c.options());
      case 1: return o.request(c.route, c.options());
      case 2: return next(`https://api.github.com/repositories/1296269/issues?state=open&per_page=100&page=${++page}`);
      default: return eight[(i >> 2) % eight.length]();
    }
  };
}

/**
 * measureMemory returns the linear memory's size (bytes) at each step, how
 * many mixed calls it made and how long they took. It stops the mixed calls
 * at capSeconds even short of `mixed`, so that a slow engine cannot hold
 * `make bench` for many minutes; run.mjs then reports the target as not shown.
 */
export function measureMemory(bytes, calls, userAgent, { mixed = 1000000, capSeconds = 120 } = {}) {
  const rt = prepare();
  const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), rt.go.importObject);
  const ep = start(rt, inst);
  const size = () => inst.exports.mem.buffer.byteLength;
  const call = mixer(ep, calls, userAgent);
  for (let i = 0; i < 20000; i++) call(i);
  const warm = size();
  const t = performance.now();
  let done = 0;
  while (done < mixed && performance.now() - t < capSeconds * 1000) {
    for (const end = Math.min(mixed, done + 10000); done < end; done++) call(done);
  }
  const seconds = (performance.now() - t) / 1000;
  const afterMixed = size();
  for (const shape of ["string", "object", "base64 content", "data"]) bodyCall(ep, shape, 10 << 20);
  const afterBodies = size();
  for (let i = 0; i < 20000; i++) call(i);
  return { mixed, done, seconds, warm, afterMixed, afterBodies, end: size() };
}
