// Real bundler builds of a tiny app that imports "endpoint-wasm" by name,
// served and loaded in Chromium: a Vite production build and a webpack 5
// production build (both emit endpoint.wasm from the literal
// new URL(..., import.meta.url)), and an esbuild bundle (which does not: the
// wasm is copied beside the bundle, as the README says).
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { build as vite } from "vite";
import { build as esbuild } from "esbuild";
import webpack from "webpack";
import { launch, resultsOf, serve } from "./browser.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const version = JSON.parse((await import("node:fs")).readFileSync(join(root, "package.json"), "utf8")).version;

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

test("vite: a production build of an app importing endpoint-wasm works in Chromium", async () => {
  const out = mkdtempSync(join(tmpdir(), "ew-vite-"));
  try {
    await vite({ root: join(root, "js/test/apps/vite"), logLevel: "warn", build: { outDir: out, emptyOutDir: true } });
    const assets = readdirSync(join(out, "assets"));
    assert.ok(assets.some((f) => f.endsWith(".wasm")), `vite emitted the wasm: ${assets}`);
    const [r] = await loadInChromium(out);
    assert.deepEqual(r.value, want);
    assert.equal(r.fetch[1].method, "POST");
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("esbuild: a bundle of an app importing endpoint-wasm works in Chromium", async () => {
  const out = mkdtempSync(join(tmpdir(), "ew-esbuild-"));
  try {
    await esbuild({
      entryPoints: [join(root, "js/test/apps/esbuild/main.js")],
      outfile: join(out, "main.bundle.js"),
      bundle: true, format: "esm", platform: "browser", target: "es2022", logLevel: "warning",
    });
    cpSync(join(root, "js/test/apps/esbuild/index.html"), join(out, "index.html"));
    cpSync(join(root, "node_modules/endpoint-wasm/dist/endpoint.wasm"), join(out, "endpoint.wasm")); // esbuild does not emit it
    const [r] = await loadInChromium(out);
    assert.deepEqual(r.value, want);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("webpack: a production build of an app importing endpoint-wasm works in Chromium", async () => {
  const out = mkdtempSync(join(tmpdir(), "ew-webpack-"));
  try {
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
    assert.deepEqual(r.value, want);
    assert.equal(r.fetch[1].method, "POST");
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
