// What the loader knows of Go's wasm_exec.js is checked against the
// toolchain before a build uses it (js/go-source.mjs; docs/design.md,
// "Upgrading Go").
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { GO_RELEASE, GO_TOOLCHAIN, checkWasmExec, goEnv } from "../go-source.mjs";

const [goroot, goVersion] = goEnv("GOROOT", "GOVERSION");
const wasmExec = readFileSync(join(goroot, "lib", "wasm", "wasm_exec.js"), "utf8");

test("go-source: the build's toolchain is of the release the loader is written for, with the wasm_exec.js it was checked against", () => {
  assert.ok(goVersion.startsWith(`${GO_RELEASE}.`), `${goVersion} is of ${GO_RELEASE}`);
  checkWasmExec(goVersion, wasmExec);
});

test("go-source: a toolchain of another release is refused, naming the toolchain to set", () => {
  assert.throws(() => checkWasmExec("go1.26.8", wasmExec), (e) => e.message.includes(`written for ${GO_RELEASE}'s wasm_exec.js (set GOTOOLCHAIN=${GO_TOOLCHAIN}`));
});

test("go-source: a wasm_exec.js other than the one checked is refused, pointing to the upgrade checklist", () => {
  const changed = wasmExec.replace("_goRefCounts", "_refCounts");
  assert.throws(() => checkWasmExec(goVersion, changed), (e) => /is not the one js\/go-source\.mjs was checked against/.test(e.message) && e.message.includes('"Upgrading Go"'));
});
