// make test-js: every js/test/*.test.js file, one at a time, each in its own
// `node --test` with the spec reporter (a line per test as it ends), after a
// line naming the file, its number of all and the time so far; then which
// files failed. A run of minutes is never silent for long.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const dir = new URL(".", import.meta.url).pathname;
const files = readdirSync(dir).filter((f) => f.endsWith(".test.js")).sort();
const start = Date.now();
const since = () => `${Math.round((Date.now() - start) / 1000)}s`;
const failed = [];
files.forEach((f, i) => {
  console.log(`\n-- [${i + 1}/${files.length}, ${since()}] js/test/${f}`);
  const r = spawnSync(process.execPath, ["--test", "--test-reporter=spec", join(dir, f)], { stdio: "inherit" });
  if (r.status !== 0) failed.push(f);
});
console.log(`\n-- ${files.length} files in ${since()}: ${failed.length ? `failed: ${failed.join(", ")}` : "all passed"}`);
process.exitCode = failed.length ? 1 : 0;
