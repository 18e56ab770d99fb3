// `make bench`, cold: the first call as a user meets it, for endpoint-wasm,
// for the floor module (js/bench/floor: a Go program that only parses a URI
// template, built with endpoint.wasm's flags, the least a Go module doing
// this job loads and starts) and for @octokit/endpoint, in the same run.
//   Chromium: navigation to first result, each run in a new browser context
//     (empty cache), for a module page importing the code and making one
//     call; broken into parts by the marks the pages and the loader record
//     (User Timing). The reference is bundled as an ES module with esbuild
//     here, as an app would ship it; the floor's page is one module too.
//   Node: a fresh process per run; import to first result, and process
//     start to first result and to exit; and, as information, import to
//     first result again with one V8 worker thread, a figure that holds
//     still from run to run.
// Targets: endpoint-wasm's first call at most 0.95× the floor module's in
// Chromium and 0.6× in Node (FLOOR_MARGIN).
// Usage: node js/bench/cold.mjs [runs] (default 15, BENCH_QUICK=1 5; COLD_RUNS also works)
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { goEnv } from "../go-source.mjs";
import { launch, serve } from "../test/browser.js";
import { ratioText } from "./report.js";
import { brotliSize } from "./size.mjs";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const CALL = `("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 })`;
const TEMPLATE = JSON.stringify("/repos/{owner}/{repo}/issues{?state,per_page}");
const WHICH = ["ew", "floor", "ref"];

/** FLOOR_WASM is the floor module `make bench` builds (the Makefile's bin/floor.wasm rule). */
export const FLOOR_WASM = join(root, "bin", "floor.wasm");

/** ONE_WORKER: the V8 flag of the information row, one worker thread instead of Node's four. */
const ONE_WORKER = "--v8-pool-size=1";

/**
 * FLOOR_MARGIN: endpoint-wasm's first call may take at most this multiple of
 * the floor module's, in each runtime: Go's start is done at build time
 * (docs/design.md, "How the module starts"), which the floor module runs.
 */
export const FLOOR_MARGIN = { Chromium: 0.95, Node: 0.6 };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Each page records marks; __cold holds every mark's time since navigation.
const collect = `window.__cold = Object.fromEntries(performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]));`;
const PAGES = {
  "ew.html": `<!doctype html><meta charset="utf-8"><title>cold: endpoint-wasm</title>
<script type="module">
  import { ready } from "./dist/index.js";
  const endpoint = await ready;
  performance.mark("page:ready");
  window.__value = endpoint${CALL};
  performance.mark("page:result");
  ${collect}
</script>`,
  "floor.html": `<!doctype html><meta charset="utf-8"><title>cold: floor module</title>
<script type="module">
  import { ready } from "./floor.js";
  const parse = await ready;
  performance.mark("page:ready");
  window.__value = parse(${TEMPLATE});
  performance.mark("page:result");
  ${collect}
</script>`,
  "ref.html": `<!doctype html><meta charset="utf-8"><title>cold: @octokit/endpoint</title>
<script type="module">
  import { endpoint } from "./ref.js";
  performance.mark("page:imported");
  window.__value = endpoint${CALL};
  performance.mark("page:result");
  ${collect}
</script>`,
};

/**
 * floorModules returns the floor's two loaders, each one module holding
 * the Go toolchain's wasm_exec.js, as endpoint-wasm's entries hold theirs:
 * for browsers, streaming compilation from fetch (as Go's own wasm_exec
 * example loads a program; endpoint-wasm's loader compiles the whole file
 * off the main thread, load.js), and for Node, synchronous compilation
 * from the file (as its Node entry does). Both mark the parts
 * endpoint-wasm's loader marks.
 */
function floorModules() {
  const [goroot] = goEnv("GOROOT");
  const wasmExec = readFileSync(join(goroot, "lib", "wasm", "wasm_exec.js"), "utf8");
  return {
    "floor.js": `${wasmExec}
export const ready = (async () => {
  performance.mark("floor:fetch");
  const go = new Go();
  const { instance } = await WebAssembly.instantiateStreaming(fetch(new URL("./floor.wasm", import.meta.url)), go.importObject);
  performance.mark("floor:instantiated");
  performance.mark("floor:main");
  go.run(instance);
  performance.mark("floor:ready");
  return globalThis.uritemplateFloor;
})();
`,
    "floor-node.mjs": `import { readFileSync } from "node:fs";
${wasmExec}
const go = new Go();
go.run(new WebAssembly.Instance(new WebAssembly.Module(readFileSync(new URL("./floor.wasm", import.meta.url))), go.importObject));
export const parse = globalThis.uritemplateFloor;
`,
  };
}

