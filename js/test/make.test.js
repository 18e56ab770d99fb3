// The Makefile as a contributor runs it: once the module is built, make build
// again (which make demo and make test run first) rebuilds nothing of it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const wasm = join(root, "dist/endpoint.wasm");
const make = () => execFileSync("make", ["build"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

test("a second make build neither compiles nor relinks the module: endpoint.wasm is left as it was", () => {
  // As in a fresh clone, where make has recorded no build flags yet.
  rmSync(join(root, "bin/postflags"), { force: true });
  make();
  const before = statSync(wasm).mtimeMs;
  const output = make();
  assert.doesNotMatch(output, /go build|wasmpost|wasmsnap|snapshot/, output);
  assert.equal(statSync(wasm).mtimeMs, before, "dist/endpoint.wasm was rewritten");
});
