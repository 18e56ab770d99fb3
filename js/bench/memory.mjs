// Memory of `make bench` (Node): the wasm linear memory of one instance
// over 1,000,000 mixed calls, and around calls with 10 MB bodies. A wasm
// memory never shrinks, so "back to its size" after a 10 MB body means it
// did not grow: the engine never needs a body's bytes.
import { execFileSync } from "node:child_process";
import { prepare, start } from "../../dist/load.js";
import { SHAPES } from "./keeps.mjs";
import { printTargets } from "./report.js";
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

/**
 * measureKeeps runs each large shape of keeps.mjs in a fresh Node process,
 * for endpoint-wasm and for the reference, and returns, for each, what
 * the process's resident set (RSS) grew by over the call, 200 small calls
 * and a collection, and the large call's time.
 */
export function measureKeeps(shapes = Object.keys(SHAPES)) {
  const run = (shape, which) => JSON.parse(execFileSync(process.execPath, ["--expose-gc", KEEPS, shape, which], { encoding: "utf8" }));
  return shapes.map((shape) => ({ shape, wasm: run(shape, "wasm"), ref: run(shape, "ref") }));
}

/** keepsTargets prints the rows of measureKeeps and returns their targets, for printTargets. */
export function keepsTargets(rows) {
  const MB = (n) => `${(n / 1e6).toFixed(0)} MB`;
  console.log("\nmemory after one large call (Node: what the process's RSS grew by, after the call, 200 small calls and a collection; a fresh process for each)");
  console.log("shape".padEnd(44), "endpoint-wasm".padStart(14), "reference".padStart(10), "time ratio".padStart(11));
  const targets = [];
  for (const { shape, wasm, ref } of rows) {
    const ratio = wasm.seconds / ref.seconds;
    console.log(shape.padEnd(44), MB(wasm.kept).padStart(14), MB(ref.kept).padStart(10), `${ratio.toFixed(2)}x`.padStart(11));
    const bound = Math.max(64e6, ref.kept);
    targets.push([`${shape}: keeps at most 64 MB or the reference's own figure`, wasm.kept <= bound, `${MB(wasm.kept)}, bound ${MB(bound)}`]);
    targets.push([`${shape}: at most 4x the reference's time`, ratio <= 4, `${wasm.seconds.toFixed(2)} s vs ${ref.seconds.toFixed(2)} s`]);
  }
  return targets;
}

const KEEPS = new URL("./keeps.mjs", import.meta.url).pathname;

// `node js/bench/memory.mjs`: the memory row alone.
if (process.argv[1] === new URL(import.meta.url).pathname) printTargets("memory targets", keepsTargets(measureKeeps()));
