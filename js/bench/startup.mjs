// The warm start-up figure of `make bench` in Node (calls.js, startup), in
// a process of its own, which run.mjs starts and reads the figure from: the
// suite's process keeps the one instance of the engine a program has (see
// startup.html, its Chromium half, for why).
import { readFileSync } from "node:fs";
import { instantiate } from "../../dist/load.js";
import { startup } from "./calls.js";

const bytes = readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url));
console.log(await startup(instantiate, bytes));
