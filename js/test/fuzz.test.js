// The JS fuzz target: structured, seeded cases (fuzz-gen.js) run
// against the invariants of fuzz-run.js: only EndpointError is thrown (D28),
// the runtime stays alive (D29), no CR/LF/NUL in any header (D22),
// endpoint(x) equals parse(merge(x)) (spec rule 6), merge() of merged
// options answered from the kept answer equals the engine's own, and the
// same input twice gives the same answer.
//
// `make test` runs a fixed number of cases from a fixed seed (a few
// seconds). FUZZ_SECONDS=300 runs for five minutes instead, and FUZZ_SEED
// starts elsewhere; each finding is printed with the seed and the case's
// spec, which build() in fuzz-gen.js turns back into the input.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as mod from "endpoint-wasm";
import { build, generate } from "./fuzz-gen.js";
import { canon, fuzz } from "./fuzz-run.js";

const SECONDS = Number(process.env.FUZZ_SECONDS) || 0;
const SEED = Number(process.env.FUZZ_SEED) || 1;
const COUNT = 12000;

test("the generator is deterministic: a seed gives the same case, and build() fresh values of it", () => {
  for (let s = 1; s < 200; s++) {
    assert.deepEqual(generate(s), generate(s));
    const spec = generate(s);
    if (spec.options) assert.equal(canon(build(spec.options)), canon(build(spec.options)));
  }
  const kinds = new Set();
  for (let s = 1; s < 2000; s++) kinds.add(JSON.stringify(generate(s)).match(/"t":"(\w+)"/g)?.join());
  assert.ok(kinds.size > 1000, "cases differ from seed to seed");
});

test(`fuzz: ${SECONDS ? `${SECONDS} s` : `${COUNT} cases`} from seed ${SEED}: typed errors only, runtime alive, no CR/LF/NUL in headers, endpoint(x) = parse(merge(x)), merge() of merged options as the engine's, deterministic (D22, D28, D29, spec rules 1, 3, 6)`, () => {
  const t = performance.now();
  const r = fuzz(mod, {
    seed: SEED,
    count: SECONDS ? Infinity : COUNT,
    seconds: SECONDS || Infinity,
    onFinding: (f) => console.log(`fuzz finding, seed ${f.seed}: ${f.problem}\n  spec: ${JSON.stringify(f.spec)}`),
  });
  console.log(`fuzz: ${r.executions} cases (each run 3 times, plus the known call) in ${Math.round(performance.now() - t)} ms, ${r.findings.length} finding(s)`);
  assert.ok(r.executions > 0);
  assert.deepEqual(r.findings.map((f) => `seed ${f.seed}: ${f.problem}`), []);
});
