// The package as a new user installs it (docs/install.md): `npm pack` in a
// copy of the checkout that was never built, the tarball installed into a
// new project and called from Node; and `vite dev` on new projects, one
// with the linked install (`npm install ../endpoint-wasm`) and one with the
// tarball, each page loaded in Chromium without docs/install.md's Vite
// configuration (the load error names the setting) and with it (it works).
// Every npm command runs offline, from the cache that `npm ci` filled.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { freePort, launch } from "./browser.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
const tarball = `${pkg.name}-${pkg.version}.tgz`;
const npmEnv = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
const npm = (args, cwd) => execFileSync("npm", args, { cwd, env: npmEnv, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
// npmStderr is what the last npm install of newApp wrote to stderr (its warnings).
let npmStderr = "";

// The page of each app: it reports a call's url, or the load error.
const INDEX = '<!doctype html><meta charset="utf-8"><title>app</title><script type="module" src="/main.js"></script>\n';
const MAIN = `import { ready } from "endpoint-wasm";
ready.then(
  (endpoint) => (window.__results = { url: endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" }).url }),
  (e) => (window.__results = { code: e.code, message: e.message }),
);
`;
const WORKS = { url: "https://api.github.com/repos/octokit/rest.js/issues?state=open" };

let tmp, browser;
before(async () => {
  tmp = mkdtempSync(join(tmpdir(), "ew-install-"));
  browser = await launch();
});
after(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** newApp makes a project in tmp/name with the page, and runs npm install args in it. */
function newApp(name, args) {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type: "module" }));
  writeFileSync(join(dir, "index.html"), INDEX);
  writeFileSync(join(dir, "main.js"), MAIN);
  const r = spawnSync("npm", ["install", "--offline", ...args], { cwd: dir, env: npmEnv, encoding: "utf8" });
  if (r.status !== 0) throw Object.assign(new Error(`npm install failed: ${r.stderr}`), { stderr: r.stderr });
  npmStderr = r.stderr;
  return dir;
}

/**
 * registryTarballs lists the registry tarballs of the package's runtime
 * dependencies and theirs, at the versions of package-lock.json: npm keeps
 * them in its cache after `npm ci`, but not the registry's metadata that
 * resolving a name in a new project needs, so --offline is given them.
 */
function registryTarballs() {
  const registry = npm(["config", "get", "registry"]).trim().replace(/\/?$/, "/");
  const urls = [];
  const add = (deps = {}) => {
    for (const name of Object.keys(deps)) {
      const { version, dependencies } = lock.packages[`node_modules/${name}`];
      urls.push(`${registry}${name}/-/${name.split("/").pop()}-${version}.tgz`);
      add(dependencies);
    }
  };
  add(pkg.dependencies);
  return urls;
}

/** cloneTo copies the checkout's files, as git has them, to dir: a clone that was never built. */
function cloneTo(src) {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const f of files) {
    try {
      cpSync(join(root, f), join(src, f));
    } catch (e) {
      if (e.code !== "ENOENT") throw e; // a file deleted in the work tree and not yet in git
    }
  }
}

test("a linked install of a clone that was never built stops, saying to run make build in the clone", () => {
  const src = join(tmp, "never-built");
  cloneTo(src);
  let failure;
  try {
    newApp("linked-unbuilt", [src, ...registryTarballs()]);
  } catch (e) {
    failure = e.stderr;
  }
  assert.ok(failure?.includes(`endpoint-wasm: ${realpathSync(src)} was never built (it has no dist/): run \`make build\` there`), failure ?? "npm install succeeded");
});

test("npm pack in a copy that was never built makes a tarball with dist/ (prepack builds it), whose package.json has no scripts; the copy's package.json is left as it was", () => {
  const src = join(tmp, "clone");
  cloneTo(src);
  npm(["pack", "--prefer-offline", "--pack-destination", tmp], src);
  const listed = execFileSync("tar", ["-tzf", join(tmp, tarball)], { encoding: "utf8" }).trim().split("\n").sort();
  const want = ["LICENSE", "README.md", "package.json", ...readdirSync(join(root, "dist")).map((f) => `dist/${f}`)].map((f) => `package/${f}`).sort();
  assert.deepEqual(listed, want, "the tarball holds what `make build` puts in dist/");
  // Its scripts run make or js/unbuilt.mjs, which only a checkout has.
  const packed = JSON.parse(execFileSync("tar", ["-xOzf", join(tmp, tarball), "package/package.json"], { encoding: "utf8" }));
  const { scripts, ...rest } = pkg;
  assert.ok(scripts.prepare, "the checkout has a prepare script");
  assert.deepEqual(packed, rest);
  assert.equal(readFileSync(join(src, "package.json"), "utf8"), readFileSync(join(root, "package.json"), "utf8"));
});

