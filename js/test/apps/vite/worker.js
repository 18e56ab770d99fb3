// The same call in a worker, built in Vite's default worker format.
import { ready } from "endpoint-wasm";

ready.then((endpoint) => {
  const r = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Hello" });
  self.postMessage({ name: "in a worker", ok: true, value: r });
}, (e) => self.postMessage({ name: "in a worker", ok: false, error: e.message }));
