// A tiny app that imports the package by name, as a user's app does, on the
// page and in a worker (Vite's default worker format, an iife).
import { ready, toFetch } from "endpoint-wasm";

const call = (endpoint) => endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Hello" });

const inWorker = new Promise((resolve) => {
  const worker = new Worker(new URL("./worker.js", import.meta.url));
  worker.onmessage = (e) => resolve(e.data);
  worker.onerror = (e) => resolve({ name: "in a worker", ok: false, error: e.message });
});

ready.then(async (endpoint) => {
  const r = call(endpoint);
  window.__results = [{ name: "request options", ok: true, value: r, fetch: toFetch(r) }, await inWorker];
}, (e) => {
  window.__results = [{ name: "request options", ok: false, error: e.message }];
});
