import { readFileSync } from "node:fs";
import { prepare } from "../dist/load.js";
const rt = prepare();
const inst = new WebAssembly.Instance(new WebAssembly.Module(readFileSync("dist/endpoint.wasm")), rt.go.importObject);
rt.go.run(inst);
const { ew_input, ew_call, ew_output, mem } = inst.exports;
const enc = new TextEncoder();
function time(name, f) { for (let i = 0; i < 5000; i++) f(); const n = 50000, t = performance.now(); for (let i = 0; i < n; i++) f(); console.log(name.padEnd(34), ((performance.now() - t) * 1000 / n).toFixed(2), "µs"); }
function prep(text) { const p = ew_input(text.length * 3 + 1); const b = new Uint8Array(mem.buffer); b[p] = 69; return enc.encodeInto(text, b.subarray(p + 1)).written + 1; }
let n = prep("");
time("empty input (error path)", () => ew_call(0));
n = prep('[0,"GET /x",null]');
time("GET /x no options", () => ew_call(n));
n = prep('[0,"GET /repos/{owner}/{repo}/issues",{"owner":"octokit","repo":"rest.js","state":"open","per_page":100}]');
time("GET path and query", () => ew_call(n));
