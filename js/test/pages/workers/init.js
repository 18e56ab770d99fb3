// A module worker whose init() is given a wasmURL where there is nothing.
import { init } from "../../../../dist/init.js";
init({ wasmURL: "/nowhere/endpoint.wasm" }).then(
  () => postMessage({ loaded: true }),
  (e) => postMessage({ error: { name: e.name, code: e.code, message: e.message } }),
);
