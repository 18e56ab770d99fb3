// A tiny Node program that imports the package by name; bundled by esbuild
// for Node as CommonJS (--platform=node --format=cjs).
import { endpoint, ready } from "endpoint-wasm";

ready.then(() => {
  const r = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Hello" });
  process.stdout.write(JSON.stringify(r));
}, (e) => {
  process.stdout.write(`${e.code}: ${e.message}`);
  process.exitCode = 1;
});
