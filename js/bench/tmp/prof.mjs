import { readFileSync } from "node:fs";
import { instantiate } from "/work/main/dist/load.js";
const ep = await instantiate(readFileSync(process.env.WASM||"/work/main/dist/endpoint.wasm"));
const R="GET /repos/{owner}/{repo}/issues", P={ owner: "octokit", repo: "rest.js", state: "open" };
const op = process.argv[2];
const t=performance.now();
if (op==="merge") for (let i=0;i<2e6;i++) ep.merge(R,P);
else { const m=ep.merge(R,P); for (let i=0;i<2e6;i++) ep.parse(m); }
console.log((performance.now()-t)/2e6*1000, "ns/call");
