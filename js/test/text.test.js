// js/text.js in Node: Node's TextEncoder and TextDecoder are fast native
// calls, so the shim keeps to them there and never makes the module (its
// cases run in Chromium, text-cases.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as text from "../../dist/text.js";

test("in Node the module is never made: compileText gives null and textIn no functions", async () => {
  assert.equal(text.NATIVE_TEXT, true);
  assert.equal(await text.compileText(), null);
  assert.equal(text.textIn(new WebAssembly.Memory({ initial: 1 })), null);
});