// order returns the three pages or programs for run i, rotated so that
// each comes first, second and third equally often.
const order = (i) => [...WHICH.slice(i % 3), ...WHICH.slice(0, i % 3)];

async function chromium(dir, runs) {
  const server = await serve(dir);
  const browser = await launch();
  const out = { version: browser.version(), ew: [], floor: [], ref: [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const which of order(i)) out[which].push(await navigate(browser, `${server.origin}/${which}.html`));
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return out;
}

// navigate loads url in a new browser context (its own empty cache) and
// returns the page's marks, in ms since navigation started.
async function navigate(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => window.__cold !== undefined, null, { timeout: 60000 }).catch((e) => {
      throw new Error(`${url}: ${e.message} ${errors.join("; ")}`);
    });
    return await page.evaluate(() => window.__cold);
  } finally {
    await context.close();
  }
}

// Node: a fresh process per run, importing the package by name as an app
// does (a package may import itself by name); it prints when the import
// started and when the first result came, in ms since the process started.
// flags are V8's, for the information row: Node runs four V8 worker threads
// whatever the machine, and on two cores they take turns with the main
// thread while Go starts, which moves the figure from run to run.
function node(dir, runs, flags = []) {
  const program = (load, call) =>
    `const imported = performance.now(); ${load}; ${call}; process.stdout.write(JSON.stringify({ imported, result: performance.now() }));`;
  const programs = {
    ew: program(`const { endpoint } = await import("endpoint-wasm")`, `endpoint${CALL}`),
    floor: program(`const { parse } = await import(${JSON.stringify(pathToFileURL(join(dir, "floor-node.mjs")).href)})`, `parse(${TEMPLATE})`),
    ref: program(`const { endpoint } = await import("@octokit/endpoint")`, `endpoint${CALL}`),
  };
  const out = { ew: [], floor: [], ref: [] };
  for (let i = 0; i < runs; i++) {
    for (const which of order(i)) {
      const t = performance.now();
      const r = spawnSync(process.execPath, [...flags, "--input-type=module", "-e", programs[which]], { cwd: root, encoding: "utf8" });
      const exit = performance.now() - t;
      if (r.status !== 0) throw new Error(`node ${which}: exit ${r.status}: ${r.stderr}`);
      out[which].push({ ...JSON.parse(r.stdout), exit });
    }
  }
  return out;
}

/**
 * coldStart runs the cold benchmark: runs fresh pages and processes of
 * each of the three, alternating, and returns their marks and times.
 */
