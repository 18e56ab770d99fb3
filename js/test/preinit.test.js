// The pre-initialised module (docs/design.md, "How the module starts"): Go's
// start ran at build time and every load restores it: never run, fresh
// random state in each instance, refused when the state cannot be rebuilt,
// the same bytes from every build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { START, startOf, withSection } from "./sections.js";

const root = new URL("../../", import.meta.url).pathname;
const bytes = readFileSync(join(root, "dist/endpoint.wasm"));
const { boot, prepare, start } = await import("../../dist/load.js");

/**
 * instance prepares and instantiates module bytes, counting the calls Go
 * makes to JavaScript: a restore makes none, since no Go runs.
 */
function instance(wasm = bytes) {
  const rt = prepare();
  let calls = 0;
  for (const [name, fn] of Object.entries(rt.go.importObject.gojs)) {
    rt.go.importObject.gojs[name] = (...a) => (calls++, fn(...a));
  }
  const module = new WebAssembly.Module(wasm);
  const inst = new WebAssembly.Instance(module, rt.go.importObject);
  return { rt, module, inst, calls: () => calls };
}

test("preinit: the shipped module is pre-initialised: the loader restores it and runs no Go until the first call", () => {
  const s = startOf(bytes);
  assert.equal(s.ops.length > 0 && s.fresh.length, 3, "operations to replay and three random ranges");
  const { rt, module, inst, calls } = instance();
  rt.go.run = () => assert.fail("run() called on a pre-initialised module");
  const ep = start(rt, inst, module);
  assert.equal(calls(), 0, "no Go ran");
  assert.equal(rt.go._values.length, s.table, "the value table Go's start left");
  assert.equal(ep("GET /repos/{o}/{r}", { o: "a", r: "b" }).url, "https://api.github.com/repos/a/b");
});

test("preinit: each restore writes the runtime's random state afresh, from which the Go maps made after it take their seeds", () => {
  const { fresh } = startOf(bytes);
  const restored = [instance(), instance()].map(({ rt, module, inst }) => {
    boot(rt, inst, module);
    return new Uint8Array(inst.exports.mem.buffer);
  });
  const zeros = (m, [a, n]) => m.subarray(a, a + n).every((b) => b === 0);
  for (const [a, n] of fresh) {
    assert.ok(zeros(new Uint8Array(new WebAssembly.Memory({ initial: 1 }).buffer), [0, n]));
    const [x, y] = restored.map((m) => Buffer.from(m.subarray(a, a + n)));
    assert.ok(!x.equals(y), `the ${n} bytes at ${a} differ between two instances`);
    assert.ok(!restored.some((m) => zeros(m, [a, n])), "and are not the shipped zeros");
  }
  // The per-m chacha8 state (the second range): a Go map made now takes
  // as its seed the next word of its buffer, buf[i].
  const [m0] = fresh.filter(([, n]) => n === 288).slice(1);
  const nextSeed = (m) => {
    const view = new DataView(m.buffer);
    const i = view.getUint32(m0[0] + 288, true);
    return view.getBigUint64(m0[0] + 8 * (i & 31), true);
  };
  assert.notEqual(nextSeed(restored[0]), nextSeed(restored[1]), "the next map seeds differ");
});

