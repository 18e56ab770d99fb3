// The recording run of a pre-initialised module (run by `make build`,
// between `wasmsnap -export-globals` and `wasmsnap -state`; see
// wasm/internal/wasmpost/snapshot.go): it runs Go's start in Node, through the
// loader's own runtime (dist/go.js's source), until main() blocks, and
// writes what the module's initial state is made of:
//   dir/state.json  the globals, where the runtime read its random seed,
//                   and `start`: what the loader replays (js/load.js)
//   dir/memory.a    linear memory
//   dir/memory.b    linear memory of a second run with other random bytes,
//                   from which wasmsnap finds the random state to reseed
//   dir/heap.dump   the first run's heap dump, which ew_prepare writes as
//                   its last act: from it wasmsnap finds the code the
//                   module can still run (wasm/internal/wasmpost/reach.go)
// Usage: node js/snapshot.mjs probe.wasm dir seed (seed: `wasmsnap -seed`)
//
// What Go's start reads from its environment is fixed here, so that two
// builds give the same bytes: the arguments (["js", NAME], NAME being the
// global name main() hangs its API on, private to each instance anyway),
// the environment (empty: GODEBUG is the module's own defaults), the clock
// (a counter from zero: at load the clock is later, and monotonic time only
// moves forward), the random bytes (seed, chosen by wasmsnap for the hash
// key it gives; the random state is written afresh at load), and
// fs, process and path (wasm_exec.js's stubs, as in every runtime).

import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { goEnv, goSource, wasmExecPrivate } from "./go-source.mjs";
import { generatedModules } from "./generated.mjs";

/** NAME is the global name main() hangs its API on, fixed at build time. */
export const NAME = "endpointWasm";

const [probeFile, dir, seedHex] = process.argv.slice(2);
if (!probeFile || !dir || !/^[0-9a-f]{64}$/.test(seedHex ?? "")) {
  console.error("usage: node js/snapshot.mjs probe.wasm dir seed (32 bytes in hex: wasmsnap -seed)");
  process.exit(2);
}
const [goroot, goVersion] = goEnv("GOROOT", "GOVERSION");
mkdirSync(dir, { recursive: true });
const runtimeFile = join(dir, "go.mjs");
writeFileSync(runtimeFile, goSource(goVersion, readFileSync(join(goroot, "lib", "wasm", "wasm_exec.js"), "utf8")));
const { goRuntime } = await import(pathToFileURL(resolve(runtimeFile)).href);
// The shim's wire, for prepare's calls: its modules and the generated ones.
const shimDir = join(dir, "shim");
mkdirSync(shimDir);
const js = new URL(".", import.meta.url);
for (const f of readdirSync(js)) if (f.endsWith(".js")) copyFileSync(new URL(f, js), join(shimDir, f));
for (const [file, source] of Object.entries(generatedModules())) writeFileSync(join(shimDir, file), source);
const { Bridge, GLOBAL, OP_DEFAULTS, OP_ENDPOINT, OP_MERGE, OP_PARSE, layerOf } = await import(pathToFileURL(resolve(shimDir, "protocol.js")).href);
const module = new WebAssembly.Module(readFileSync(probeFile));

/** fail stops the build: Go's start did something a restore cannot rebuild. */
function fail(why) {
  throw new Error(`js/snapshot.mjs: ${why}; a pre-initialised module cannot be made`);
}

/**
 * record runs Go's start with the random bytes seed, and returns
 * memory, globals, the seed's address and the operations.
 */
