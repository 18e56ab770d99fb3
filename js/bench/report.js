// Printing for `make bench`: the table of one runtime, body cost per call,
// and the verdict on each target.
import { geomean } from "./measure.js";
import { OCTOKIT } from "./workloads.js";

/** ratioText prints a ratio with two decimals, or two significant digits below 0.1. */
export const ratioText = (r) => `${r >= 0.1 ? r.toFixed(2) : r.toPrecision(2)}×`;
// near shows a third decimal where two would print 1.00× for a ratio just below or above it.
const near = (r) => (r.toFixed(2) === "1.00" ? `${r.toFixed(3)}×` : ratioText(r));
const rate = (x) => (x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toPrecision(3));

/** groupsOf returns each group's name and rows, in table order. */
function groupsOf(rows) {
  return [...new Set(rows.map((r) => r.group))].map((g) => [g, rows.filter((r) => r.group === g)]);
}

/** bodyCosts returns, per body row, endpoint-wasm's µs per call and its multiple of the same shape's smallest body. */
export function bodyCosts(rows) {
  const bodies = rows.filter((r) => r.group === "bodies");
  return bodies.map((r) => {
    const small = bodies.find((b) => b.shape === r.shape);
    return { ...r, us: 1e6 / r.wasm, refUs: 1e6 / r.reference, vsSmall: small.wasm / r.wasm, refVsSmall: small.reference / r.reference };
  });
}

/** byShape orders the body rows (measured smallest first) shape by shape, for reading. */
function byShape(rows) {
  const bodies = rows.filter((r) => r.group === "bodies");
  const shapes = [...new Set(bodies.map((r) => r.shape))];
  const at = rows.findIndex((r) => r.group === "bodies");
  const rest = rows.filter((r) => r.group !== "bodies");
  return [...rest.slice(0, at), ...shapes.flatMap((s) => bodies.filter((r) => r.shape === s)), ...rest.slice(at)];
}

/**
 * printRuntime prints one runtime's table, the workloads a program runs
 * first, then Octokit's pipeline as information, and returns the groups a
 * target applies to: [group, rows].
 */
export function printRuntime(title, result) {
  const { failed, operations } = result;
  const rows = byShape(result.rows);
  const w = 52;
  const line = (r) => console.log(`    ${r.name}`.padEnd(w), rate(r.wasm).padStart(14), rate(r.reference).padStart(18), ratioText(r.ratio).padStart(9));
  console.log(`\n${title}: calls/s, medians; ratio = endpoint-wasm ÷ @octokit/endpoint, same process`);
  console.log("workload".padEnd(w), "endpoint-wasm".padStart(14), "@octokit/endpoint".padStart(18), "ratio".padStart(9));
  const program = groupsOf(rows.filter((r) => !r.information));
  console.log("what a program using endpoint-wasm runs (target: each ≥ 1.00×; in Chromium, the rows built on merge() ≥ 0.90×)");
  for (const [g, rs] of program) {
    console.log(`  ${g}:`);
    rs.forEach(line);
  }
  console.log(`${OCTOKIT} (information, no target: Octokit cannot run on endpoint-wasm, since @octokit/request imports @octokit/endpoint itself)`);
  rows.filter((r) => r.information).forEach(line);
  const means = program.map(([g, rs]) => [g, geomean(rs.map((r) => r.ratio))]);
  console.log("geometric means (information):", means.map(([g, m]) => `${g} ${ratioText(m)}`).join(", "));
  if (failed.length) console.log(`left out: ${failed.length} of ${operations} operations throw on one library:\n  ${failed.join("\n  ")}`);
  const costs = bodyCosts(rows);
  console.log("\nbody cost (information): µs per call, and its multiple of the same call with a 64-byte body");
  console.log("body".padEnd(26), "endpoint-wasm".padStart(14), "× 64 B".padStart(9), "@octokit/endpoint".padStart(18), "× 64 B".padStart(9));
  for (const c of costs) {
    console.log(c.name.padEnd(26), c.us.toPrecision(3).padStart(14), `${c.vsSmall.toPrecision(3)}×`.padStart(9), c.refUs.toPrecision(3).padStart(18), `${c.refVsSmall.toPrecision(3)}×`.padStart(9));
  }
  return program;
}

/**
 * MERGE_FLOOR: in Chromium, the rows built on merge() (which builds an
 * object from the engine's answer, against the reference's object spread)
 * are held to 0.9× the reference; every other row to 1.0×.
 */
const MERGE_FLOOR = 0.9;
const onMerge = (group, row) => group.startsWith("parse(merge") || group.startsWith("merge()") || row.name === "merge then parse";

/**
 * runtimeTargets: in one runtime, every workload a program runs at least
 * as fast as the reference (MERGE_FLOOR for merge's rows in Chromium), one
 * line per group; a group of several rows shows its slowest against its
 * target.
 */
export function runtimeTargets(name, groups) {
  const floor = (g, r) => (name === "Chromium" && onMerge(g, r) ? MERGE_FLOOR : 1);
  return groups.map(([g, rs]) => {
    const worst = rs.reduce((a, b) => (b.ratio / floor(g, b) < a.ratio / floor(g, a) ? b : a));
    const below = rs.filter((r) => r.ratio < floor(g, r)).length;
    const figure = rs.length === 1 ? near(worst.ratio) : `${below} of ${rs.length} below; slowest ${worst.name}, ${near(worst.ratio)}`;
    const target = rs.some((r) => floor(g, r) < 1) ? (rs.length > 1 ? `≥ 1.00× each, merge's ≥ ${MERGE_FLOOR.toFixed(2)}×` : `≥ ${MERGE_FLOOR.toFixed(2)}×`) : `≥ 1.00×${rs.length > 1 ? " each" : ""}`;
    return [`${name}: ${g} ${target}`, below === 0, figure];
  });
}

/** printTargets prints MET or MISSED for each target, with the figure that decides it, and how many were met. */
export function printTargets(title, targets) {
  console.log(`\n${title}: ${targets.filter(([, met]) => met).length} of ${targets.length} met`);
  for (const [what, met, figure] of targets) console.log(`${met ? "MET   " : "MISSED"}  ${what}${figure ? ` (${figure})` : ""}`);
}
