// Real bundler builds of tiny apps that import "endpoint-wasm" by name, as
// the README says to build them: a Vite production build (the page and a
// worker in Vite's default worker format), a webpack 5 production build
// (both emit endpoint.wasm from the literal new URL(..., import.meta.url)),
// webpack 5 again in a project as `npm init -y` makes it, with docs/install.md's configuration,
// an esbuild bundle in esbuild's default format (an iife; the wasm copied
// beside it) and a Rollup build (ES modules; the wasm copied beside it too),
// each loaded in Chromium; and an esbuild bundle for Node as CommonJS, run
// by Node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { build as vite } from "vite";
import { build as esbuild } from "esbuild";
import webpack from "webpack";
import { rollup } from "rollup";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import { launch, resultsOf, serve } from "./browser.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
const wasm = join(root, "dist/endpoint.wasm");

// The apps import "endpoint-wasm" as a dependency: node_modules/endpoint-wasm
// points at this checkout, which after `make build` is the package.
const link = join(root, "node_modules", "endpoint-wasm");
if (!existsSync(link)) {
  mkdirSync(join(root, "node_modules"), { recursive: true });
  symlinkSync("..", link);
}

const want = {
  method: "post",
  url: "https://api.github.com/repos/octokit/rest.js/issues",
  headers: { accept: "application/vnd.github.v3+json", "user-agent": `endpoint-wasm/${version}`, "content-type": "application/json; charset=utf-8" },
  body: { title: "Hello" },
};

async function loadInChromium(dir) {
  const server = await serve(dir);
  const browser = await launch();
  try {
    return await resultsOf(browser, `${server.origin}/index.html`);
  } finally {
    await browser.close();
    await server.close();
  }
}

// inTemp runs fn(dir) in a new temporary directory, removed afterwards.
async function inTemp(prefix, fn) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("vite: a production build works in Chromium, on the page and in a worker of Vite's default format", () => inTemp("ew-vite-", async (out) => {
  await vite({ root: join(root, "js/test/apps/vite"), logLevel: "warn", build: { outDir: out, emptyOutDir: true } });
  const assets = readdirSync(join(out, "assets"));
  assert.ok(assets.some((f) => f.endsWith(".wasm")), `vite emitted the wasm: ${assets}`);
  const [page, worker] = await loadInChromium(out);
  assert.deepEqual(page.value, want, page.error);
  assert.equal(page.fetch[1].method, "POST");
  assert.deepEqual(worker, { name: "in a worker", ok: true, value: want });
}));

test("esbuild: a bundle in esbuild's default format (iife), with endpoint.wasm copied beside it, works in Chromium", () => inTemp("ew-esbuild-", async (out) => {
  const result = await esbuild({
    entryPoints: [join(root, "js/test/apps/esbuild/main.js")],
    outfile: join(out, "main.bundle.js"),
    bundle: true, platform: "browser", logLevel: "silent",
  });
  assert.deepEqual(result.errors, []);
  cpSync(join(root, "js/test/apps/esbuild/index.html"), join(out, "index.html"));
  cpSync(wasm, join(out, "endpoint.wasm")); // esbuild does not emit it
  const [r] = await loadInChromium(out);
  assert.deepEqual(r.value, want, r.error);
}));

test("esbuild: a bundle for Node as CommonJS, with endpoint.wasm copied beside it, runs in Node", () => inTemp("ew-esbuild-node-", async (out) => {
  await esbuild({
    entryPoints: [join(root, "js/test/apps/esbuild-node/main.js")],
    outfile: join(out, "main.cjs"),
    bundle: true, platform: "node", format: "cjs", logLevel: "silent",
  });
  cpSync(wasm, join(out, "endpoint.wasm"));
  const stdout = execFileSync(process.execPath, [join(out, "main.cjs")], { cwd: out, encoding: "utf8" });
  assert.deepEqual(JSON.parse(stdout), want);
}));

