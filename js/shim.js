// The endpoint API over the WebAssembly bridge: argument checks, one call
// into Go through linear memory, and the result back as JavaScript values.

import { EndpointError, invalidArgument } from "./errors.js";
import { copyPlain, decode, encodeOptions, isPlain, jsonSafe } from "./marshal.js";
import { newMemo, pairing, recall, remember, wire } from "./memo.js";

const OP_DEFAULTS = 68; // "D"
const OP_MERGE_ELIDE = 109; // "m": merge(), with the layer's headers (nulls kept) copied here
// "e": endpoint, where Go may write "headers":0 for headers that are
// exactly the layer's defaults (less the null ones): they are copied here.
const OP_ENDPOINT_ELIDE = 101;
const OP_PARSE_ELIDE = 112; // "p": the same for parse(), with the headers it was given
// "b": "m", then "\r", a status byte and what "e" gives for the same input:
// parse() of the merged options, kept for when they come back unchanged
// (memo.js). Without host values only.
const OP_MERGE_PARSE = 98;

// In browsers, TextEncoder.encodeInto goes through the DOM bindings and
// costs more than a loop for the short ASCII options of most calls
// (measured in Chromium: 0.45 µs against 0.27 µs for 90 characters); in
// Node it is a fast native call and the loop would cost more.
const SHORT_ASCII_BY_HAND = !globalThis.process?.versions?.node;

/**
 * createEndpoint wraps the exports of one endpoint.wasm instance (ew_input,
 * ew_call, ew_output and its memory) as the callable `endpoint`, with the
 * global defaults given as the JSON text main() publishes.
 */
