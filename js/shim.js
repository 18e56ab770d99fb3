// The callable endpoint over one instance of endpoint.wasm: argument checks,
// layers of defaults, and one call into the engine per operation
// (protocol.js). Every rule lives in the engine; this file decides what to
// send and hands back what the engine answers. It keeps no answer: each
// call is made from its own arguments and the layer it is made on.

import { internalError, invalidArgument, isEndpointError, messageOf, unreadable } from "./errors.js";
import { Bridge, GLOBAL, OP_DEFAULTS, OP_ENDPOINT, OP_MERGE, OP_PARSE, layerOf } from "./protocol.js";
import { describe, isPlain } from "./values.js";

/**
 * createEndpoint wraps the exports of one endpoint.wasm instance as the
 * callable endpoint over the global defaults. hooks.load is set to the
 * function the instance's import object must call for ew.load
 * (protocol.js). restart starts a fresh instance ({ exports, hooks }) for
 * the calls after the engine has stopped (D29) or grown its memory past
 * what an instance keeps; layers are data, so they work on it as they are.
 */
export function createEndpoint(exports, hooks, restart) {
  let bridge = new Bridge(exports, hooks);
  hooks.load = bridge.load;

  /**
   * send makes one call, turning what the input throws into an
   * EndpointError; when the engine itself has stopped (bridge.stopped), it
   * says so, and the next call runs on a fresh instance.
   */
  function send(op, layer, route, options) {
    try {
      if (bridge.stopped()) revive();
      return bridge.call(op, layer, route, options);
    } catch (e) {
      if (isEndpointError(e)) throw e;
      if (bridge.stopped()) throw Object.assign(internalError(`the WebAssembly engine stopped (${messageOf(e)}); the next call starts a new one (please report it)`), { cause: e });
      // A revoked Proxy, a getter that throws, a stack overflow: the input
      // could not be read (D28, D29).
      throw unreadable("options", "could not be read", e);
    } finally {
      // WebAssembly memory never shrinks, so an instance whose memory a call
      // grew to 32 MiB or more, eight times what a fresh one holds and
      // more than calls of usual size (10 MB bodies among them) ever need,
      // is let go once the answer is built (docs/design.md, Memory). A
      // nested call keeps it. When no fresh instance can be made, the old
      // one, which works, answers on and the swap is tried after a later
      // call: the answer is never lost to it.
      try { bridge.busy || bridge.mem.buffer.byteLength >> 25 && revive(); } catch {}
    }
  }

  /** revive replaces the instance by a fresh one, or throws leaving it. */
  function revive() {
    const fresh = restart();
    bridge = new Bridge(fresh.exports, fresh.hooks);
    fresh.hooks.load = bridge.load;
  }

  // dispatch makes a call on layer, of (route, options) or (options) (D7).
  function dispatch(layer, op, route, options, what) {
    if (typeof route === "string") return send(op, layer, route, plainOrNull(options, what));
    if (route === undefined && options === undefined) return send(op, layer, undefined, null);
    if (isPlain(route)) {
      if (options !== undefined) throw invalidArgument("options", `${what}(options) takes one argument; pass the route as a string to give options too`);
      return send(op, layer, undefined, route);
    }
    throw invalidArgument("route", `must be a string such as "GET /user" or an options object, not ${describe(route)}`);
  }

  function withDefaults(layer) {
    function endpoint(route, options) {
      return dispatch(layer, OP_ENDPOINT, route, options, "endpoint");
    }
    endpoint.merge = function merge(route, options) {
      return dispatch(layer, OP_MERGE, route, options, "merge");
    };
    endpoint.parse = function parse(options) {
      if (!isPlain(options)) throw invalidArgument("options", `parse() takes merged options, not ${describe(options)}`);
      return send(OP_PARSE, GLOBAL, undefined, options);
    };
    endpoint.defaults = function defaults(options) {
      return withDefaults(layerOf(send(OP_DEFAULTS, layer, undefined, plainOrNull(options, "defaults") ?? {})));
    };
    // DEFAULTS' getter finds the endpoint's merge() here: not enumerable, so
    // no console shows it and no spread copies it.
    Object.defineProperty(endpoint, OWN_MERGE, { value: endpoint.merge });
    Object.defineProperty(endpoint, "DEFAULTS", defaultsProperty);
    return endpoint;
  }

  // DEFAULTS is one getter for every endpoint, which finds the endpoint's
  // merge() on the endpoint it is read from (or through: a Proxy of it, an
  // object made with it as prototype): a getter of its own for each
  // endpoint would give each a hidden class of its own in V8, costly for a
  // program that makes a client for each request. It is merge() with
  // nothing to merge, which gives the layer's defaults in objects of their
  // own (D2, D7).
  const defaultsProperty = {
    enumerable: true,
    get() {
      const merge = this?.[OWN_MERGE];
      if (typeof merge !== "function") throw invalidArgument("DEFAULTS", "must be read from an endpoint");
      return merge();
    },
  };

  return withDefaults(GLOBAL);
}

/** OWN_MERGE is where an endpoint keeps its own merge() (withDefaults), for its DEFAULTS getter. */
const OWN_MERGE = Symbol("endpoint-wasm merge");

/** plainOrNull checks an options argument: a plain object, or nothing. */
function plainOrNull(options, what) {
  if (options === undefined || options === null) return null;
  if (!isPlain(options)) throw invalidArgument("options", `${what}() takes an options object, not ${describe(options)}`);
  return options;
}