function record(seed) {
  const { Go, scope } = goRuntime({ getRandomValues: () => fail("crypto used outside getRandomData") });
  const go = new Go();
  go.argv = ["js", NAME];
  go.env = {};
  const gojs = go.importObject.gojs;
  let inst;
  const mem = () => new DataView(inst.exports.mem.buffer);
  const sp = () => inst.exports.getsp() >>> 0;
  const i64 = (a) => mem().getUint32(a, true) + mem().getInt32(a + 4, true) * 2 ** 32;
  const str = (a) => new TextDecoder().decode(new Uint8Array(inst.exports.mem.buffer, i64(a), i64(a + 8)));
  // ref is a value as Go holds it (wasm_exec.js's storeValue): an id of
  // the value table, or ["n", x] for a number, null for undefined.
  const ref = (a) => {
    const f = mem().getFloat64(a, true);
    if (f === 0) return null;
    if (!Number.isNaN(f)) return ["n", f];
    return mem().getUint32(a, true);
  };
  const refs = (a) => Array.from({ length: i64(a + 8) }, (_, i) => ref(i64(a) + 8 * i));
  const ops = [];
  let seedAddr = null;
  let clock = 0;
  const wrap = (name, before, after) => {
    const orig = gojs[name];
    gojs[name] = (s) => {
      s >>>= 0;
      const op = before(s);
      orig(s);
      if (op) ops.push(after ? [...op, ...after(s)] : op);
    };
  };
  gojs["runtime.getRandomData"] = (s) => {
    s >>>= 0;
    const [addr, len] = [i64(s + 8), i64(s + 16)];
    if (seedAddr !== null || len !== 32) fail(`random bytes read twice or not 32 (${len})`);
    seedAddr = addr;
    new Uint8Array(inst.exports.mem.buffer, addr, len).set(seed);
  };
  gojs["runtime.nanotime1"] = (s) => {
    const a = (s >>> 0) + 8;
    mem().setUint32(a, ++clock * 1000, true);
    mem().setUint32(a + 4, 0, true);
  };
  gojs["runtime.walltime"] = (s) => {
    mem().setUint32((s >>> 0) + 8, 0, true);
    mem().setUint32((s >>> 0) + 12, 0, true);
    mem().setInt32((s >>> 0) + 16, 0, true);
  };
  for (const name of ["runtime.scheduleTimeoutEvent", "runtime.wasmExit", "syscall/js.copyBytesToGo", "syscall/js.copyBytesToJS", "syscall/js.valueSetIndex", "syscall/js.valueDelete"]) {
    gojs[name] = () => fail(`Go's start called ${name}`);
  }
  // The operations the loader replays, each [kind, ...operands, result].
  wrap("syscall/js.valueGet", (s) => ["get", ref(s + 8), str(s + 16)], () => [ref(sp() + 32)]);
  wrap("syscall/js.valueSet", (s) => ["set", ref(s + 8), str(s + 16), ref(s + 32)]);
  wrap("syscall/js.valueIndex", (s) => ["index", ref(s + 8), i64(s + 16)], () => [ref(sp() + 24)]);
  wrap("syscall/js.stringVal", (s) => ["string", str(s + 8)], () => [ref(sp() + 24)]);
  wrap("syscall/js.valueCall", (s) => ["call", ref(s + 8), str(s + 16), refs(s + 32)], () => ok(sp() + 56));
  wrap("syscall/js.valueInvoke", (s) => ["invoke", ref(s + 8), refs(s + 16)], () => ok(sp() + 40));
  wrap("syscall/js.valueNew", (s) => ["new", ref(s + 8), refs(s + 16)], () => ok(sp() + 40));
  wrap("syscall/js.finalizeRef", (s) => ["free", mem().getUint32(s + 8, true)]);
  wrap("syscall/js.valueLength", (s) => ["length", ref(s + 8)], (s) => [i64(s + 16)]);
  wrap("syscall/js.valueInstanceOf", (s) => ["instanceOf", ref(s + 8), ref(s + 16)], (s) => [mem().getUint8(s + 24)]);
  // Go reads a string's bytes in two steps; the replay checks the string.
  wrap("syscall/js.valuePrepareString", (s) => ["prepare", ref(s + 8)], (s) => [ref(s + 16), new TextDecoder().decode(wasmExecPrivate.values(go)[ref(s + 16)])]);
  wrap("syscall/js.valueLoadString", () => null);
  function ok(a) {
    if (mem().getUint8(a + 8) !== 1) fail("a call of Go's start threw");
    return [ref(a)];
  }

  // Every other import of the module is the engine's own (ew.load), which
  // Go's start must not call.
  for (const { module: m, name } of WebAssembly.Module.imports(module)) {
    if (m !== "gojs") (go.importObject[m] ??= {})[name] ??= () => fail(`Go's start called ${m}.${name}`);
  }
  // What Go writes to its standard error while ew_prepare runs is the
  // heap dump; anything else goes where wasm_exec.js sends it.
  let dump = null;
  const write = gojs["runtime.wasmWrite"];
  gojs["runtime.wasmWrite"] = (s) => {
    if (dump && i64((s >>> 0) + 8) === 2) dump.push(new Uint8Array(inst.exports.mem.buffer, i64((s >>> 0) + 16), mem().getInt32((s >>> 0) + 24, true)).slice());
    else write(s);
  };
  inst = new WebAssembly.Instance(module, go.importObject);
  let error;
  go.run(inst).catch((e) => (error = e));
  if (error || go.exited) fail(`Go's start failed: ${error?.message ?? "the program exited"}`);
  if (!scope[NAME]) fail(`main() hung nothing on ${NAME}`);
  const opsOfStart = ops.length;
  prepare(inst);
  dump = [];
  inst.exports.ew_prepare();
  const heap = Buffer.concat(dump);
  dump = null;
  if (heap.length === 0) fail("ew_prepare wrote no heap dump"); // wasmsnap reads what it wrote
  if (ops.length !== opsOfStart) fail("the calls that prepare the module called JavaScript through Go");
  if (wasmExecPrivate.pending(go)) fail("a timer or an event is pending once main() blocks");
  if (seedAddr === null) fail("the runtime read no random seed");
  const globals = Array.from({ length: 8 }, (_, i) => {
    const v = inst.exports[`wasmpost.global${i}`]?.value;
    if (v === undefined) fail(`${probeFile} does not export its globals (wasmsnap -export-globals)`);
    return String(BigInt.asIntN(64, BigInt(v)));
  });
  return { memory: new Uint8Array(inst.exports.mem.buffer).slice(), heap, globals, seedAddr, ops, api: scope[NAME], go };
}

