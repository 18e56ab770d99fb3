// Helpers of the hostile-input suite (hostile.test.js, hostile-child.js) and
// of the fuzz target: the known call that proves the runtime is alive, the
// check that a failure is a proper EndpointError, nested and cyclic values,
// and how a case's cost is compared against a smaller size of itself.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The known call and its answer: after any case, this must still come back (D29). */
export const KNOWN_ROUTE = "GET /repos/{owner}/{repo}/issues{?state}";
export const KNOWN_OPTIONS = () => ({ owner: "octo", repo: "hello", state: "open", per_page: 2 });
export function knownAnswer(endpoint) {
  return {
    method: "get",
    url: "https://api.github.com/repos/octo/hello/issues?state=open&per_page=2",
    headers: { accept: "application/vnd.github.v3+json", "user-agent": endpoint.DEFAULTS.headers["user-agent"] },
  };
}

/** alive asserts that the known call still gives the known answer (D29). */
export function alive(mod) {
  const got = mod.endpoint(KNOWN_ROUTE, KNOWN_OPTIONS());
  assert.deepEqual(got, knownAnswer(mod.endpoint), "the next valid call works (D29)");
}

/** checkError asserts e is an EndpointError as D28 describes it, with code when given. */
export function checkError(mod, e, code) {
  assert.ok(e instanceof mod.EndpointError, `expected an EndpointError, got ${e && e.constructor && e.constructor.name}: ${String(e && e.message).slice(0, 300)}`);
  assert.ok(e instanceof TypeError, "an EndpointError is a TypeError (D28)");
  assert.equal(typeof e.code, "string");
  assert.match(e.code, /^ERR_[A-Z_]+$/);
  if (code !== undefined) assert.equal(e.code, code, `code (message: ${e.message.slice(0, 300)})`);
  assert.ok(e.message.startsWith("endpoint: "), `message starts with "endpoint: ": ${JSON.stringify(e.message.slice(0, 200))}`);
  assert.ok(!/goroutine|runtime\.|\.go:\d|wasm-function/.test(e.message), "no trace of the Go runtime (D28)");
  return e;
}

/**
 * fails runs fn, asserts that it throws an EndpointError with code (D28),
 * then that the next valid call works (D29). It returns the error.
 */
export function fails(mod, fn, code) {
  let err = null;
  let result;
  try {
    result = fn();
  } catch (e) {
    err = e;
  }
  if (err === null) assert.fail(`expected ${code}, got a result: ${safeJSON(result).slice(0, 300)}`);
  checkError(mod, err, code);
  alive(mod);
  return err;
}

/** works runs fn, then checks the runtime is alive, and returns fn's result. */
export function works(mod, fn) {
  const r = fn();
  alive(mod);
  return r;
}

/** safeJSON writes a value for a message, bigints included, never throwing. */
export function safeJSON(v) {
  try {
    return JSON.stringify(v, (k, x) => (typeof x === "bigint" ? `${x}n` : x)) ?? String(v);
  } catch (e) {
    return `[unprintable: ${e.message}]`;
  }
}

/**
 * nest builds `levels` nested containers: arrays ("array") or objects with
 * one key a ("object"); the innermost is empty. Inside the options object
 * (level 1), a value nest(k) reaches level k + 1.
 */
export function nest(levels, kind = "array") {
  let v = kind === "array" ? [] : {};
  for (let i = 1; i < levels; i++) v = kind === "array" ? [v] : { a: v };
  return v;
}

/** cyclic returns an object and an array that contain themselves. */
export function cyclic() {
  const o = { a: 1 };
  o.self = o;
  const a = [1];
  a.push(a);
  return { o, a };
}

/** revoked returns a Proxy that has been revoked: any operation on it throws. */
export function revoked() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/**
 * reads defines o[key] as a getter that returns values[i] on its i-th read
 * (the last one from then on), and returns a function that tells how many
 * times it was read.
 */
export function readsOf(o, key, values) {
  let n = 0;
  Object.defineProperty(o, key, { enumerable: true, configurable: true, get: () => values[Math.min(n++, values.length - 1)] });
  return () => n;
}

const CHILD = fileURLToPath(new URL("./hostile-child.js", import.meta.url));

/**
 * child runs one heavy case of hostile-child.js in its own Node process and
 * kills it after `seconds`: a case that stalls the runtime fails here
 * instead of hanging the suite. It returns what the case printed last (JSON).
 */
export function child(name, seconds, args = []) {
  const r = spawnSync(process.execPath, ["--max-old-space-size=4096", CHILD, name, ...args], {
    encoding: "utf8",
    timeout: seconds * 1000,
    killSignal: "SIGKILL",
    maxBuffer: 16 << 20,
  });
  const out = (r.stdout || "").trim().split("\n");
  const tail = `stdout: ${out.slice(-5).join("\n")}\nstderr: ${(r.stderr || "").slice(-2000)}`;
  assert.notEqual(r.signal, "SIGKILL", `case ${name} did not finish within ${seconds} s\n${tail}`);
  assert.equal(r.status, 0, `case ${name} exited with ${r.status} (${r.signal})\n${tail}`);
  const last = out[out.length - 1];
  let report;
  try {
    report = JSON.parse(last);
  } catch {
    assert.fail(`case ${name} printed no report\n${tail}`);
  }
  return report;
}

/**
 * growth measures f(small) and f(large) and returns how many times longer
 * the large one took. With large = 8 × small that is about 8 for linear cost
 * and 64 for quadratic: far enough apart that a busy machine, which can
 * make one run two or three times slower, does not blur them. Each size is
 * measured a few times and its fastest run kept; a run past two seconds is
 * not repeated.
 */
export function growth(f, small, large) {
  f(small); // warm up: compile, grow memories
  const best = (n, runs) => {
    let min = Infinity;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      f(n);
      const d = performance.now() - t;
      min = Math.min(min, d);
      if (d > 2000) break;
    }
    return min;
  };
  const s = best(small, 3), l = best(large, 2);
  return { small, large, smallMs: Math.round(s), largeMs: Math.round(l), ratio: Math.round((10 * l) / Math.max(s, 1)) / 10 };
}