export function createEndpoint(exports, defaultsJSON) {
  const { ew_input, ew_call, ew_output, mem } = exports;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let bytes = new Uint8Array(mem.buffer);
  // A view of Go's input buffer, reused while Go keeps the buffer: asking
  // for INPUT bytes up front makes it large enough for most calls.
  const INPUT = 65536;
  let inPtr = -1, inView = null, views = 0;

  // call sends Go op, head's bytes, text and "]", and returns the result
  // text, or throws. A head is the start of the input that calls repeat
  // ("[" defaults "," route ","): kept as UTF-8, it is copied, not encoded
  // again, and text is the call's options alone.
  function call(op, head, text) {
    const hn = head.bytes.length;
    const max = hn + text.length * 3 + 2; // UTF-8 needs at most 3 bytes per UTF-16 unit
    const size = max < INPUT ? INPUT : max;
    const ptr = ew_input(size);
    if (bytes.buffer !== mem.buffer) bytes = new Uint8Array(mem.buffer); // memory grew
    if (ptr !== inPtr || inView.buffer !== mem.buffer || inView.length < max - 1) {
      inPtr = ptr;
      inView = bytes.subarray(ptr + 1, ptr + size);
      views++;
    }
    if (head.views !== views) {
      head.views = views;
      head.rest = inView.subarray(hn); // where the text goes
    }
    bytes[ptr] = op;
    inView.set(head.bytes);
    const written = SHORT_ASCII_BY_HAND && text.length <= 256 ? encodeShort(text, head.rest) : encoder.encodeInto(text, head.rest).written;
    inView[hn + written] = 93; // ]
    const n = ew_call(hn + written + 2);
    if (bytes.buffer !== mem.buffer) bytes = new Uint8Array(mem.buffer);
    const out = ew_output();
    const status = bytes[out];
    const body = decoder.decode(bytes.subarray(out + 1, out + n));
    if (status !== 111 /* o */) {
      const e = JSON.parse(body);
      throw new EndpointError(e.code, e.message, e.field);
    }
    return body;
  }

  // encodeShort writes text as UTF-8 into view: by hand while it is ASCII,
  // else with encodeInto. It returns the bytes written.
  function encodeShort(text, view) {
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c > 127) return encoder.encodeInto(text, view).written;
      view[i] = c;
    }
    return n;
  }

  /** newHead returns the head (see call) for the input text start. */
  function newHead(start) {
    return { bytes: encoder.encode(start), views: -1, rest: null };
  }
  const PARSE_HEAD = newHead("[0,null,");

  // A layer of defaults: the text Go reads, its host values, the object, its
  // headers less nulls (what "headers":0 stands for in a result), and their
  // JSON with nulls (in merged options, for memo.js), unless a value is not
  // JSON (a bigint).
  function layer(object, wire, handles) {
    const headers = object.headers || {};
    return {
      object, wire, handles,
      hasRequest: object.request != null,
      headers: withoutNulls(headers),
      headersJSON: jsonSafe(headers, 1) ? JSON.stringify({ ...headers }) : undefined,
    };
  }

  // The last layer and route, and their head: programs repeat routes.
  let lastLayer, lastRoute, lastHead;
  const memo = newMemo();

  function withDefaults(d) {
    // handles returns a call's side table of host values: the layer's
    // first, so that the call's are numbered after them.
    const handles = () => (d.handles.length ? d.handles.slice() : []);

    // send serialises a call's options after the defaults' text, adding its
    // host values to hs, makes the call and returns Go's output text.
    function send(op, route, options, hs) {
      let opts = "null";
      if (options !== undefined && options !== null) {
        if (!isPlain(options)) throw invalidArgument("options", `must be a plain object, not ${describe(options)}`);
        opts = encodeOptions(options, hs, d.hasRequest);
      }
      if (op === OP_MERGE_PARSE && hs.length > 0) op = OP_MERGE_ELIDE; // host values: nothing to keep
      if (route !== lastRoute || d !== lastLayer) {
        lastRoute = route;
        lastLayer = d;
        lastHead = newHead("[" + d.wire + "," + (route === undefined ? "null" : JSON.stringify(route)) + ",");
      }
      return call(op, lastHead, opts);
    }

    // dispatch takes (route, options) or (options) (D7) and returns Go's
    // output text.
    function dispatch(op, route, options, what, hs) {
      if (typeof route === "string") return send(op, route, options, hs);
      if (isPlain(route)) {
        if (options !== undefined) throw invalidArgument("options", `${what}(options) takes one argument; pass the route as a string to give options too`);
        return send(op, undefined, route, hs);
      }
      throw invalidArgument("route", `must be a string such as "GET /user" or an options object, not ${describe(route)}`);
    }

    function endpoint(route, options) {
      const hs = handles();
      const r = decode(dispatch(OP_ENDPOINT_ELIDE, route, options, "endpoint", hs), hs);
      if (r.headers === 0) r.headers = { ...d.headers }; // spread defines "__proto__" as data (D30)
      return r;
    }
    endpoint.merge = function merge(route, options) {
      const hs = handles();
      const paired = pairing(memo);
      let text = dispatch(paired ? OP_MERGE_PARSE : OP_MERGE_ELIDE, route, options, "merge", hs);
      let result;
      const cr = paired ? text.indexOf("\r") : -1; // JSON text never holds a raw CR: op "b"'s second part
      if (cr >= 0) {
        if (text.charCodeAt(cr + 1) === 111 /* o */) result = text.slice(cr + 2); // an error is left to parse()
        text = text.slice(0, cr);
      }
      const m = decode(text, hs);
      const elided = m.headers === 0;
      if (elided) m.headers = { ...d.object.headers }; // values are scalars; spread keeps "__proto__" data (D30)
      remember(memo, m, elided && hs.length === 0 ? text : "", d.headersJSON, result);
      return m;
    };
    endpoint.parse = function parse(options) {
      if (!isPlain(options)) throw invalidArgument("options", `parse() takes merged options, not ${describe(options)}`);
      const hs = [];
      let text;
      if (recall(memo, options)) {
        // An unchanged merge() result (memo.js): parse()'s output as Go
        // gave it with the merge, or the options as Go wrote them.
        if (memo.result !== undefined) return withHeaders(decode(memo.result, hs), options);
        text = wire(memo);
      } else {
        text = encodeOptions(options, hs, false); // data and request are host values, returned by reference (D19, D27)
      }
      return withHeaders(decode(call(OP_PARSE_ELIDE, PARSE_HEAD, text), hs), options);
    };
    endpoint.defaults = function defaults(options) {
      const hs = handles();
      const merged = decode(send(OP_DEFAULTS, undefined, options ?? {}, hs), hs);
      const layerHandles = [];
      // data stays a host value; request is sent as data so calls can merge into it (D27).
      return withDefaults(layer(merged, encodeOptions(merged, layerHandles, true), layerHandles));
    };
    Object.defineProperty(endpoint, "DEFAULTS", {
      enumerable: true,
      get: () => copyPlain(d.object), // a copy: changing it changes nothing (D2)
    });
    return endpoint;
  }

  // The global defaults as main() wrote them: no call into Go at start-up.
  return withDefaults(layer(JSON.parse(defaultsJSON), "0", []));
}

/** withHeaders gives a parse() result elided headers: options' less nulls. */
function withHeaders(r, options) {
  if (r.headers === 0) r.headers = withoutNulls(options.headers || {});
  return r;
}

/** withoutNulls copies headers but the null and undefined ones (D15, D22). */
function withoutNulls(headers) {
  let clean = true;
  for (const k in headers) if (headers[k] == null) clean = false;
  if (clean) return { ...headers }; // spread keeps "__proto__" data (D30) and the object fast
  const c = {};
  for (const k of Object.keys(headers)) {
    const v = headers[k];
    if (v != null) Object.defineProperty(c, k, { value: v, enumerable: true, writable: true, configurable: true }); // D30
  }
  return c;
}

function describe(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return `a ${v.constructor?.name ?? "non-plain object"}`;
  return `a ${typeof v}`;
}

/**
 * toFetch turns request options into the arguments of fetch(): [url, init]
 * with the method upper-cased (fetch sends "patch" as written, D5), a body
 * the engine built serialised as JSON, and the request option's signal.
 */
export function toFetch(options) {
  const init = { method: options.method.toUpperCase(), headers: options.headers };
  const body = options.body;
  if (body !== undefined) {
    init.body = body === null || isPlain(body) || Array.isArray(body) ? JSON.stringify(body) : body;
  }
  if (options.request && options.request.signal) init.signal = options.request.signal;
  return [options.url, init];
}