/**
 * prepare makes the module's first calls at build time, through the
 * shim's own wire, so that what a first call does once (grow the buffers
 * the bridge reuses, take the allocator's spans; wasm/prepare.go) is in the
 * snapshot and not in a user's first call, where V8 would compile the code
 * that does it. Their routes are no program's, and their answers are
 * checked: a module that answers them wrongly is not shipped.
 */
function prepare(inst) {
  if (typeof inst.exports.ew_prepare !== "function") fail(`${probeFile} exports no ew_prepare`);
  const bridge = new Bridge(inst.exports);
  const call = (...args) => {
    try {
      return bridge.call(...args);
    } catch (e) {
      fail(`a call that prepares the module failed: ${e.message}`);
    }
  };
  const layer = layerOf(call(OP_DEFAULTS, GLOBAL, undefined, { headers: { authorization: "token prepare" } }));
  const got = [
    call(OP_ENDPOINT, GLOBAL, "GET /prepare/{owner}/{repo}/items", { owner: "o", repo: "r", state: "open", per_page: 100 }),
    call(OP_ENDPOINT, layer, "POST /prepare/{owner}/items", { owner: "o", title: "t", labels: ["a"] }),
    call(OP_PARSE, GLOBAL, undefined, call(OP_MERGE, layer, "GET /prepare{/path}", { path: "p", q: "x" })),
  ];
  const want = [
    { method: "get", url: "https://api.github.com/prepare/o/r/items?state=open&per_page=100" },
    { method: "post", url: "https://api.github.com/prepare/o/items", body: { title: "t", labels: ["a"] } },
    { method: "get", url: "https://api.github.com/prepare/p?q=x" },
  ];
  for (const [i, r] of got.entries()) {
    const { method, url, body } = want[i];
    if (r.method !== method || r.url !== url || JSON.stringify(r.body) !== JSON.stringify(body)) {
      fail(`a call that prepares the module answered ${JSON.stringify(r)}`);
    }
  }
}

const seed = Buffer.from(seedHex, "hex");
const a = record(seed);
const b = record(seed.map((x) => x ^ 0xff));
if (JSON.stringify(a.ops) !== JSON.stringify(b.ops) || a.seedAddr !== b.seedAddr || a.memory.length !== b.memory.length) {
  fail("Go's start does not do the same with other random bytes");
}
// The values Go's start left in the value table, beyond wasm_exec.js's
// own seven: the loader checks that its replay gives as many.
const table = wasmExecPrivate.values(a.go).length;
const start = { go: goVersion, name: NAME, ops: a.ops, table, version: a.api.version };
writeFileSync(join(dir, "state.json"), JSON.stringify({ globals: a.globals, seedAddr: a.seedAddr, seed: seedHex, start }, null, 1) + "\n");
writeFileSync(join(dir, "memory.a"), a.memory);
writeFileSync(join(dir, "memory.b"), b.memory);
writeFileSync(join(dir, "heap.dump"), a.heap);
console.log(`${dir}: Go's start recorded: ${a.ops.length} operations, ${a.memory.length >> 16} pages, ${table} values`);
