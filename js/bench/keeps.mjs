// One shape of the memory row of `make bench`, in a process of its own:
// node --expose-gc js/bench/keeps.mjs <shape> <wasm|ref>. It makes the
// shape's large call, then 200 small calls and a collection, and prints
// what the process keeps of it (the growth of its resident set, RSS, which
// counts the WebAssembly memory), its RSS, and how long the large call
// took, as JSON.
import { endpoint as ref } from "@octokit/endpoint";
import { endpoint as wasm } from "../../dist/node.js";

/** SHAPES makes each shape's input, and returns the function making its large call(s) with an endpoint. */
export const SHAPES = {
  "800,000 mediaType.previews": () => previews(800000),
  "POST with 500,000 body parameters": () => { const o = params(500000); return (ep) => ep("POST /x", o); },
  "GET with 100,000 query parameters": () => { const o = params(100000); return (ep) => ep("GET /x", o); },
  "1,500,000 mediaType.previews": () => previews(1500000),
  "300 urls of 4 KiB, 1,360 expressions each": () => {
    const urls = Array.from({ length: 300 }, (_, i) => `GET /${String(i).padStart(3, "0")}${"{a}".repeat(1360)}`);
    return (ep) => { for (const u of urls) ep(u, { a: "1" }); };
  },
};

// Previews apply on every route here (D25) and on /graphql alone in the
// reference, so they are sent to /graphql, where both build the header.
const previews = (n) => { const o = { mediaType: { previews: names(n) } }; return (ep) => ep("POST /graphql", o); };

const names = (n) => Array.from({ length: n }, (_, i) => i.toString(36));
const params = (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [shape, which] = process.argv.slice(2);
  const ep = which === "ref" ? ref : wasm;
  // V8 gives a collected WebAssembly memory's pages back from a thread of
  // its own, some hundreds of ms after the collection on a busy machine:
  // collections a second apart let that happen for both libraries.
  const settle = async () => {
    for (const ms of [0, 0, 0, 250, 250, 500]) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      globalThis.gc();
    }
    return process.memoryUsage().rss;
  };
  const small = () => {
    for (let i = 0; i < 200; i++) ep("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: `r${i}`, per_page: 100 });
  };
  // What the call leaves is measured from a process that has its input and
  // has made calls already, so that neither the input nor the library's
  // own code (the compiled module) counts.
  const make = SHAPES[shape]();
  small();
  const before = await settle();
  const t = performance.now();
  make(ep);
  const seconds = (performance.now() - t) / 1000;
  small();
  const rss = await settle();
  console.log(JSON.stringify({ kept: rss - before, rss, seconds }));
}
