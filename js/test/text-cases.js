// The cases of js/text.js, the shim's way of moving text through
// WebAssembly's JS String Builtins. They run in Chromium (browser.test.js),
// which has the builtins, once compileText has settled; in Node the shim
// never makes the module (text.test.js). Each case is [behaviour sentence,
// fn(text)], where text is the module's exports.

import { ok, same } from "./suite.js";

// fresh returns textIn's functions over a new memory of one page, and a
// view of that memory; it throws where the runtime lacks the builtins.
function fresh(text) {
  const mem = new WebAssembly.Memory({ initial: 1, maximum: 4 });
  const t = text.textIn(mem);
  ok(t !== null, "textIn gives functions in a runtime with JS String Builtins");
  return { mem, t, bytes: () => new Uint8Array(mem.buffer) };
}

const codes = (s) => Array.from(s, (c) => c.charCodeAt(0));
const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join("");

export const cases = [
  ["write copies ASCII text byte for byte and returns its length, touching nothing past it", (text) => {
    const { t, bytes } = fresh(text);
    for (const s of ["", "a", "GET /repos/{owner}/{repo}/issues", ascii, "x".repeat(text.SCRATCH)]) {
      bytes().fill(0xee);
      same(t.write(s, 7), s.length, `length of ${s.length}`);
      same(Array.from(bytes().subarray(7, 7 + s.length)), codes(s), `bytes of ${s.length}`);
      same([bytes()[6], bytes()[7 + s.length]], [0xee, 0xee], `around ${s.length}`);
    }
  }],
  ["write stops at the first character past ASCII and returns -1 minus its index, the ASCII before it written", (text) => {
    const { t, bytes } = fresh(text);
    for (const [s, i] of [["é", 0], ["abcé", 3], ["ab\u0080", 2], ["a😀b", 1], ["ab\ud800", 2], ["abc\udc00d", 3], ["x".repeat(text.SCRATCH - 1) + "€", text.SCRATCH - 1]]) {
      same(t.write(s, 100), -1 - i, JSON.stringify(s.slice(-8)));
      same(Array.from(bytes().subarray(100, 100 + i)), codes(s.slice(0, i)), `the ASCII before ${i}`);
    }
  }],
  ["read returns the string of the ASCII bytes at a place", (text) => {
    const { t, bytes } = fresh(text);
    bytes().set(codes(ascii), 300);
    same(t.read(300, 128), ascii);
    same(t.read(300 + 65, 3), "ABC");
    same(t.read(300, 0), "");
    const long = "0123456789abcdef".repeat(text.SCRATCH / 16);
    bytes().set(codes(long), 1000);
    same(t.read(1000, text.SCRATCH), long);
  }],
  ["write and read follow the memory when it grows", (text) => {
    const { mem, t, bytes } = fresh(text);
    mem.grow(1);
    const at = 65536 + 10;
    same(t.write("grown", at), 5);
    same(Array.from(bytes().subarray(at, at + 5)), codes("grown"));
    same(t.read(at, 5), "grown");
  }],
  ["text longer than SCRATCH is refused with a trap, and the functions work on after it", (text) => {
    const { t } = fresh(text);
    let trapped = null;
    try {
      t.write("x".repeat(text.SCRATCH + 1), 0);
    } catch (e) {
      trapped = e;
    }
    ok(trapped instanceof WebAssembly.RuntimeError, `a RuntimeError, got ${trapped}`);
    same(t.write("after", 0), 5);
    same(t.read(0, 5), "after");
  }],
  ["each memory gets functions of its own, writing to it alone", (text) => {
    const a = fresh(text), b = fresh(text);
    a.t.write("one", 0);
    b.t.write("two", 0);
    same([a.t.read(0, 3), b.t.read(0, 3)], ["one", "two"]);
  }],
];
