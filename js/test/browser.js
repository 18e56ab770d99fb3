// Test helpers: the demo's static server, a free port for a server of a
// test's own, and Debian's Chromium driven by playwright-core (never a
// browser it downloads itself).
import { createServer } from "node:net";
import { chromium } from "playwright-core";

export { serve } from "../../web/demo/server.mjs";

/** freePort asks the system for a port no one is listening on. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/** launch starts headless Chromium with the flags this machine needs, and any others given. */
export function launch(extra = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic", ...extra],
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
