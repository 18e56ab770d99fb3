// The package as a bundler and Node see it: package.json's sideEffects and
// engines fields.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("../..", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

// The bundle imports "endpoint-wasm" by name: node_modules/endpoint-wasm
// points at this checkout (as in bundlers.test.js).
const link = join(root, "node_modules", "endpoint-wasm");
if (!existsSync(link)) {
  mkdirSync(join(root, "node_modules"), { recursive: true });
  symlinkSync("..", link);
}

test('a bundler keeps import "endpoint-wasm/global": package.json lists it as a file with side effects', async () => {
  const out = await build({
    stdin: { contents: 'import "endpoint-wasm/global";', resolveDir: root, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    logLevel: "silent",
  });
  const text = out.outputFiles[0].text;
  assert.deepEqual([pkg.sideEffects, /globalThis\.endpointWasm = /.test(text)], [["./dist/global.js"], true]);
});

test("require() of the package works from Node 20.19, the engines floor, where require() of ES modules is on by default", () => {
  const [major, minor] = process.versions.node.split(".").map(Number);
  assert.equal(pkg.engines.node, ">=20.19");
  assert.ok(major > 20 || (major === 20 && minor >= 19), `this Node (${process.version}) is within engines`);
  const script = 'console.log(require("endpoint-wasm").endpoint("GET /user").url)';
  assert.equal(execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" }), "https://api.github.com/user\n");
  // Older Nodes behave as this one does with the feature turned off.
  const off = spawnSync(process.execPath, ["--no-experimental-require-module", "-e", script], { cwd: root, encoding: "utf8" });
  assert.match(off.stderr, /ERR_REQUIRE_ESM/);
});

test("the tarball npm pack writes in the checkout is not a file git would add", () => {
  const tarball = `${pkg.name}-${pkg.version}.tgz`;
  assert.equal(execFileSync("git", ["check-ignore", tarball], { cwd: root, encoding: "utf8" }), `${tarball}\n`);
});

// codeLines counts the lines of a JavaScript source that hold code: not
// blank, not inside a comment.
function codeLines(src) {
  let n = 0, inBlock = false;
  for (const line of src.split("\n")) {
    let t = line.trim();
    if (inBlock) {
      const end = t.indexOf("*/");
      if (end < 0) continue;
      inBlock = false;
      t = t.slice(end + 2).trim();
    }
    if (t.startsWith("/*")) {
      const end = t.indexOf("*/", 2);
      if (end < 0) {
        inBlock = true;
        continue;
      }
      t = t.slice(end + 2).trim();
    }
    if (t && !t.startsWith("//")) n++;
  }
  return n;
}

// source reads a module of the shim: its source in js/, or what the build
// wrote in dist/ (version.js).
const source = (file) => readFileSync(join(root, existsSync(join(root, "js", file)) ? "js" : "dist", file), "utf8");

// shimOf returns the modules that the entry js/<file> runs: it and what it
// imports, transitively, but Go's wasm_exec.js (go.js) and the bytes of a
// WebAssembly module (text-module.js, endpoint.wasm).
function shimOf(file, seen = new Set()) {
  if (seen.has(file) || !file.endsWith(".js") || ["go.js", "text-module.js"].includes(file)) return seen;
  seen.add(file);
  for (const m of source(file).matchAll(/^\s*(?:import|export)\b[^;]*?["']\.\/([^"']+)["']/gms)) shimOf(m[1], seen);
  return seen;
}

test("every entry of the package runs a shim of at most 1,000 code lines, the wire's generated tables included", () => {
  const entries = new Set();
  for (const target of Object.values(pkg.exports)) {
    for (const path of typeof target === "string" ? [target] : Object.values(target)) {
      if (path.endsWith(".js")) entries.add(path.replace("./dist/", ""));
    }
  }
  assert.deepEqual([...entries].sort(), ["deno.js", "global.js", "index.js", "init.js", "node.js", "workerd.js"]);
  const over = [];
  for (const entry of entries) {
    const files = [...shimOf(entry)];
    const lines = files.reduce((sum, f) => sum + codeLines(source(f)), 0);
    assert.ok(files.includes("protocol.js") && files.includes("wire.js"), `${entry} runs the shim's protocol and wire: ${files}`);
    if (lines > 1000) over.push(`${entry}: ${lines} code lines (${files.join(", ")})`);
  }
  assert.deepEqual(over, []);
});
