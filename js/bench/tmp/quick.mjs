import { readFileSync } from "node:fs";
import { endpoint as ref } from "@octokit/endpoint";
import { instantiate } from "/work/main/dist/load.js";
import { compare } from "../calls.js";
const files = process.argv.slice(2);
const eps = [];
for (const f of files) eps.push(await instantiate(readFileSync(f)));
for (let k = 0; k < 2; k++) for (let i = 0; i < files.length; i++) {
  const r = compare(eps[i], ref, { rounds: 5, ms: 150 });
  console.log(files[i].padEnd(20), r.rows.map(x => x.ratio.toFixed(2)).join(" "), "geo", r.geomean);
}
