// The whole comparison of `make bench` for one runtime: every workload on
// endpoint-wasm and on @octokit/endpoint, in alternating rounds. Node
// (run.mjs) and Chromium (page.html) both run it and return its result.
import { bodyWorkloads } from "./bodies.js";
import { compare } from "./measure.js";
import { eightWorkloads, longValueWorkloads, octokitWorkloads, programWorkloads, usableCalls } from "./workloads.js";

/** settings: rounds and block length per kind of workload, full or quick (BENCH_QUICK=1). */
export function settings(quick) {
  return quick
    ? { traffic: { rounds: 3, ms: 100 }, calls: { rounds: 3, ms: 100 }, bodies: { rounds: 3, ms: 50 } }
    : { traffic: { rounds: 9, ms: 300 }, calls: { rounds: 9, ms: 200 }, bodies: { rounds: 5, ms: 200 } };
}

/**
 * runSuite measures every workload and returns rows of { group, name, wasm,
 * reference, ratio, information } (calls per second, medians; information
 * marks Octokit's pipeline, which has no target), plus the catalog
 * operations left out because one library throws on them.
 */
export function runSuite({ wasm, ref, catalog, userAgent, quick, log = () => {} }) {
  const s = settings(quick);
  const { calls, failed } = usableCalls(catalog, wasm, ref, userAgent);
  const rows = [];
  const measure = (w, opts) => {
    // A full collection between workloads (Node, with --expose-gc), so that
    // the garbage of one (10 MB bodies) is not collected in the next one's time.
    globalThis.gc?.();
    const r = compare(w.unit(wasm), w.unit(ref), opts);
    rows.push({ group: w.group, name: w.name, shape: w.shape, size: w.size, information: !!w.information, ...r });
    log(`${w.group}: ${w.name}: ${r.ratio.toFixed(2)}x`);
  };
  for (const w of programWorkloads(calls)) measure(w, s.traffic);
  for (const w of eightWorkloads(wasm)) measure(w, s.calls);
  for (const w of longValueWorkloads()) measure(w, s.calls);
  for (const w of bodyWorkloads()) {
    measure(w, s.bodies);
    w.release();
  }
  // Octokit's pipeline, information only, runs last: its calls cannot then
  // shape how the engine warmed up before the workloads with targets.
  for (const w of octokitWorkloads(calls, userAgent)) measure(w, s.traffic);
  return { rows, failed, operations: catalog.ops.length };
}
