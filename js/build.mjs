// Builds dist/ from js/ and the Go toolchain (run by `make build`, after
// endpoint.wasm). It writes:
//   dist/go.js        wasm_exec.js of the Go toolchain that built endpoint.wasm,
//                     included unchanged inside a function (see below)
//   dist/version.js   the package version, from package.json (D1)
//   dist/text-module.js the bytes of text.js's module (js/text-module.mjs)
//   dist/*.js, *.d.ts the ES module sources and their types
//   dist/global.js    the classic-script build, bundled by esbuild
//   dist/node.js      the Node entry with what it imports, bundled by esbuild
//   dist/NOTICES.txt  the licences of the code compiled into endpoint.wasm
//                     and copied into go.js: Go's, and jtacoma/uritemplates'
// Usage: node js/build.mjs

import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { goEnv, goSource, runGo } from "./go-source.mjs";
import { generatedModules } from "./generated.mjs";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "dist");
mkdirSync(dist, { recursive: true });

const [goroot, goVersion] = goEnv("GOROOT", "GOVERSION");
const wasmExec = readFileSync(join(goroot, "lib", "wasm", "wasm_exec.js"), "utf8");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

writeFileSync(join(dist, "go.js"), goSource(goVersion, wasmExec));
for (const [file, source] of Object.entries(generatedModules())) writeFileSync(join(dist, file), source);

// Both licences (BSD-3-Clause) ask that binary copies reproduce them.
const uritemplates = runGo(["list", "-m", "-f", "{{.Dir}} {{.Version}}", "github.com/jtacoma/uritemplates"], { cwd: root }).split(" ");
writeFileSync(
  join(dist, "NOTICES.txt"),
  `endpoint.wasm is a Go program; it contains the Go runtime and standard library, and
github.com/jtacoma/uritemplates. go.js (and global.js, which includes it) contains
wasm_exec.js of the Go distribution. Their licences follow.

==== The Go programming language (${goVersion}): runtime, standard library, wasm_exec.js ====

${readFileSync(join(goroot, "LICENSE"), "utf8").trimEnd()}

==== github.com/jtacoma/uritemplates ${uritemplates[1]} ====

${readFileSync(join(uritemplates[0], "LICENSE"), "utf8").trimEnd()}
`,
);

const src = join(root, "js");
for (const f of readdirSync(src)) {
  if ((f.endsWith(".js") || f.endsWith(".d.ts")) && f !== "global.js" && !f.endsWith(".mjs")) copyFileSync(join(src, f), join(dist, f));
}

// PRIVATE_PROPS names the properties the browser builds may rename: none is
// read by Go, by wasm_exec.js, by another bundle (the realm's shared record
// holds only the endpoint, EndpointError and the engine's promise) or by a
// caller; none is a name of a platform object the shim uses (message, call,
// value, Math.random) or a key of the start section restore() reads as
// JSON (table). The Chromium pages run the renamed builds.
const PRIVATE_PROPS = new RegExp(`^(${[
  "answer", "array", "begin", "bridge", "box", "buf", "busy", "bytes", "calls", "end", "error", "errorText",
  "global", "grow", "hooks", "inGo", "loaded", "loader", "members", "moveTo", "need", "object", "options", "p",
  "patch", "pos", "record", "room", "scope", "start", "stopped", "str", "text", "textAt", "textOp", "u8", "u32",
  "views", "wide", "writer",
].join("|")})$`);

// The browser entries, each one file: a page imports index.js (or init.js)
// and nothing else before it fetches the wasm, where a graph of modules
// costs a fetch and a compile each (Node's entry is one file too, below).
// The classic-script build is one file too,
// with no import or export. Each entry sits in dist/ for the build so that
// its imports find the generated modules. The literal
// new URL("./endpoint.wasm", import.meta.url) survives, so bundlers still
// emit the wasm.
for (const [name, format] of [["index.js", "esm"], ["init.js", "esm"], ["global.js", "iife"]]) {
  const entry = join(dist, `.entry-${name}`);
  copyFileSync(join(src, name), entry);
  try {
    await build({
      entryPoints: [entry],
      outfile: join(dist, name),
      allowOverwrite: true,
      bundle: true,
      format,
      target: "es2021",
      logLevel: "warning",
      // Minified, as a page ships it: the shipped entry is a fifth of the
      // readable sources, which dist/ holds beside it for Node and debuggers.
      minify: true,
      legalComments: "inline",
      // The properties of the shim's own objects (protocol.js's writer,
      // reader and loader, shim.js's bridge, a layer, load.js's runtime),
      // which nothing outside one bundle reads, get short names too.
      mangleProps: PRIVATE_PROPS,
      // init.js runs in Node too, where a frozen global object hides these.
      inject: name === "init.js" ? [join(src, "text-classes.mjs")] : [],
    });
  } finally {
    rmSync(entry);
  }
}
// The Node entry, one file too: Node reads, compiles and links each module
// of a graph before the first line runs, which every fresh process pays
// before its first call. Not minified, for Node's stack traces; the modules
// it holds are beside it in dist/ as they are in js/.
await build({
  entryPoints: [join(dist, "node.js")],
  outfile: join(dist, "node.js"),
  allowOverwrite: true,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  inject: [join(src, "text-classes.mjs")],
  banner: { js: "// endpoint-wasm for Node: js/node.js and the modules it imports, in one file (js/build.mjs)." },
  logLevel: "warning",
});
console.log(`dist/ built: endpoint-wasm ${version}, ${goVersion}`);