test("webpack: a production build works in Chromium", () => inTemp("ew-webpack-", async (out) => {
  const compiler = webpack({
    mode: "production",
    context: root,
    entry: join(root, "js/test/apps/webpack/main.js"),
    output: { path: out, filename: "main.bundle.js" },
    target: "web",
    performance: { hints: false }, // the wasm is over webpack's 244 KiB advice
  });
  const stats = await new Promise((resolve, reject) => compiler.run((err, s) => (err ? reject(err) : resolve(s))));
  await new Promise((resolve) => compiler.close(resolve));
  assert.ok(!stats.hasErrors() && !stats.hasWarnings(), stats.toString({ colors: false, modules: false }));
  const files = readdirSync(out);
  assert.ok(files.some((f) => f.endsWith(".wasm")), `webpack emitted the wasm: ${files}`);
  cpSync(join(root, "js/test/apps/webpack/index.html"), join(out, "index.html"));
  const [r] = await loadInChromium(out);
  assert.deepEqual(r.value, want, r.error);
  assert.equal(r.fetch[1].method, "POST");
}));

// The webpack.config.js of docs/install.md.
function webpackConfig() {
  const doc = readFileSync(join(root, "docs/install.md"), "utf8");
  const config = /```js\n(\/\/ webpack\.config\.js\n[\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(config, "docs/install.md shows a webpack.config.js");
  return config;
}

function runWebpack(config) {
  const compiler = webpack(config);
  return new Promise((resolve, reject) => compiler.run((err, s) => (err ? reject(err) : compiler.close(() => resolve(s)))));
}

test("webpack: in a project as npm init -y makes it (\"type\": \"commonjs\"), the import stops the build; docs/install.md's webpack.config.js builds a bundle that works in Chromium", () => inTemp("ew-webpack-cjs-", async (dir) => {
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", main: "index.js", type: "commonjs" }, null, 2));
  mkdirSync(join(dir, "src"));
  cpSync(join(root, "js/test/apps/webpack/main.js"), join(dir, "src/index.js"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(root, join(dir, "node_modules/endpoint-wasm"));
  // The webpack command reads its configuration in the project and builds into dist/ there.
  const out = join(dir, "dist");
  const bare = await runWebpack({ mode: "production", context: dir, entry: "./src/index.js", output: { path: out } });
  assert.match(bare.toString({ colors: false }), /'import' and 'export' may appear only with 'sourceType: module'/);
  writeFileSync(join(dir, "webpack.config.js"), webpackConfig());
  const config = createRequire(join(dir, "package.json"))("./webpack.config.js");
  const stats = await runWebpack({ ...config, context: dir, output: { path: out } });
  assert.ok(!stats.hasErrors() && !stats.hasWarnings(), stats.toString({ colors: false, modules: false }));
  assert.ok(readdirSync(out).some((f) => f.endsWith(".wasm")), `webpack emitted the wasm: ${readdirSync(out)}`);
  writeFileSync(join(out, "index.html"), '<!doctype html><meta charset="utf-8"><title>app</title><script src="./main.js"></script>\n');
  const [r] = await loadInChromium(out);
  assert.deepEqual(r.value, want, r.error);
}));

test("rollup: a build with @rollup/plugin-node-resolve, with endpoint.wasm copied beside it, works in Chromium; without the copy the error says to copy it", () => inTemp("ew-rollup-", async (out) => {
  const bundle = await rollup({ input: join(root, "js/test/apps/rollup/main.js"), plugins: [nodeResolve()], logLevel: "silent" });
  await bundle.write({ dir: out, format: "es" });
  await bundle.close();
  cpSync(join(root, "js/test/apps/rollup/index.html"), join(out, "index.html"));
  const [without] = await loadInChromium(out); // Rollup does not emit the wasm
  assert.equal(without.ok, false);
  assert.match(without.error, /HTTP 404 .* \(esbuild and Rollup do not emit endpoint\.wasm: copy it beside the bundle, or use init\(\{ wasmURL \}\)\)$/);
  cpSync(wasm, join(out, "endpoint.wasm"));
  const [r] = await loadInChromium(out);
  assert.deepEqual(r.value, want, r.error);
  assert.equal(r.fetch[1].method, "POST");
}));