test("preinit: a restore that cannot rebuild Go's state is refused with ERR_WASM_LOAD and runs nothing", () => {
  const s = startOf(bytes);
  const refused = (wasm, why, setup = () => {}) => {
    const { rt, module, inst, calls } = instance(wasm);
    setup(rt);
    assert.throws(() => start(rt, inst, module), (e) => e.code === "ERR_WASM_LOAD" && why.test(e.message), String(why));
    assert.equal(calls(), 0, "no Go ran");
  };
  // A value that does not land on the id Go holds.
  const i = s.ops.findIndex((op) => op[0] === "get" && typeof op.at(-1) === "number" && op.at(-1) > 6);
  const shifted = structuredClone(s);
  shifted.ops[i][3] += 1;
  refused(withSection(bytes, START, JSON.stringify(shifted)), /where Go holds/);
  // A value the environment lacks: the id Go holds stays empty.
  const missing = structuredClone(s);
  missing.ops[i][2] = "noSuchGlobalOfThisRuntime";
  refused(withSection(bytes, START, JSON.stringify(missing)), /where Go holds/);
  // A number Go read that this environment answers otherwise.
  const number = structuredClone(s);
  const n = number.ops.find((op) => Array.isArray(op.at(-1)));
  n[n.length - 1] = ["n", 42];
  refused(withSection(bytes, START, JSON.stringify(number)), /where Go holds \["n",42\]/);
  // An environment whose operation throws.
  refused(bytes, /threw/, (rt) => {
    rt.go._makeFuncWrapper = () => {
      throw new Error("no functions here");
    };
  });
  // Another toolchain, another version, an operation of another loader.
  refused(withSection(bytes, START, JSON.stringify({ ...s, go: "go1.99.0" })), /built by go1\.99\.0 for /);
  refused(withSection(bytes, START, JSON.stringify({ ...s, version: "0.0.1" })), /for 0\.0\.1/);
  refused(withSection(bytes, START, JSON.stringify({ ...s, ops: [["copy", 5]] })), /does not know/);
  refused(withSection(bytes, START, JSON.stringify({ ...s, table: s.table + 1 })), /value table/);
});

test("preinit: two builds give the same bytes (wasmsnap and the recording run over the same linked module)", () => {
  const dir = mkdtempSync(join(tmpdir(), "preinit-"));
  try {
    const build = (n) => {
      const out = join(dir, `${n}.wasm`);
      execFileSync(join(root, "bin/wasmsnap"), ["-export-globals", "-o", join(dir, "probe.wasm"), join(root, "bin/endpoint.post.wasm")]);
      const seed = execFileSync(join(root, "bin/wasmsnap"), ["-seed"], { encoding: "utf8" }).trim();
      execFileSync(process.execPath, [join(root, "js/snapshot.mjs"), join(dir, "probe.wasm"), join(dir, `state${n}`), seed], { stdio: "ignore" });
      execFileSync(join(root, "bin/wasmsnap"), ["-state", join(dir, `state${n}`), "-o", out, join(root, "bin/endpoint.post.wasm")]);
      return readFileSync(out);
    };
    const [a, b] = [build(1), build(2)];
    assert.ok(a.equals(b), "two recordings give the same module");
    assert.ok(a.equals(bytes), "and the one in dist/");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("preinit: the shipped module names none of the engine's functions, which make build DEBUG=1 keeps for tracebacks", () => {
  // bin/postflags holds the rewrite's flags of a DEBUG=1 build; a release build writes none.
  const flags = existsSync(join(root, "bin/postflags")) ? readFileSync(join(root, "bin/postflags"), "utf8") : "";
  // A function's name is its package path, a dot and the function; type data names the package without the dot.
  const names = bytes.toString("latin1").split("github.com/endpoint-wasm/endpoint-wasm/core/internal/engine.").length - 1;
  if (flags.includes("-keep-names")) assert.ok(names > 100, `a DEBUG=1 build names the engine's functions (${names} names)`);
  else assert.equal(names, 0, "no name of an engine function in a release build");
});

test("preinit: a runtime without String.prototype.isWellFormed (before ES2024) restores the module, whose start never read it", () => {
  const saved = Object.getOwnPropertyDescriptor(String.prototype, "isWellFormed");
  delete String.prototype.isWellFormed;
  try {
    const { rt, module, inst } = instance();
    const api = boot(rt, inst, module);
    const lone = { t: "a\ud800b", u: "plain" };
    // The JSON body has no prototype, as endpoint()'s (D18): its members are compared.
    assert.deepEqual({ ...api.endpoint(undefined, "POST /x", lone).body }, lone, "text is read without it");
  } finally {
    Object.defineProperty(String.prototype, "isWellFormed", saved);
  }
});
