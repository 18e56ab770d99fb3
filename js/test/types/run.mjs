// make test-types: `tsc --strict` over each tsconfig*.json here (the DOM
// library, @types/node, moduleResolution node10), then the editor's
// completions (completions.mjs) and tsc's messages for mistakes
// (messages.mjs), two at a time. Exits 1 when any fails.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";

const dir = new URL(".", import.meta.url).pathname;
const root = join(dir, "../../..");

// node10 ignores the package's self-reference through "exports": it finds
// endpoint-wasm in node_modules, here a link to this checkout (as the
// bundler tests make it), which after `make build` is the package.
const link = join(root, "node_modules", "endpoint-wasm");
if (!existsSync(link)) {
  mkdirSync(join(root, "node_modules"), { recursive: true });
  symlinkSync("..", link);
}

const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const jobs = readdirSync(dir)
  .filter((f) => /^tsconfig.*\.json$/.test(f))
  .map((f) => [`tsc -p ${f}`, [tsc, "-p", join(dir, f)]]);
jobs.push(["completions", [join(dir, "completions.mjs")]], ["messages", [join(dir, "messages.mjs")]]);

function run([name, args]) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => {
      console.log(`${code === 0 ? "ok  " : "FAIL"} ${name}${out ? "\n" + out.trimEnd() : ""}`);
      resolve(code === 0);
    });
  });
}

let ok = true;
const queue = [...jobs];
await Promise.all([0, 1].map(async () => {
  while (queue.length) ok = (await run(queue.shift())) && ok;
}));
process.exit(ok ? 0 : 1);
