// Turning JavaScript values into the bridge's input text, and its output
// back into values. The text is JSON plus three extensions that the Go
// decoder (core.DecodeBridge) reads: bigints as 123n, the numbers NaN and
// ±Infinity, and "#<class><index>" handles for values that never cross as
// data (D19, D27): they stay here, in a side table, and come back by
// reference, at the paths the bridge lists after its result.

import { invalidArgument } from "./errors.js";

/** How deeply input may nest, the options object being level 1 (D29). */
export const MAX_DEPTH = 256;

// Classes of host values: what the content-type rule needs to know (D20).
const OTHER = 0, FORM_DATA = 1, BLOB = 2, URL_SEARCH_PARAMS = 3, BINARY = 4, STREAM = 5;

const g = globalThis;

/** classOf tells what kind of body a host value is (D20). */
export function classOf(v) {
  if (v === null || (typeof v !== "object" && typeof v !== "function")) return OTHER;
  if (g.FormData && v instanceof g.FormData) return FORM_DATA;
  if (g.Blob && v instanceof g.Blob) return BLOB;
  if (g.URLSearchParams && v instanceof g.URLSearchParams) return URL_SEARCH_PARAMS;
  if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) return BINARY;
  if (g.SharedArrayBuffer && v instanceof g.SharedArrayBuffer) return BINARY;
  if (g.ReadableStream && v instanceof g.ReadableStream) return STREAM;
  if (typeof v.pipe === "function" && typeof v.on === "function") return STREAM; // a Node stream
  return OTHER;
}

/** isPlain: an object literal or Object.create(null), not a class instance. */
export function isPlain(v) {
  if (v === null || typeof v !== "object") return false;
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
}

function tooDeep() {
  return invalidArgument("options", `nested deeper than ${MAX_DEPTH} levels, or cyclic`);
}

/**
 * encode writes v as bridge text, adding host values to handles. It returns
 * undefined for undefined, which object members then leave out (D15).
 * Cyclic input meets the depth limit and is refused (D29).
 */
export function encode(v, depth, handles) {
  switch (typeof v) {
    case "string":
      return JSON.stringify(v);
    case "number":
      if (v === v && v !== Infinity && v !== -Infinity) return "" + v;
      return v !== v ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
    case "boolean":
      return v ? "true" : "false";
    case "bigint":
      return v + "n";
    case "undefined":
      return undefined;
    case "object":
      if (v === null) return "null";
      if (Array.isArray(v)) {
        if (depth > MAX_DEPTH) throw tooDeep();
        let s = "[";
        for (let i = 0; i < v.length; i++) {
          if (i > 0) s += ",";
          const e = encode(v[i], depth + 1, handles);
          s += e === undefined ? "null" : e;
        }
        return s + "]";
      }
      if (isPlain(v)) {
        if (depth > MAX_DEPTH) throw tooDeep();
        return encodeObject(v, depth, handles);
      }
  }
  return handle(v, handles); // functions, symbols, class instances, Blobs...
}

// encodeObject writes a plain object; asHost, when given, picks the members
// kept as host values whatever they are.
function encodeObject(o, depth, handles, asHost) {
  let s = "{";
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const v = o[k];
    const e = asHost !== undefined && asHost(k, v) ? handle(v, handles) : encode(v, depth + 1, handles);
    if (e === undefined) continue;
    if (s.length > 1) s += ",";
    s += JSON.stringify(k) + ":" + e;
  }
  return s + "}";
}

/** handle keeps v in the side table and returns its token. */
export function handle(v, handles) {
  handles.push(v);
  return "#" + classOf(v) + (handles.length - 1);
}

/**
 * jsonSafe reports whether JSON.stringify(v) writes exactly what encode(v)
 * would: only strings, finite numbers, booleans, null, undefined, and plain
 * objects and arrays of them, not too deep. The common options object is
 * like that, and one native JSON.stringify is several times faster than
 * encode's walk.
 */
export function jsonSafe(v, depth) {
  switch (typeof v) {
    case "string":
    case "boolean":
    case "undefined":
      return true;
    case "number":
      return v - v === 0; // finite
    case "object":
      if (v === null) return true;
      if (depth > 8) return false; // deep input: encode() checks the limit
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (!jsonSafe(v[i], depth + 1)) return false;
        return true;
      }
      if (!isPlain(v)) return false;
      for (const k in v) if (!jsonSafe(v[k], depth + 1)) return false;
      return true;
  }
  return false; // bigint, function, symbol
}

/**
 * encodeOptions writes a call's options. data is always a handle (D19: the
 * body is the very value given); request is a handle when the defaults have
 * none, so that it comes back as the very same object (D27).
 */
export function encodeOptions(options, handles, defaultsHaveRequest) {
  if (options.data === undefined && options.request === undefined && jsonSafe(options, 1)) return JSON.stringify(options);
  return encodeObject(options, 1, handles, (k, v) => v !== undefined && (k === "data" || (k === "request" && !defaultsHaveRequest && v !== null)));
}

/**
 * decode parses the bridge's output text (after its status byte) and puts
 * host values back where the patches after the first newline say.
 */
export function decode(text, handles) {
  const nl = text.indexOf("\n");
  if (nl < 0) return JSON.parse(text);
  const result = JSON.parse(text.slice(0, nl));
  const patches = JSON.parse(text.slice(nl + 1));
  for (const [index, ...path] of patches) {
    let o = result;
    for (let i = 0; i < path.length - 1; i++) o = o[path[i]];
    const k = path[path.length - 1];
    o[k] = index < 0 ? BigInt(o[k]) : handles[index]; // -1: a bigint written as a string
  }
  return result;
}

/** copyPlain copies plain objects and arrays; host values keep identity (D2). */
export function copyPlain(v) {
  if (Array.isArray(v)) return v.map(copyPlain);
  if (!isPlain(v)) return v;
  const c = {};
  for (const k of Object.keys(v)) {
    Object.defineProperty(c, k, { value: copyPlain(v[k]), enumerable: true, writable: true, configurable: true }); // "__proto__" stays data (D30)
  }
  return c;
}
