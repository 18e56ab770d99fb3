// `make bench`: endpoint-wasm against @octokit/endpoint, in Node and in
// headless Chromium, each ratio taken in one run: the workloads a program
// calling endpoint-wasm runs (each held to the reference's speed), and
// Octokit's pipeline as information; wasm memory; sizes; the first call
// beside the floor module's (cold.mjs). It ends with every target, MET or
// MISSED; and the first visit on an emulated network (visit.mjs, which also
// runs alone). BENCH_QUICK=1 makes a short run (fewer, shorter rounds).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { endpoint as ref } from "@octokit/endpoint";
import { instantiate } from "../../dist/load.js";
import { keepsTargets, measureKeeps, measureMemory } from "./memory.mjs";
import { coldStart, printCold } from "./cold.mjs";
import { firstVisit, printVisit } from "./visit.mjs";
import { printRuntime, printTargets, runtimeTargets } from "./report.js";
import { sizeTargets, sizes } from "./size.mjs";
import { runSuite } from "./suite.js";
import { usableCalls } from "./workloads.js";
import { launch, resultsOf, serve } from "../test/browser.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const quick = !!process.env.BENCH_QUICK;
const bytes = readFileSync(`${root}/dist/endpoint.wasm`);
const catalog = JSON.parse(readFileSync(`${root}/catalog/github-rest.json`, "utf8"));
// universal-user-agent's getUserAgent() in Node, as Octokit sends it.
const userAgent = `Node.js/${process.version.slice(1)} (${process.platform}; ${process.arch})`;
const t0 = performance.now();
const loadStart = loadavg()[0];
const log = (m) => console.error(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${m}`);

log(`Node ${process.version}${quick ? " (BENCH_QUICK: short run)" : ""}; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
// The suite's process makes one instance of the engine, as a program does;
// the start-up figure, nine more, is taken in a process of its own
// (startup.mjs, startup.html).
const wasm = await instantiate(bytes);
const node = runSuite({ wasm, ref, catalog, userAgent, quick, log });

log("memory");
const { calls } = usableCalls(catalog, wasm, ref, userAgent);
const mem = measureMemory(bytes, calls, quick ? { mixed: 100000, capSeconds: 20 } : { mixed: 1000000, capSeconds: 120 });
log("memory after one large call");
const keeps = measureKeeps();

log("start-up (Node)");
const nodeStart = +execFileSync(process.execPath, [`${root}/js/bench/startup.mjs`], { encoding: "utf8" }).trim();

log("Chromium");
const server = await serve(root);
const browser = await launch();
const chromiumVersion = browser.version();
let chromium;
try {
  chromium = await resultsOf(browser, `${server.origin}/js/bench/page.html${quick ? "?quick=1" : ""}`, 900000);
  log("start-up (Chromium)");
  chromium.startup = (await resultsOf(browser, `${server.origin}/js/bench/startup.html`, 120000)).startup;
} finally {
  await browser.close();
  await server.close();
}
const cold = await coldStart({ log });
log("first visit on an emulated network");
const visits = await firstVisit({ rounds: quick ? 3 : 15, log });
log(`done; load average ${loadavg()[0].toFixed(1)}`);

const nodeGroups = printRuntime(`Node ${process.version}`, node);
const chromiumGroups = printRuntime(`Chromium ${chromiumVersion}`, chromium);

// Memory is information: the engine's linear memory should neither creep
// over many calls nor keep what a 10 MB body made it grow to.
const MB = (n) => `${(n / 1048576).toFixed(1)} MB`;
const n = (x) => x.toLocaleString("en-US");
const short = mem.done < mem.mixed ? `: stopped at the ${mem.seconds.toFixed(0)} s cap, short of ${n(mem.mixed)}` : "";
console.log(`\nmemory (information; Node, wasm linear memory): ${MB(mem.warm)} after warm-up, ${MB(mem.afterMixed)} after ${n(mem.done)} mixed calls (${mem.seconds.toFixed(1)} s${short}), ${MB(mem.afterBodies)} after one 10 MB body of each shape, ${MB(mem.end)} after 20,000 more calls`);

const keptTargets = keepsTargets(keeps);

const s = sizes(root);
console.log("\nsizes (bytes)");
console.log("file".padEnd(22), "raw".padStart(10), "gzip -9".padStart(10), "brotli -q 11".padStart(13));
for (const f of s) console.log(f.file.padEnd(22), String(f.raw).padStart(10), String(f.gzip).padStart(10), String(f.brotli).padStart(13));
console.log(`\nwarm start-up (information; wasm bytes in memory → first call answered, median of 9): Node ${nodeStart} ms, Chromium ${chromium.startup} ms`);

const coldTargets = printCold(cold);
const visitTargets = printVisit(visits);

console.log(`\njs/bench/run.mjs took ${((performance.now() - t0) / 60000).toFixed(1)} minutes (after the Go benchmarks); load average ${loadStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end, on ${cpus().length} cores`);
printTargets("targets", [
  ...runtimeTargets("Node", nodeGroups),
  ...runtimeTargets("Chromium", chromiumGroups),
  ...sizeTargets(s),
  ...coldTargets,
  ...visitTargets,
  ...keptTargets,
]);
if (quick) console.log(`\nBENCH_QUICK=1: a short run (3 rounds, 100,000 calls for memory, ${cold.runs} cold runs); run \`make bench\` for the figures to quote.`);
