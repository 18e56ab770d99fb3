// Memory of `make bench` (Node): the wasm linear memory of one instance
// over 1,000,000 mixed calls, and around calls with 10 MB bodies. A wasm
// memory never shrinks, so "back to its size" after a 10 MB body means it
// did not grow: the engine never needs a body's bytes.
import { prepare, start } from "../../dist/load.js";
import { bodyCall } from "./bodies.js";
import { calls as eightCalls } from "./calls.js";
import { TOKEN } from "./octokit.js";

/**
 * mixer returns a function making the i-th call of a mix of what programs
 * do: catalog operations directly and through a new client with a token
 * of its own (so clients never repeat), a new next-page url each time on
 * a long-lived client, merge() then a changed header then parse(), and
 * the eight calls.
 */
function mixer(ep, calls) {
  const client = ep.defaults({ headers: { authorization: `token ${TOKEN}` } });
  const eight = eightCalls(ep).map(([, fn]) => fn);
  let page = 1, made = 0;
  return (i) => {
    const c = calls[i % calls.length];
    switch (i % 5) {
      case 0: return ep(c.route, c.options());
      case 1: return ep.defaults({ headers: { authorization: `token ghs_${String(++made).padStart(36, "0")}` } })(c.route, c.options());
      case 2: return client({ method: "GET", url: `https://api.github.com/repositories/1296269/issues?state=open&per_page=100&page=${++page}` });
      case 3: {
        const m = ep.merge(c.route, c.options());
        m.headers.authorization = `token ${TOKEN}`;
        return ep.parse(m);
      }
      default: return eight[Math.floor(i / 5) % eight.length]();
    }
  };
}

/**
 * measureMemory returns the linear memory's size (bytes) at each step, how
 * many mixed calls it made and how long they took. It stops the mixed calls
 * at capSeconds even short of `mixed`, so that a slow engine cannot hold
 * `make bench` for many minutes; run.mjs then says where it stopped.
 */
export function measureMemory(bytes, calls, { mixed = 1000000, capSeconds = 120 } = {}) {
  const rt = prepare();
  const module = new WebAssembly.Module(bytes);
  const inst = new WebAssembly.Instance(module, rt.go.importObject);
  const ep = start(rt, inst, module); // the module, which a pre-initialised instance is restored from
  const size = () => inst.exports.mem.buffer.byteLength;
  const call = mixer(ep, calls);
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
