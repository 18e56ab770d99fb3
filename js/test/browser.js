// Test helpers: the demo's static server and Debian's Chromium driven by
// playwright-core (never a browser it downloads itself).
import { chromium } from "playwright-core";

export { serve } from "../../web/demo/server.mjs";

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
