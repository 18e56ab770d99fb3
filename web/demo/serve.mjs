// `make demo`: serves the checkout (the demo imports dist/, which `make
// build` made) and prints the address. PORT changes the port.
import { serve } from "./server.mjs";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const port = Number(process.env.PORT || 8080);
const { origin } = await serve(root, { port, index: "/web/demo/" });
console.log(`endpoint-wasm demo: ${origin}/  (Ctrl-C to stop)`);
