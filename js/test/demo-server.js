// Test helper: `make demo`'s own server (web/demo/serve.mjs) run as a child
// process, as `make demo` runs it.
import { spawn } from "node:child_process";
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { launch } from "./browser.js";

const script = new URL("../../web/demo/serve.mjs", import.meta.url).pathname;

/**
 * runDemo starts serve.mjs with PORT=port (0: any free port). It resolves to
 * { origin, stop } once the server says its address, or to { code, stderr }
 * when it exits first.
 */
export function runDemo(port = 0) {
  const child = spawn(process.execPath, [script], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      stdout += d;
      const origin = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout)?.[1];
      if (origin) resolve({ origin, stdout, stop: () => stop(child) });
    });
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    child.on("error", reject);
  });
}

/**
 * demoAndBrowser starts `make demo`'s server and headless Chromium before
 * the tests of the file that calls it, then runs setup(live) if given, and
 * stops both after the tests. The object it returns holds them, as demo and
 * browser, once started. (Node 20 runs a file's before hooks at once, not
 * one after another, so setup that needs them goes here.)
 */
export function demoAndBrowser(setup) {
  const live = {};
  before(async () => {
    live.demo = await runDemo(0);
    assert.ok(live.demo.origin, `make demo's server started: ${live.demo.stderr}`);
    live.browser = await launch();
    await setup?.(live);
  });
  after(async () => {
    await live.browser?.close();
    await live.demo?.stop?.();
  });
  return live;
}

/**
 * visit opens the demo of live at path in a fresh context made with
 * contextOptions (a size, touch) and runs fn on the page once it is ready;
 * it fails on any page error.
 */
export async function visit(live, contextOptions, path, fn) {
  const context = await live.browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  try {
    await page.goto(live.demo.origin + path);
    await page.waitForSelector("html[data-ready]");
    await fn(page);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill();
  });
}
