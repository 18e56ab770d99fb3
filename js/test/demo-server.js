// Test helper: `make demo`'s own server (web/demo/serve.mjs) run as a child
// process, as `make demo` runs it.
import { spawn } from "node:child_process";

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

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill();
  });
}
