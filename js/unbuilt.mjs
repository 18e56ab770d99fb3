// npm runs this (the prepare script) when a project installs this checkout
// as a folder, `npm install ../endpoint-wasm`, which links it: the link
// works only once `make build` has written dist/, and without this the
// first sign would be Node's ERR_MODULE_NOT_FOUND for dist/node.js, which
// says nothing of the build. Installing the checkout's own dependencies
// (npm ci or npm pack in it) is not such an install, and passes.
import { existsSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = realpathSync(fileURLToPath(new URL("..", import.meta.url)));
const from = process.env.INIT_CWD && realpathSync(process.env.INIT_CWD);
if (from && from !== root && !existsSync(`${root}/dist/node.js`)) {
  console.error(`endpoint-wasm: ${root} was never built (it has no dist/): run \`make build\` there (it needs Go and npm), then install it again`);
  process.exit(1);
}
