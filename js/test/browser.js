// Test helpers: a static file server on 127.0.0.1 and Debian's Chromium
// driven by playwright-core (never a browser it downloads itself).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8", ".json": "application/json", ".wasm": "application/wasm", ".png": "image/png", ".svg": "image/svg+xml",
};

/**
 * serve serves root on 127.0.0.1 at a free port. Under /nomime/ the same
 * files are served, but .wasm as application/octet-stream, as some servers
 * and CDNs do.
 */
export async function serve(root) {
  const server = createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    let noMime = false;
    if (path.startsWith("/nomime/")) {
      noMime = true;
      path = path.slice("/nomime".length);
    }
    if (path.endsWith("/")) path += "index.html";
    const file = join(root, normalize(path));
    if (!file.startsWith(root)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      let type = TYPES[extname(file)] || "application/octet-stream";
      if (noMime && extname(file) === ".wasm") type = "application/octet-stream";
      res.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((resolve) => server.listen(Number(process.env.TEST_PORT || 0), "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/** launch starts headless Chromium with the flags this machine needs. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
}

/**
 * resultsOf opens url and waits for window.__results, set by the page; it
 * returns them, or throws with what the page logged.
 */
export async function resultsOf(browser, url, timeout = 60000) {
  const page = await browser.newPage();
  const log = [];
  page.on("console", (m) => log.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => log.push(`pageerror: ${e.message}`));
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__results !== undefined, null, { timeout });
    return await page.evaluate(() => window.__results);
  } catch (e) {
    throw new Error(`${url}: ${e.message}\n${log.join("\n")}`);
  } finally {
    await page.close();
  }
}
