// `make demo`: serves the demo page (with what prepare.mjs writes into
// web/demo/gen/) and the package it loads (dist/, which `make build` made),
// at the paths they have in the checkout, so that the page's relative
// import works here and under any static server; nothing else of the
// checkout (.git, sources, node_modules) is reachable. PORT changes the
// port (0: any free one).
import { existsSync } from "node:fs";
import { serve } from "./server.mjs";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const site = { "/web/demo/": `${root}/web/demo`, "/dist/": `${root}/dist` };
const given = process.env.PORT ?? "8080";
const port = Number(given);

if (!/^\d+$/.test(given) || port > 65535) fail(`PORT=${given} is not a port number (0 to 65535): for example PORT=9000 make demo`);
if (!existsSync(`${root}/dist/index.js`)) fail("dist/ is missing: `make demo` builds it (or run `make build` first)");
// prepare.mjs bundles with esbuild, a dev dependency: imported once the checks
// above passed, so that a clone never built hears of make demo, not of esbuild.
const { prepare } = await import("./prepare.mjs").catch((e) =>
  fail(e.code === "ERR_MODULE_NOT_FOUND" ? "the dev dependencies are not installed (no node_modules/): `make demo` installs them (npm ci)" : e.message));
// The catalog, the reference's bundle and the rules page, made from the checkout as it is.
await prepare().catch((e) => fail(`cannot prepare web/demo/gen/: ${e.message}`));

try {
  const { origin } = await serve(site, { port, index: "/web/demo/" });
  console.log(`endpoint-wasm demo: ${origin}/  (Ctrl-C to stop)`);
} catch (e) {
  if (e.code === "EADDRINUSE") fail(`port ${port} is in use (another \`make demo\`, or another program): choose another port, for example PORT=9000 make demo`);
  if (e.code === "EACCES") fail(`port ${port} needs privileges this user does not have: choose a port above 1023, for example PORT=9000 make demo`);
  throw e;
}

/** fail says what went wrong in one line, without a stack, and exits. */
function fail(message) {
  console.error(`endpoint-wasm demo: ${message}`);
  process.exit(1);
}
