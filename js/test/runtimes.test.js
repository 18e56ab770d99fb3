// The package in the JavaScript runtimes other than Node and the browsers,
// each the real runtime from npm (package.json's devDependencies), each
// importing "endpoint-wasm" by name as docs/install.md says, from the packed
// package (npm pack) unpacked into a new project's node_modules:
//  - Cloudflare Workers: workerd serving a Worker bundled as wrangler
//    bundles it (its export conditions, endpoint.wasm as a module), asked
//    over HTTP;
//  - Deno, with no permission flag;
//  - Bun;
//  - Node's worker_threads.
// Every answer is compared with what Node's entry gives for the same call.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { freePort } from "./browser.js";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { endpoint } from "../../dist/node.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const bin = (name) => join(root, "node_modules", ".bin", name);

// The calls every runtime makes: results and an error (D28's typed error).
const CALLS = [
  ["GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 2 }],
  ["POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Hello", labels: ["bug"], headers: { authorization: "token secret" } }],
  ["GET /search/issues", { q: "is:open label:bug ü", mediaType: { format: "raw" } }],
  ["GET /repos/{owner}/{repo}", { owner: "octokit" }],
];

// answer is what a runtime reports for a call: the result, or the error's
// code, rule and message, as JSON.
const ANSWER = `(ep, [route, options]) => {
  try { return JSON.parse(JSON.stringify(ep(route, options))); }
  catch (e) { return { error: { name: e.name, code: e.code, rule: e.rule, message: e.message } }; }
}`;
const answer = eval(ANSWER);
const want = CALLS.map((c) => answer(endpoint, c));