export async function coldStart({ runs = process.env.BENCH_QUICK ? 5 : 15, log = () => {} } = {}) {
  if (!existsSync(FLOOR_WASM)) throw new Error(`${FLOOR_WASM} is missing: make bench builds it (the Makefile's bin/floor.wasm rule)`);
  const dir = mkdtempSync(join(tmpdir(), "ew-cold-"));
  const before = loadavg()[0];
  try {
    await build({
      stdin: { contents: 'export { endpoint } from "@octokit/endpoint";', resolveDir: root },
      outfile: join(dir, "ref.js"), bundle: true, format: "esm", minify: true, platform: "browser", logLevel: "warning",
    });
    // A copy, not a link: the server refuses links that lead out of its folder.
    cpSync(join(root, "dist"), join(dir, "dist"), { recursive: true });
    cpSync(FLOOR_WASM, join(dir, "floor.wasm"));
    for (const [name, text] of Object.entries({ ...PAGES, ...floorModules() })) writeFileSync(join(dir, name), text);
    log(`cold start: Chromium, ${runs} fresh contexts each`);
    const c = await chromium(dir, runs);
    log(`cold start: Node, ${runs} fresh processes each`);
    const n = node(dir, runs);
    log(`cold start: Node with one V8 worker thread, ${runs} fresh processes each`);
    const one = node(dir, runs, [ONE_WORKER]);
    return { runs, load: [before, loadavg()[0]], chromium: c, node: n, oneWorker: one, sizes: { ew: brotliSize(join(root, "dist", "endpoint.wasm")), floor: brotliSize(FLOOR_WASM) } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** printCold prints the cold figures and returns the first call's targets, [what, met, figure]. */
export function printCold({ runs, load, chromium: c, node: n, oneWorker, sizes }) {
  const ms = (x) => (x === undefined || Number.isNaN(x) ? "" : `${x.toFixed(1)} ms`);
  const row = (what, ew = "", floor = "", ratio = "", ref = "") =>
    console.log(what.padEnd(44), ew.padStart(13), floor.padStart(10), ratio.padStart(8), ref.padStart(11));
  // part is the median time from mark `from` (navigation when null) to mark `to`.
  const part = (runs, from, to) => median(runs.map((m) => (m[to] ?? NaN) - (from ? m[from] ?? NaN : 0)));
  const nav = (which) => part(c[which], null, "page:result");
  const imp = (which, runs = n) => median(runs[which].map((r) => r.result - r.imported));
  const vs = (a, b) => ratioText(a / b);
  const ew = { nav: nav("ew"), node: imp("ew") };
  const floor = { nav: nav("floor"), node: imp("floor") };
  const p = (prefix, which, from, to) => part(c[which], from && `${prefix}:${from}`, `${prefix}:${to}`);

  console.log(`\ncold start: the first call, medians of ${runs} fresh runs each, alternating (Chromium ${c.version}, Node ${process.version}); load average ${load.map((l) => l.toFixed(1)).join(" → ")} (${cpus().length} cores)`);
  row("", "endpoint-wasm", "floor", "÷ floor", "reference");
  row("Chromium, fresh context: navigation → result", ms(ew.nav), ms(floor.nav), vs(ew.nav, floor.nav), ms(nav("ref")));
  row("  import the JS (navigation → wasm fetch)", ms(p("endpoint-wasm", "ew", null, "fetch")), ms(p("floor", "floor", null, "fetch")), "", ms(part(c.ref, null, "page:imported")));
  row("  fetch + compile + instantiate the wasm", ms(p("endpoint-wasm", "ew", "fetch", "instantiated")), ms(p("floor", "floor", "fetch", "instantiated")));
  row("  instantiated → Go's main starts", ms(p("endpoint-wasm", "ew", "instantiated", "main")), ms(p("floor", "floor", "instantiated", "main")));
  row("  Go's main until ready", ms(p("endpoint-wasm", "ew", "main", "ready")), ms(p("floor", "floor", "main", "ready")));
  row("  first call", ms(part(c.ew, "page:ready", "page:result")), ms(part(c.floor, "page:ready", "page:result")), "", ms(part(c.ref, "page:imported", "page:result")));
  row("Node: import → first result", ms(ew.node), ms(floor.node), vs(ew.node, floor.node), ms(imp("ref")));
  const one = { ew: imp("ew", oneWorker), floor: imp("floor", oneWorker) };
  row(`  the same, ${ONE_WORKER} (information)`, ms(one.ew), ms(one.floor), vs(one.ew, one.floor), ms(imp("ref", oneWorker)));
  row("Node: process start → first result", ms(median(n.ew.map((r) => r.result))), ms(median(n.floor.map((r) => r.result))), "", ms(median(n.ref.map((r) => r.result))));
  row("Node: process start → exit (wall clock)", ms(median(n.ew.map((r) => r.exit))), ms(median(n.floor.map((r) => r.exit))), "", ms(median(n.ref.map((r) => r.exit))));
  row("the .wasm, brotli -q 11", `${(sizes.ew / 1000).toFixed(1)} KB`, `${(sizes.floor / 1000).toFixed(1)} KB`);

  const target = (runtime, what, a, b) => [
    `first call in ${runtime} at most ${FLOOR_MARGIN[runtime]}× the floor module's (${what})`,
    a <= FLOOR_MARGIN[runtime] * b,
    `${ms(a)} against ${ms(b)}, at most ${ms(FLOOR_MARGIN[runtime] * b)}: ${(a / b).toFixed(3)}×`,
  ];
  return [target("Chromium", "navigation → first result", ew.nav, floor.nav), target("Node", "import → first result", ew.node, floor.node)];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.argv[2] || process.env.COLD_RUNS) || undefined;
  const targets = printCold(await coldStart({ runs }));
  for (const [what, met, figure] of targets) console.log(`${met ? "MET   " : "MISSED"}  ${what} (${figure})`);
}
