// `make bench`, last: how cost grows with the size of the input, and how
// fast calls are after large ones, timed in a child process each
// (js/test/hostile-child.js, whose answers `make test` checks). Linear cost
// gives about 8 for 8 times the input (quadratic: 64); after large calls,
// small calls should take about what they took before (1.0); the fifth
// block of 10,000 clients about what the first took (1.0).
import { spawnSync } from "node:child_process";

const child = new URL("../test/hostile-child.js", import.meta.url).pathname;
const cases = [
  "scale-body", "scale-integer-keys", "scale-colliding-keys", "scale-headers", "scale-defaults", "scale-layer-headers",
  "scale-colon-placeholders", "scale-dot-segments", "scale-merged-walk", "scale-chain", "after-large", "clients",
];

console.log("\nHow cost grows (each case in a process of its own; timings, so they move with the machine's load):");
console.log("| case | sizes | ms | ratio | linear / flat |");
console.log("|---|---|---|---|---|");
for (const name of cases) {
  const r = spawnSync(process.execPath, ["--max-old-space-size=4096", child, name], { encoding: "utf8", timeout: 300e3 });
  const line = (r.stdout || "").trim().split("\n").pop();
  let rep;
  try {
    rep = JSON.parse(line);
  } catch {
    console.log(`| ${name} | | failed (${r.status ?? r.signal}) | | |`);
    continue;
  }
  if (name === "after-large") console.log(`| ${name} | 2,000 calls after large ones | ${rep.beforeMs} before | ${rep.median} (median) | ${rep.median < 1.8 ? "yes" : "NO"} |`);
  else if (name === "clients") console.log(`| ${name} | 5 blocks of 10,000 | ${rep.ms.join(", ")} | ${rep.ratio} | ${rep.ratio < 4 ? "yes" : "NO"} |`);
  else console.log(`| ${name} | ${rep.small} → ${rep.large} | ${rep.smallMs} → ${rep.largeMs} | ${rep.ratio} | ${rep.ratio < 23 ? "yes" : "NO"} |`);
}
