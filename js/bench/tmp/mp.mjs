import { readFileSync } from "node:fs";
import { endpoint as ref } from "@octokit/endpoint";
import { instantiate } from "/work/main/dist/load.js";
const ep = await instantiate(readFileSync("/work/main/dist/endpoint.wasm"));
function rate(fn, ms=300){let n=0;const s=performance.now();let now=s;while(now-s<ms){for(let i=0;i<100;i++)fn();n+=100;now=performance.now();}return Math.round(n*1000/(now-s));}
const R="GET /repos/{owner}/{repo}/issues", P={ owner: "octokit", repo: "rest.js", state: "open" };
const mw=ep.merge(R,P), mr=ref.merge(R,P);
console.log(JSON.stringify(mw)); console.log(JSON.stringify(mr));
for (let k=0;k<2;k++){
console.log("merge", rate(()=>ep.merge(R,P)), rate(()=>ref.merge(R,P)));
console.log("parse", rate(()=>ep.parse(mw)), rate(()=>ref.parse(mr)));
console.log("m+p", rate(()=>ep.parse(ep.merge(R,P))), rate(()=>ref.parse(ref.merge(R,P))));
console.log("stringify merged", rate(()=>JSON.stringify(mw)));
console.log("JSON.parse merged", rate(()=>JSON.parse('{"method":"GET","baseUrl":"https://api.github.com","headers":0,"mediaType":{"format":"","previews":[]},"url":"/repos/{owner}/{repo}/issues","owner":"octokit","repo":"rest.js","state":"open"}')));
}
