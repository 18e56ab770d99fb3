// What the entries of one version share in a realm: each entry (index.js,
// init.js, global.js, node.js) is bundled as one file with its own copy of
// every module, so a program importing two would otherwise have two
// EndpointError classes, instanceof failing across them, and two engines.
// The record hangs off the global object under a registered symbol; where
// the global object is frozen, Reflect.set leaves it, and the entry keeps
// its own record rather than throwing as it is imported.

import { version } from "./version.js";

/** { EndpointError, engine: the promise of the realm's endpoint, endpoint: it, once loaded }. */
const key = Symbol.for(`endpoint-wasm@${version}`);
export const shared = globalThis[key] ?? {};
Reflect.set(globalThis, key, shared);
