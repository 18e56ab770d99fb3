// Body workloads of `make bench`: the same call with a body value of 64
// bytes up to 10 MB. The engine never needs a body's content, so a
// call's cost should not depend on its size. Runs in Node and Chromium.
import { batch, batchSize } from "./measure.js";

export const SIZES = [["64 B", 64], ["1 KB", 1 << 10], ["100 KB", 100 << 10], ["1 MB", 1 << 20], ["10 MB", 10 << 20]];

/** text returns n characters of prose with some non-ASCII in it. */
export function text(n) {
  const line = "Lorem ipsum dolor sit amet, Übersetzung für 日本語 ✓ consectetur.\n";
  return line.repeat(Math.ceil(n / line.length)).slice(0, n);
}

/** payload returns an object of about n bytes of JSON: keys with 100-byte strings. */
function payload(n) {
  const o = {};
  const v = "x".repeat(88);
  for (let i = 0; i < Math.max(1, Math.floor(n / 100)); i++) o[`key${String(i).padStart(6, "0")}`] = v;
  return o;
}

/** The four body shapes, each a call given its value. */
const SHAPES = [
  ["string", (n) => text(n), (ep, s) => ep("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Found a bug", body: s })],
  ["object", (n) => payload(n), (ep, o) => ep("POST /repos/{owner}/{repo}/dispatches", { owner: "octokit", repo: "rest.js", event_type: "deploy", client_payload: o })],
  ["base64 content", (n) => "QUJD".repeat(Math.ceil(n / 4)), (ep, b) => ep("PUT /repos/{owner}/{repo}/contents/{path}",
    { owner: "octokit", repo: "rest.js", path: "docs/README.md", message: "Update docs/README.md", content: b, branch: "feature/new-login" })],
  ["data", (n) => new Uint8Array(n), (ep, d) => ep("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    { owner: "octokit", repo: "rest.js", release_id: 1, name: "endpoint-wasm-0.1.0.tgz", label: "npm package", data: d, headers: { "content-type": "application/gzip" } })],
];

/** bodyCall makes one call of shape with a fresh value of n bytes. */
export function bodyCall(ep, shape, n) {
  const [, make, call] = SHAPES.find(([name]) => name === shape);
  return call(ep, make(n));
}

/**
 * bodyWorkloads: every shape at every size, smallest sizes first, so that
 * the small bodies each shape is compared with run before any large value
 * exists. The value is made once and shared, as a program's file content is.
 */
export function bodyWorkloads() {
  const out = [];
  for (const [size, n] of SIZES) {
    for (const [shape, make, call] of SHAPES) {
      let value;
      out.push({
        group: "bodies", name: `${shape}, ${size}`, shape, size,
        unit: (ep) => {
          value ??= make(n);
          const fn = () => call(ep, value);
          return batch(fn, batchSize(fn));
        },
        release: () => { value = undefined; },
      });
    }
  }
  return out;
}
