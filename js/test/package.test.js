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
