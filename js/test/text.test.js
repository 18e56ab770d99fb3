// js/text.js in Node. Node 20 has no JS String Builtins (nor WebAssembly's
// GC types), so textIn gives null and the shim writes and reads text its
// own way; where a Node has them, the cases Chromium runs (text-cases.js)
// run here too.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as text from "../../dist/text.js";
import { cases } from "./text-cases.js";

const mem = () => new WebAssembly.Memory({ initial: 1 });

test("textIn gives null only where the runtime refuses the module with the builtins", () => {
  if (text.textIn(mem()) !== null) return;
  assert.throws(() => new WebAssembly.Instance(new WebAssembly.Module(text.textModule(), { builtins: ["js-string"] }), { engine: { mem: mem() } }));
});

if (text.textIn(mem()) !== null) {
  for (const [name, fn] of cases) test(name, () => fn(text));
}
