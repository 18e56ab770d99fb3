// Runs the reach program (testdata/reach) until main blocks, calls its
// export dump, and writes memory, the globals (the module exports them:
// wasmsnap -export-globals) and the heap dump into dir.
// Usage: node record.mjs wasm_exec.js module.wasm dir
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [execFile, wasmFile, dir] = process.argv.slice(2);
await import(execFile);
const go = new globalThis.Go();
const gojs = go.importObject.gojs;
let inst, dump = null;
const write = gojs["runtime.wasmWrite"];
gojs["runtime.wasmWrite"] = (sp) => {
  const m = new DataView(inst.exports.mem.buffer);
  const fd = m.getUint32((sp >>> 0) + 8, true);
  if (dump && fd === 2) dump.push(new Uint8Array(inst.exports.mem.buffer, m.getUint32((sp >>> 0) + 16, true), m.getInt32((sp >>> 0) + 24, true)).slice());
  else write(sp);
};
inst = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(wasmFile)), go.importObject);
go.run(inst);
dump = [];
inst.exports.dump();
writeFileSync(join(dir, "heap.dump"), Buffer.concat(dump));
writeFileSync(join(dir, "memory"), new Uint8Array(inst.exports.mem.buffer));
const globals = Array.from({ length: 8 }, (_, i) => String(BigInt.asUintN(64, BigInt(inst.exports[`wasmpost.global${i}`].value))));
writeFileSync(join(dir, "globals.json"), JSON.stringify(globals));
console.log(inst.exports.use());
