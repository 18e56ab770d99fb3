// `make demo`'s server, run as `make demo` runs it: what it serves, and
// what it says when it cannot start.
import { test } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { createServer } from "node:net";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runDemo } from "./demo-server.js";

/** get asks for path exactly as written (no URL clean-up), and gives the status. */
function statusOf(origin, path) {
  return new Promise((resolve, reject) => {
    request(origin + "/", { path }, (res) => {
      res.resume();
      resolve(res.headers.location ? `${res.statusCode} ${res.headers.location}` : `${res.statusCode} ${res.headers["content-type"]}`);
    }).on("error", reject).end();
  });
}

test("make demo serves the demo page, what it prepared in web/demo/gen/, and dist/, and nothing else of the checkout (.git and catalog/ included)", async () => {
  const demo = await runDemo(0);
  assert.ok(demo.origin, `the server started: ${demo.stderr}`);
  try {
    const paths = [
      "/", "/web/demo", "/web/demo/", "/web/demo/demo.js", "/web/demo/favicon.svg", "/dist/index.js", "/dist/endpoint.wasm",
      "/web/demo/gen/catalog.json", "/web/demo/gen/reference.js", "/web/demo/gen/rules.html", "/catalog/github-rest.json", "/docs/behaviour.md",
      "/.git", "/.git/HEAD", "/web/demo/..%2f..%2f.git/HEAD", "/web/demo/%2e%2e/%2e%2e/package.json", "/dist/.gitignore",
      "/package.json", "/README.md", "/Makefile", "/go.mod", "/core/internal/engine/endpoint.go", "/js/shim.js", "/js/test/suite.js",
      "/node_modules/playwright-core/package.json", "/web/", "/web/demo/%E0", "//evil.example/web/demo",
    ];
    const got = {};
    for (const p of paths) got[p] = await statusOf(demo.origin, p);
    assert.deepEqual(got, {
      "/": "302 /web/demo/",
      "/web/demo": "302 /web/demo/",
      "//evil.example/web/demo": "302 /web/demo/", // on this server, not evil.example's
      "/web/demo/": "200 text/html; charset=utf-8",
      "/web/demo/demo.js": "200 text/javascript; charset=utf-8",
      "/web/demo/favicon.svg": "200 image/svg+xml",
      "/dist/index.js": "200 text/javascript; charset=utf-8",
      "/dist/endpoint.wasm": "200 application/wasm",
      "/web/demo/gen/catalog.json": "200 application/json",
      "/web/demo/gen/reference.js": "200 text/javascript; charset=utf-8",
      "/web/demo/gen/rules.html": "200 text/html; charset=utf-8",
      "/catalog/github-rest.json": "404 text/plain",
      "/docs/behaviour.md": "404 text/plain",
      "/.git": "404 text/plain",
      "/.git/HEAD": "404 text/plain",
      "/web/demo/..%2f..%2f.git/HEAD": "404 text/plain",
      "/web/demo/%2e%2e/%2e%2e/package.json": "404 text/plain",
      "/dist/.gitignore": "404 text/plain",
      "/package.json": "404 text/plain",
      "/README.md": "404 text/plain",
      "/Makefile": "404 text/plain",
      "/go.mod": "404 text/plain",
      "/core/internal/engine/endpoint.go": "404 text/plain",
      "/js/shim.js": "404 text/plain",
      "/js/test/suite.js": "404 text/plain",
      "/node_modules/playwright-core/package.json": "404 text/plain",
      "/web/": "404 text/plain",
      "/web/demo/%E0": "400 text/plain",
    });
  } finally {
    await demo.stop?.();
  }
});

test("make demo on a busy port says which port and how to choose another, without a stack", async () => {
  const busy = createServer();
  await new Promise((r) => busy.listen(0, "127.0.0.1", r));
  const { port } = busy.address();
  try {
    const demo = await runDemo(port);
    await demo.stop?.();
    assert.deepEqual({ code: demo.code, stderr: demo.stderr }, {
      code: 1,
      stderr: `endpoint-wasm demo: port ${port} is in use (another \`make demo\`, or another program): choose another port, for example PORT=9000 make demo\n`,
    });
  } finally {
    await new Promise((r) => busy.close(r));
  }
});

test("make demo with a PORT that is not a port number says so, without a stack", async () => {
  const demo = await runDemo("80a");
  await demo.stop?.();
  assert.deepEqual({ code: demo.code, stderr: demo.stderr }, {
    code: 1,
    stderr: "endpoint-wasm demo: PORT=80a is not a port number (0 to 65535): for example PORT=9000 make demo\n",
  });
});

test("node web/demo/serve.mjs in a clone never built says to run make demo, not that esbuild is missing", () => {
  const root = new URL("../..", import.meta.url).pathname;
  const clone = mkdtempSync(join(tmpdir(), "ew-demo-clone-"));
  try {
    const files = execFileSync("git", ["ls-files", "-z", "web", "js", "catalog", "package.json"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
    for (const f of files) cpSync(join(root, f), join(clone, f));
    const run = () => spawnSync(process.execPath, [join(clone, "web/demo/serve.mjs")], { env: { ...process.env, PORT: "0" }, encoding: "utf8" });
    assert.deepEqual(run().stderr, "endpoint-wasm demo: dist/ is missing: `make demo` builds it (or run `make build` first)\n");
    // Built elsewhere and copied, with no npm ci: esbuild, which prepares the page, is missing.
    cpSync(join(root, "dist"), join(clone, "dist"), { recursive: true });
    assert.deepEqual(run().stderr, "endpoint-wasm demo: the dev dependencies are not installed (no node_modules/): `make demo` installs them (npm ci)\n");
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
});
