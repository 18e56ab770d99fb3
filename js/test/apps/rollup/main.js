// A tiny app that imports the package by name, as a user's app does;
// bundled by Rollup 4 with @rollup/plugin-node-resolve, as the README says.
import { ready, toFetch } from "endpoint-wasm";

ready.then((endpoint) => {
  const r = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Hello" });
  window.__results = [{ name: "request options", ok: true, value: r, fetch: toFetch(r) }];
}, (e) => {
  window.__results = [{ name: "request options", ok: false, error: e.message }];
});
