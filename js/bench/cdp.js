// Chromium driven over the DevTools protocol on a pipe, for the first-visit
// benchmark: Playwright enables DevTools' network agent on every page, and
// that agent keeps a copy of every response body on the page's main thread
// (for a 3 MB endpoint.wasm, long tasks no visitor has). Here only what the
// benchmark sends is enabled: no network agent, but for the emulated
// network, whose agent then keeps no body (buffers of size 0).
import { spawn } from "node:child_process";

/** launch starts Chromium on profileDir and returns { newPage, close }. */
export async function launch(profileDir, args) {
  const proc = spawn(process.env.CHROMIUM || "/usr/bin/chromium", [...args, "--remote-debugging-pipe", `--user-data-dir=${profileDir}`, "about:blank"], { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  const pending = new Map();
  const listeners = new Set();
  let id = 0, buf = "";
  proc.stdio[4].setEncoding("utf8").on("data", (d) => {
    buf += d;
    for (let i; (i = buf.indexOf("\0")) >= 0; buf = buf.slice(i + 1)) {
      const m = JSON.parse(buf.slice(0, i));
      if (m.id === undefined) for (const l of listeners) l(m);
      else {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.error) p.reject(new Error(`${p.method}: ${m.error.message}`));
        else p.resolve(m.result);
      }
    }
  });
  const send = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
    pending.set(++id, { resolve, reject, method });
    proc.stdio[3].write(JSON.stringify({ id, method, params, sessionId }) + "\0");
  });
  const once = (method, sessionId) => new Promise((resolve) => {
    const l = (m) => m.method === method && m.sessionId === sessionId && (listeners.delete(l), resolve(m.params));
    listeners.add(l);
  });
  return {
    /** newPage opens a tab: { goto(url, conditions), evaluate(expression), close() }. */
    async newPage() {
      const { targetId } = await send("Target.createTarget", { url: "about:blank" });
      const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
      await send("Page.enable", {}, sessionId);
      return {
        async goto(url, conditions) {
          if (conditions) {
            await send("Network.enable", { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }, sessionId);
            await send("Network.emulateNetworkConditions", conditions, sessionId);
          } else {
            await send("Network.disable", {}, sessionId);
          }
          const loaded = once("Page.loadEventFired", sessionId);
          await send("Page.navigate", { url }, sessionId);
          await loaded;
        },
        async evaluate(expression) {
          const { result, exceptionDetails } = await send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true }, sessionId);
          if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
          return result.value;
        },
        close: () => send("Target.closeTarget", { targetId }),
      };
    },
    async close() {
      await send("Browser.close").catch(() => {});
      await exited;
    },
  };
}
