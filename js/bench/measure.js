// Timing for `make bench`: each workload runs on endpoint-wasm and on
// @octokit/endpoint alternately, round by round, so that both see the same
// machine state; the figures are medians. Runs in Node and in Chromium.

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

/**
 * A unit is a function that does some calls and returns [calls, ms]: the
 * calls it made and the milliseconds they took, leaving out its own set-up
 * (building fresh option objects, say).
 *
 * batch turns fn, one call, into a unit of n calls.
 */
export function batch(fn, n) {
  return () => {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn();
    return [n, performance.now() - t];
  };
}

/**
 * batchSize picks n so that n calls of fn take about 2 ms: long enough for
 * a browser's coarse clock (100 µs steps), short enough to stop on time.
 */
export function batchSize(fn) {
  let n = 1;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn();
    const ms = performance.now() - t;
    if (ms >= 2 || n >= 1 << 16) return n;
    n *= ms < 0.2 ? 8 : 2;
  }
}

/** block runs unit until ms milliseconds of calls have passed (once at least) and returns calls per second. */
export function block(unit, ms) {
  let calls = 0, spent = 0;
  do {
    const [c, t] = unit();
    calls += c;
    spent += t;
  } while (spent < ms);
  return (calls * 1000) / Math.max(spent, 1e-3);
}

/**
 * compare measures two units (endpoint-wasm's and the reference's) in
 * alternating blocks after one warm-up block each, and returns the median
 * calls per second of each and their ratio.
 */
export function compare(wasmUnit, refUnit, { rounds, ms }) {
  block(wasmUnit, ms);
  block(refUnit, ms);
  const wa = [], rf = [];
  for (let r = 0; r < rounds; r++) {
    wa.push(block(wasmUnit, ms));
    rf.push(block(refUnit, ms));
  }
  const wasm = median(wa), reference = median(rf);
  return { wasm, reference, ratio: wasm / reference };
}