let tmp, app;
before(() => {
  tmp = mkdtempSync(join(tmpdir(), "ew-runtimes-"));
  // The package as published: npm pack of this (built) checkout, unpacked
  // where npm install would put it.
  execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", tmp], { cwd: root, stdio: "ignore" });
  app = join(tmp, "app");
  mkdirSync(join(app, "node_modules", "endpoint-wasm"), { recursive: true });
  execFileSync("tar", ["-xzf", join(tmp, `${pkg.name}-${pkg.version}.tgz`), "--strip-components=1", "-C", join(app, "node_modules", "endpoint-wasm")]);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module", dependencies: { "endpoint-wasm": pkg.version } }));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

// script is a program that imports the package as `specifier` and prints
// the answers to CALLS, as JSON.
const script = (specifier) => `import { ready } from ${JSON.stringify(specifier)};
const ep = await ready;
console.log(JSON.stringify(${JSON.stringify(CALLS)}.map((c) => (${ANSWER})(ep, c))));
`;

test("Deno: import from \"npm:endpoint-wasm\" answers with no permission flag (the deno condition's source-phase import of endpoint.wasm)", () => {
  writeFileSync(join(app, "deno.js"), script("npm:endpoint-wasm"));
  const out = execFileSync(bin("deno"), ["run", "--no-prompt", "deno.js"], { cwd: app, encoding: "utf8", env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" } });
  assert.deepEqual(JSON.parse(out), want);
});

test("Bun: import from \"endpoint-wasm\" answers", () => {
  writeFileSync(join(app, "bun.js"), script("endpoint-wasm"));
  const out = execFileSync(bin("bun"), ["bun.js"], { cwd: app, encoding: "utf8" });
  assert.deepEqual(JSON.parse(out), want);
});

test("Node worker_threads: a worker importing \"endpoint-wasm\" answers, beside the main thread's engine", () => {
  writeFileSync(join(app, "worker.js"), `import { parentPort } from "node:worker_threads";\nimport { ready } from "endpoint-wasm";\nconst ep = await ready;\nparentPort.postMessage(${JSON.stringify(CALLS)}.map((c) => (${ANSWER})(ep, c)));\n`);
  writeFileSync(
    join(app, "threads.js"),
    `import { Worker } from "node:worker_threads";\nimport { endpoint } from "endpoint-wasm";\nendpoint("GET /user");\nnew Worker(new URL("./worker.js", import.meta.url)).once("message", (m) => console.log(JSON.stringify(m)));\n`,
  );
  const out = execFileSync(process.execPath, ["threads.js"], { cwd: app, encoding: "utf8" });
  assert.deepEqual(JSON.parse(out), want);
});

// The Worker: it tries a call in global scope (workerd refuses random
// values there, which Go's start needs), and answers each call posted to
// it, by `endpoint` or by `await ready`, inside its fetch handler.
const WORKER = `import { endpoint, ready } from "endpoint-wasm";
let atGlobalScope;
try { atGlobalScope = endpoint("GET /user").url; } catch (e) { atGlobalScope = { code: e.code, message: e.message }; }
const answer = ${ANSWER};
export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === "/global") return Response.json(atGlobalScope);
    const ep = pathname === "/ready" ? await ready : endpoint;
    return Response.json((await request.json()).map((c) => answer(ep, c)));
  },
};
`;

// bundleWorker bundles src as wrangler does: esbuild with the conditions
// workerd, worker and browser, a .wasm import kept as a module of its own.
async function bundleWorker(dir) {
  const wasm = [];
  await build({
    entryPoints: [join(dir, "worker.js")],
    outfile: join(dir, "out", "worker.js"),
    bundle: true,
    format: "esm",
    conditions: ["workerd", "worker", "browser"],
    target: "es2022",
    logLevel: "silent",
    plugins: [{
      name: "wasm-modules",
      setup(b) {
        b.onResolve({ filter: /\.wasm$/ }, (a) => {
          const file = join(a.resolveDir, a.path);
          wasm.push(file);
          return { path: "./endpoint.wasm", external: true };
        });
      },
    }],
  });
  assert.equal(wasm.length, 1, "the Worker imports endpoint.wasm as a module");
  writeFileSync(join(dir, "out", "endpoint.wasm"), readFileSync(wasm[0]));
}


// serveWorker runs workerd on the bundle in dir/out and returns its origin
// and a stop function.
async function serveWorker(dir) {
  const port = await freePort();
  writeFileSync(
    join(dir, "out", "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js"), (name = "endpoint.wasm", wasm = embed "endpoint.wasm")],
  compatibilityDate = "2026-11-01",
);
`,
  );
  const child = spawn(bin("workerd"), ["serve", "config.capnp"], { cwd: join(dir, "out"), stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(origin + "/global");
      break;
    } catch (e) {
      if (i > 100 || child.exitCode !== null) throw new Error(`workerd did not start: ${stderr}`, { cause: e });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { origin, stop: () => child.kill() };
}

test("Cloudflare Workers: a Worker importing \"endpoint-wasm\" answers over HTTP in workerd; the engine starts on first use, as workerd refuses it in global scope", async () => {
  writeFileSync(join(app, "worker.js"), WORKER);
  await bundleWorker(app);
  const { origin, stop } = await serveWorker(app);
  try {
    const global = await (await fetch(origin + "/global")).json();
    assert.equal(global.code, "ERR_WASM_LOAD");
    assert.match(global.message, /call endpoint \(or await ready\) inside a handler such as fetch\(\).*refuses in global scope/, "the error says where to call it");
    const took = [];
    for (const path of ["/call", "/ready", "/call"]) {
      const t = performance.now();
      const got = await (await fetch(origin + path, { method: "POST", body: JSON.stringify(CALLS) })).json();
      took.push((performance.now() - t).toFixed(1));
      assert.deepEqual(got, want, path);
    }
    console.log(`Worker requests (ms): the first, which starts the engine, ${took[0]}; later ${took.slice(1).join(", ")}`);
  } finally {
    stop();
  }
  // What wrangler would upload: the script and the module, compressed.
  const size = (f) => gzipSync(readFileSync(join(app, "out", f))).length;
  console.log(`Worker upload: worker.js ${statSync(join(app, "out", "worker.js")).size} B (gzip ${size("worker.js")}), endpoint.wasm ${statSync(join(app, "out", "endpoint.wasm")).size} B (gzip ${size("endpoint.wasm")})`);
});
