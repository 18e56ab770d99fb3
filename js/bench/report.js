// Printing for `make bench`: the table of one runtime, body cost per call,
// and the verdict on each target of issue 9.
import { geomean } from "./measure.js";

/** ratioText prints a ratio with two decimals, or two significant digits below 0.1. */
export const ratioText = (r) => `${r >= 0.1 ? r.toFixed(2) : r.toPrecision(2)}×`;
const rate = (x) => (x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toPrecision(3));

/** groupMeans returns each group's geometric mean of ratios, in table order. */
export function groupMeans(rows) {
  const groups = [...new Set(rows.map((r) => r.group))];
  return groups.map((g) => [g, geomean(rows.filter((r) => r.group === g).map((r) => r.ratio))]);
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
  return [...rows.filter((r) => r.group !== "bodies"), ...shapes.flatMap((s) => bodies.filter((r) => r.shape === s))];
}

/** printRuntime prints one runtime's table and returns its figures for the targets. */
export function printRuntime(title, result) {
  const { failed, operations } = result;
  const rows = byShape(result.rows);
  const w = 40;
  console.log(`\n${title}: calls/s, medians; ratio = endpoint-wasm ÷ @octokit/endpoint, same process`);
  console.log("workload".padEnd(w), "endpoint-wasm".padStart(14), "@octokit/endpoint".padStart(18), "ratio".padStart(9));
  let group;
  for (const r of rows) {
    if (r.group !== group) console.log(`${(group = r.group)}:`);
    console.log(`  ${r.name}`.padEnd(w), rate(r.wasm).padStart(14), rate(r.reference).padStart(18), ratioText(r.ratio).padStart(9));
  }
  const means = groupMeans(rows);
  const overall = geomean(means.map(([, m]) => m));
  console.log("geometric means:", means.map(([g, m]) => `${g} ${ratioText(m)}`).join(", "), `; of the groups ${ratioText(overall)}`);
  if (failed.length) console.log(`left out: ${failed.length} of ${operations} operations throw on one library:\n  ${failed.join("\n  ")}`);
  const costs = bodyCosts(rows);
  console.log("\nbody cost: µs per call, and its multiple of the same call with a 64-byte body");
  console.log("body".padEnd(26), "endpoint-wasm".padStart(14), "× 64 B".padStart(9), "@octokit/endpoint".padStart(18), "× 64 B".padStart(9));
  for (const c of costs) {
    console.log(c.name.padEnd(26), c.us.toPrecision(3).padStart(14), `${c.vsSmall.toPrecision(3)}×`.padStart(9), c.refUs.toPrecision(3).padStart(18), `${c.refVsSmall.toPrecision(3)}×`.padStart(9));
  }
  const below = rows.filter((r) => r.ratio < 1);
  return { allAtLeastOne: below.length === 0, below: below.length, rows: rows.length, overall, worstBody: Math.max(...costs.map((c) => c.vsSmall)) };
}

/** printTargets prints MET or MISSED for each target, with the figure that decides it. */
export function printTargets(title, targets) {
  console.log(`\n${title}`);
  for (const [what, met, figure] of targets) console.log(`${met ? "MET   " : "MISSED"}  ${what}${figure ? ` (${figure})` : ""}`);
}

/** runtimeTargets are issue 9's speed targets for one runtime's figures. */
export function runtimeTargets(name, f) {
  return [
    [`every workload ≥ 1.0× in ${name}`, f.allAtLeastOne, `${f.below} of ${f.rows} below`],
    [`geometric mean ≥ 1.5× in ${name}`, f.overall >= 1.5, ratioText(f.overall)],
    [`body cost within 2× of a 64-byte body in ${name}`, f.worstBody <= 2, `worst ${f.worstBody.toPrecision(3)}×`],
  ];
}
