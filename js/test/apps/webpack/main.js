// A tiny app that imports the package by name, as a user's app does.
import { endpoint, toFetch } from "endpoint-wasm";

const r = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Hello" });
window.__results = [{ name: "request options", ok: true, value: r, fetch: toFetch(r) }];
