// `make bench`: endpoint-wasm against @octokit/endpoint in the same process,
// in Node and in headless Chromium; sizes; start-up; memory over 1,000,000
// calls. Prints a table and whether each target of issue 5 is met.
import { readFileSync } from "node:fs";
import { endpoint as ref } from "@octokit/endpoint";
import { instantiate, prepare, start } from "../../dist/load.js";
import { compare, moreCalls, startup } from "./calls.js";
import { sizes } from "./size.mjs";
import { launch, resultsOf, serve } from "../test/browser.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const bytes = readFileSync(`${root}/dist/endpoint.wasm`);

function table(title, { rows, geomean }, more) {
  console.log(`\n${title}: calls/s (median of 9 rounds of 200 ms), ratio = endpoint-wasm / @octokit/endpoint`);
  console.log("call".padEnd(28), "endpoint-wasm".padStart(14), "@octokit/endpoint".padStart(18), "ratio".padStart(7));
  const row = (r) => console.log(r.call.padEnd(28), String(r.wasm).padStart(14), String(r.reference).padStart(18), `${r.ratio.toFixed(2)}×`.padStart(7));
  rows.forEach(row);
  console.log("geometric mean".padEnd(62), `${geomean.toFixed(2)}×`.padStart(7));
  console.log("not in the target set:");
  more.rows.forEach(row);
}

// Node.
const nodeStart = await startup(instantiate, bytes);
const nodeEp = await instantiate(bytes);
const nodeRun = compare(nodeEp, ref);
table(`Node ${process.version}`, nodeRun, compare(nodeEp, ref, { set: moreCalls }));

// Memory: the wasm linear memory after warm-up and after 1,000,000 calls.
const rt = prepare();
const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), rt.go.importObject);
const ep = start(rt, inst);
const call = () => ep("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 });
for (let i = 0; i < 10000; i++) call();
const memWarm = inst.exports.mem.buffer.byteLength;
for (let i = 0; i < 1000000; i++) call();
const memAfter = inst.exports.mem.buffer.byteLength;

// Chromium.
const server = await serve(root);
const browser = await launch();
let chromium;
const chromiumVersion = browser.version();
try {
  chromium = await resultsOf(browser, `${server.origin}/js/bench/page.html`, 300000);
} finally {
  await browser.close();
  await server.close();
}
table(`Chromium ${chromiumVersion}`, chromium, chromium.more);

const s = sizes(root);
console.log("\nsizes (bytes)");
console.log("file".padEnd(22), "raw".padStart(10), "gzip -9".padStart(10), "brotli -q 11".padStart(13));
for (const f of s) console.log(f.file.padEnd(22), String(f.raw).padStart(10), String(f.gzip).padStart(10), String(f.brotli).padStart(13));

const MB = 1024 * 1024;
console.log(`\nstart-up (wasm bytes in memory -> first call answered, median of 9): Node ${nodeStart} ms, Chromium ${chromium.startup} ms`);
console.log(`memory: wasm linear memory ${(memWarm / MB).toFixed(1)} MB after warm-up, ${(memAfter / MB).toFixed(1)} MB after 1,000,000 more calls`);

const wasmBrotli = s.find((f) => f.file === "endpoint.wasm").brotli;
const targets = [
  ["every call ≥ 1.0× in Node", nodeRun.rows.every((r) => r.ratio >= 1)],
  ["every call ≥ 1.0× in Chromium", chromium.rows.every((r) => r.ratio >= 1)],
  ["geometric mean ≥ 1.5× in Node", nodeRun.geomean >= 1.5],
  ["geometric mean ≥ 1.5× in Chromium", chromium.geomean >= 1.5],
  ["endpoint.wasm ≤ 720 KB with brotli -q 11", wasmBrotli <= 720 * 1000],
  ["start-up in Chromium ≤ 45 ms", chromium.startup <= 45],
  ["memory flat over 1,000,000 calls and ≤ 16 MB", memAfter === memWarm && memAfter <= 16 * MB],
];
console.log("\ntargets (issue 5)");
for (const [what, met] of targets) console.log(`${met ? "met    " : "MISSED "} ${what}`);
