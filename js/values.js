// What the shim needs to know of a JavaScript value: whether it is a plain
// object, what kind of body a host value is (D20), how to name it.

import { invalidArgument } from "./errors.js";
// The classes of host values, what the content-type rule needs to know of
// them (D20), and the host classes a writer tells by the name of their
// constructor and tag: the wire's (core/bridge/protocol.go), which the
// global object's members (wasm/values.go) tell by the same list.
import { CLASS_BINARY as BINARY, CLASS_OTHER as OTHER, CLASS_STREAM as STREAM, HOST_CLASSES } from "./wire.js";

/**
 * isPlain: an object literal or Object.create(null), not a class instance.
 * An object whose prototype cannot be read (a revoked Proxy) is refused as
 * an EndpointError (D28), not V8's TypeError. It is not answered "not
 * plain": the same throw can be a stack overflow in the middle of a deep
 * copy, which must stay an error, not turn the copy into a reference.
 */
export function isPlain(v) {
  if (v === null || typeof v !== "object") return false;
  let p;
  try {
    p = Object.getPrototypeOf(v);
  } catch (e) {
    throw invalidArgument("options", `an object could not be read: ${e instanceof Error ? e.name : typeof e}`);
  }
  return p === Object.prototype || p === null;
}

const g = globalThis;

/**
 * classOf tells what kind of body a host value is (D20): an instance of one
 * of HOST_CLASSES, or one of another realm (an iframe, node:vm) or library
 * (the undici package), which instanceof does not know, by its tag.
 */
export function classOf(v) {
  // A function is none of the classes below (their values are objects):
  // Octokit's request hook is one, in every layer it makes.
  if (v === null || typeof v !== "object") return OTHER;
  if (ArrayBuffer.isView(v)) return BINARY;
  const tag = Object.prototype.toString.call(v).slice(8, -1);
  for (const [name, kind] of HOST_CLASSES) if (tag === name || (g[name] && v instanceof g[name])) return kind;
  if (typeof v.pipe === "function" && typeof v.on === "function") return STREAM; // a Node stream
  return OTHER;
}

/** setMember sets o[k] = v, keeping a "__proto__" key as data (D30). */
export function setMember(o, k, v) {
  if (k === "__proto__") Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** describe names a value's kind for an error message: "a string", "an array". */
export function describe(v) {
  if (v === null || v === undefined) return String(v);
  try {
    const kind = typeof v !== "object" ? typeof v : Array.isArray(v) ? "array" : Object.getPrototypeOf(v)?.constructor?.name ?? "non-plain object";
    if (!kind) return "an instance of an anonymous class";
    return /^[aeiou]/i.test(kind) ? `an ${kind}` : `a ${kind}`;
  } catch {
    return "an object that cannot be read (a revoked Proxy?)";
  }
}
