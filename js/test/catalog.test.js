// Every GitHub REST operation of catalog/github-rest.json, built by the
// package and by @octokit/endpoint (the reference) with the same example
// values, compared whole. A difference passes only where decisions.md
// documents it, and each normalisation below names its rule.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { endpoint } from "endpoint-wasm";
import { endpoint as ref } from "@octokit/endpoint";
import { exampleCalls } from "../bench/catalog.js";

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
const calls = exampleCalls(read("../../catalog/github-rest.json"));
const OUR_UA = `endpoint-wasm/${read("../../package.json").version}`;

/** outcome returns fn's result, or its error's code and message. */
function outcome(fn) {
  try {
    return fn();
  } catch (e) {
    return { error: e.code ?? e.name, message: e.message };
  }
}

/**
 * sameUserAgent replaces each side's user-agent by one placeholder (D1:
 * ours is "endpoint-wasm/<version>", the reference's names itself), but
 * only when ours is exactly D1's, so a wrong one still differs.
 */
function sameUserAgent(ours, theirs) {
  if (ours.headers?.["user-agent"] === OUR_UA) ours.headers["user-agent"] = "<user-agent, D1>";
  if (theirs.headers) theirs.headers["user-agent"] = "<user-agent, D1>";
}

/**
 * differences runs every operation through both libraries and returns one
 * line per operation whose results differ after normalise(ours, theirs).
 * The catalog's values are JSON, so JSON text compares them whole, key
 * order included (D16, D18).
 */
function differences(run, normalise) {
  assert.ok(calls.length > 1000, `only ${calls.length} operations in the catalog`);
  const lines = [];
  for (const { id, route, options } of calls) {
    const ours = outcome(() => run(endpoint, route, options()));
    const theirs = outcome(() => run(ref, route, options()));
    if (!ours.error && !theirs.error) normalise(ours, theirs);
    const a = JSON.stringify(ours), b = JSON.stringify(theirs);
    if (a !== b) lines.push(`${id} (${route})\n    ours:      ${a.slice(0, 400)}\n    reference: ${b.slice(0, 400)}`);
  }
  return lines;
}

/** report fails with the first differences, and how many there are. */
function report(lines) {
  assert.equal(lines.length, 0, `${lines.length} operations differ:\n${lines.slice(0, 12).join("\n")}`);
}

test("every catalog operation: endpoint() builds what @octokit/endpoint builds, up to the user-agent (D1) and the method's case (D3)", () => {
  report(differences((ep, route, o) => ep(route, o), (ours, theirs) => {
    sameUserAgent(ours, theirs);
    theirs.method = theirs.method.toLowerCase(); // D3: the result's method is lower case
  }));
});

test("every catalog operation: merge() gives what @octokit/endpoint's merge() gives, up to the user-agent and the empty previews of DEFAULTS (D1)", () => {
  report(differences((ep, route, o) => ep.merge(route, o), (ours, theirs) => {
    sameUserAgent(ours, theirs);
    // D1: DEFAULTS holds mediaType.previews = [], which merge() carries; the reference's has none.
    if (Array.isArray(ours.mediaType?.previews) && ours.mediaType.previews.length === 0 && !("previews" in theirs.mediaType)) delete ours.mediaType.previews;
  }));
});

/** bodies returns [id, ours, theirs] for each operation whose reference result has an object body. */
function bodies() {
  const out = [];
  for (const { id, route, options } of calls) {
    const o = options();
    const theirs = ref(route, o);
    if (theirs.body !== null && typeof theirs.body === "object") out.push([id, endpoint(route, o), theirs]);
  }
  assert.ok(out.length > 300, `only ${out.length} operations with a JSON body`);
  return out;
}

test("every catalog operation: a body's object and array values are the caller's own, by reference, as the reference returns them (D15)", () => {
  const copied = [];
  for (const [id, ours, theirs] of bodies()) {
    for (const [k, v] of Object.entries(theirs.body)) {
      if (v !== null && typeof v === "object" && ours.body[k] !== v) copied.push(`${id}: body.${k}`);
    }
  }
  assert.equal(copied.length, 0, `${copied.length} body values are copies, not the caller's: ${copied.slice(0, 8).join(", ")} ...`);
});

test("every catalog operation: the body object has the reference's prototype (no rule departs from it)", () => {
  const differ = bodies().filter(([, ours, theirs]) => Object.getPrototypeOf(ours.body) !== Object.getPrototypeOf(theirs.body));
  const name = (p) => (p === null ? "null" : p === Object.prototype ? "Object.prototype" : "another");
  if (differ.length > 0) {
    const [id, ours, theirs] = differ[0];
    assert.fail(`${differ.length} bodies differ in prototype, e.g. ${id}: ours ${name(Object.getPrototypeOf(ours.body))}, reference ${name(Object.getPrototypeOf(theirs.body))}`);
  }
});