test("the tarball installed into a new project (npm install --offline) works from Node, by import and by require", () => {
  const app = newApp("from-tarball", [join(tmp, tarball), ...registryTarballs()]);
  assert.doesNotMatch(npmStderr, /endpoint-wasm|script/, "npm warns the installer of nothing of the package's");
  const call = 'endpoint("PATCH /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js", name: "n", headers: { authorization: "token t" } })';
  const esm = execFileSync(process.execPath, ["--input-type=module", "-e", `import { endpoint } from "endpoint-wasm"; console.log(JSON.stringify(${call}));`], { cwd: app, encoding: "utf8" });
  const cjs = execFileSync(process.execPath, ["-e", `const { endpoint } = require("endpoint-wasm"); console.log(JSON.stringify(${call}));`], { cwd: app, encoding: "utf8" });
  const want = {
    method: "patch",
    url: "https://api.github.com/repos/octokit/rest.js",
    headers: { accept: "application/vnd.github.v3+json", "user-agent": `endpoint-wasm/${pkg.version}`, authorization: "token t", "content-type": "application/json; charset=utf-8" },
    body: { name: "n" },
  };
  assert.deepEqual([JSON.parse(esm), JSON.parse(cjs)], [want, want]);
});


/**
 * viteDev runs `vite dev` in app, as its own CLI, loads the page in
 * Chromium and returns the server's origin and what the page reported.
 */
async function viteDev(app) {
  // vite, from this checkout, as the project's own dev dependency would be.
  rmSync(join(app, "node_modules/vite"), { force: true });
  symlinkSync(join(root, "node_modules/vite"), join(app, "node_modules/vite"));
  const port = await freePort();
  const vite = join(app, "node_modules/vite/bin/vite.js");
  const child = spawn(process.execPath, [vite, "dev", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    cwd: app, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" }, stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await new Promise((resolve, reject) => {
      child.stdout.on("data", () => output.includes(`http://127.0.0.1:${port}/`) && resolve());
      exited.then(() => reject(new Error(`vite exited: ${output}`)));
    });
    const page = await browser.newPage();
    try {
      const origin = `http://127.0.0.1:${port}`;
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => window.__results !== undefined, null, { timeout: 30000 });
      return { origin, results: await page.evaluate(() => window.__results) };
    } finally {
      await page.close();
    }
  } catch (e) {
    throw new Error(`${e.message}\n${output}`);
  } finally {
    child.kill();
    await exited;
  }
}

// The vite.config.js of docs/install.md.
function viteConfig() {
  const doc = readFileSync(join(root, "docs/install.md"), "utf8");
  const config = /```js\n(\/\/ vite\.config\.js\n[\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(config, "docs/install.md shows a vite.config.js");
  return config;
}

const loadError = (message) => ({ code: "ERR_WASM_LOAD", message: `endpoint: cannot load endpoint.wasm: ${message}` });

test("vite dev with the linked install: the wasm is refused (403) and the error names server.fs.allow; with docs/install.md's config the page works", async () => {
  const app = newApp("linked", [root]); // npm links a folder it installs
  const { origin, results } = await viteDev(app);
  assert.deepEqual(results, loadError(`the server answered HTTP 403 Forbidden for ${origin}/@fs${realpathSync(root)}/dist/endpoint.wasm` +
    " (Vite's dev server refuses files outside server.fs.allow: add the linked package's folder to it)"));
  writeFileSync(join(app, "vite.config.js"), viteConfig());
  assert.deepEqual((await viteDev(app)).results, WORKS);
});

test("vite dev with the tarball installed: the optimiser's copy finds no wasm and the error names optimizeDeps.exclude; with docs/install.md's config the page works", async () => {
  const app = join(tmp, "from-tarball"); // installed by the test above
  const { results: without } = await viteDev(app);
  assert.equal(without.code, "ERR_WASM_LOAD");
  assert.match(without.message, /\/node_modules\/\.vite\/deps\/endpoint\.wasm \(HTTP 200, text\/html\) is not a WebAssembly module: /);
  assert.ok(without.message.endsWith(' (Vite\'s dependency optimiser moved the module from its wasm: add optimizeDeps: { exclude: ["endpoint-wasm"] })'), without.message);
  writeFileSync(join(app, "vite.config.js"), viteConfig());
  assert.deepEqual((await viteDev(app)).results, WORKS);
});
