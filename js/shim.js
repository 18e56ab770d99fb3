// The callable endpoint over one instance of endpoint.wasm: argument checks,
// layers of defaults, and one call into the engine per operation
// (protocol.js). Every rule lives in the engine; this file only decides
// what to send and hands back what the engine answers.

import { EndpointError, invalidArgument, isEndpointError, messageOf } from "./errors.js";
import { EngineStopped, OP_DEFAULTS, OP_ENDPOINT, OP_MERGE, OP_MERGE_AHEAD, OP_MERGE_PARSE, OP_PARSE, OP_REMERGE, OP_REMERGE_PARSE, createWire } from "./protocol.js";
import { copyPlain, describe, isPlain } from "./values.js";

/**
 * createEndpoint wraps the exports of one endpoint.wasm instance as the
 * callable endpoint, over the global defaults (defaultsJSON, as main()
 * publishes them). hooks.load is set to the function the instance's import
 * object must call for ew.load (protocol.js). restart, when given, starts a
 * fresh instance ({ exports, defaultsJSON, hooks }) for the calls after the
 * engine has stopped (D29).
 */
export function createEndpoint(exports, defaultsJSON, hooks = {}, restart = null) {
  // The instance in use; epoch counts the instances, and a layer made on an
  // earlier one is made again on this one when it is next used.
  let wire = createWire(exports), epoch = 0, stopped = null;
  hooks.load = wire.load;
  const global = { id: 0, size: 0, table: [], merged: new Set(), epoch: -1, strings: [], go: { id: 0, live: true, used: false } };
  // The layers of .defaults() that Go holds: at most LIVE_LAYERS, chosen by
  // a clock. Each call marks its layer used; a new layer takes the place of
  // the first unmarked one after the hand, clearing marks on its way, and Go
  // forgets the one it replaces (ew_free), which is made again if it is ever
  // used again (remake). The clock holds Go's layers ({ id, live, used }),
  // which layers made alike share (protocol.js, layerAgain): each JavaScript
  // layer names its Go layer as go. Programs that make a client for each request (a
  // .defaults() with its token) so keep Go's memory, and the work of Go's
  // collector, bounded, with no FinalizationRegistry (whose callbacks wait
  // for the event loop, and whose cells V8 walks at each collection: 20,000
  // clients made in a loop took 4 times as long each as the first 5,000).
  const ring = [];
  let hand = 0;
  // The last layer that Go made: its Go layer, plain-object keys and header
  // strings, which the layers made again like it share (layerOf).
  let last = null;

  // The last merge() of any layer: its result and its kept answer. A
  // program that hands that very result back unchanged, to merge() on the
  // same layer or to parse(), as Octokit does for every request (its request
  // function merges, its auth hook merges the merged options again, and
  // parse() takes what the last merge gave), gets its answer again without
  // a call: merge() of merged options is those options (spec rules 1, 3;
  // D21, D22, D25 are idempotent), and once a program is seen parsing what
  // it merged, merge() asks the engine for both answers at once (spec rule
  // 6: endpoint is parse of merge). "Unchanged" is checked against the
  // answer itself (protocol.js, changes). Handed back with some
  // members changed (the auth hook sets a header) right after the merge
  // that made it, only the changed members cross: the engine still holds
  // the rest (a remerge, protocol.go).
  // pairing[form] is set once a program is seen parsing what a merge() of
  // that form gave: Octokit parses what a merge of merged options gives
  // (the last merge()'s result, changed by its auth hook), never what
  // merge(route, options) or merge(options) gives (the hook changes that
  // first), so that a parse is never asked for in vain. memo.replayed is
  // set once merge() has handed out again an answer that came with a
  // remerge answered ahead (the auth hook's first merge), after which that
  // remerge is tried first.
  let memo = null;
  const pairing = { route: false, options: false, merged: false };
  // hints[form]: the headers that the remerge after the last merge() of
  // that form set on its result ({ added, sure }: a list [name, value, ...]
  // of strings; sure once two remerges in a row set the same, and the
  // engine kept them as they are, until an answer ahead goes unused). Octokit's auth hook sets the same authorization on
  // every request: once sure, the merge asks the engine for that remerge
  // too, and its parse (OP_MERGE_AHEAD), and the program's merge() of its
  // changed result, checked to be exactly what was answered ahead, needs
  // no call. A program whose token changes from one request to the next
  // never gets sure, and pays for nothing ahead.
  const hints = { route: null, options: null, merged: null };
  /**
   * send makes one call, turning what the input throws into an
   * EndpointError; when the engine itself has stopped, it says so once and
   * the next call starts a fresh instance.
   */
  function send(op, layer, route, options, full, keep, over = null, added = null) {
    try {
      if (stopped) revive();
      if (layer !== global && (layer.epoch !== epoch || !layer.go.live)) revisit(layer);
      layer.go.used = true;
      return wire.call(op, layer, route, options, full, keep, over, added);
    } catch (e) {
      if (isEndpointError(e)) throw e;
      if (isEndpointError(e, EngineStopped)) {
        stopped = e;
        const err = new EndpointError("ERR_INTERNAL", `endpoint: ${e.message}; the next call starts a new one (please report it)`, "");
        err.cause = e.cause;
        throw err;
      }
      // A revoked Proxy, a getter that throws, a stack overflow: the input
      // could not be read (D28, D29).
      throw invalidArgument("options", `could not be read: ${messageOf(e)}`);
    }
  }

  /**
   * changesSince returns what changed in the last merge()'s result since it
   * was answered (protocol.js, changes): the changed members, none, or null
   * when it is no longer merged options with some members changed.
   */
  function changesSince(result) {
    return memo.epoch !== epoch ? null : reading(wire.changes, memo.kept, result);
  }

  /** unchangedSince reports whether result is still exactly what kept, memo's answer or its view ahead, answered. */
  function unchangedSince(result, kept) {
    return memo.epoch === epoch && reading(wire.unchanged, kept, result);
  }

  /**
   * replayIfUnchanged returns the value of kept, memo's answer or its view
   * ahead, built again, when result is still exactly what kept answered;
   * else undefined. (unchangedSince, then wire.replay, in one reading.)
   */
  function replayIfUnchanged(result, kept) {
    return memo.epoch === epoch ? reading(wire.replayUnchanged, kept, result) : undefined;
  }

  /**
   * reading runs walk(kept, x), which reads x, a value the program handed
   * back, against a kept answer (protocol.js): reading it may throw (a
   * getter, a revoked Proxy), which is the input's error (D28).
   */
  function reading(walk, kept, x) {
    try {
      return walk(kept, x);
    } catch (e) {
      throw isEndpointError(e) ? e : invalidArgument("options", `could not be read: ${messageOf(e)}`);
    }
  }

  /** revive replaces the stopped instance by a fresh one. */
  function revive() {
    if (!restart) throw new EndpointError("ERR_INTERNAL", `endpoint: ${stopped.message}, and no new instance can be started`, "");
    const fresh = restart();
    exports = fresh.exports;
    wire = createWire(exports);
    fresh.hooks.load = wire.load;
    epoch++;
    stopped = null;
    ring.length = hand = 0; // the old instance's layers are gone with it
  }

  /** remake makes a layer again on the instance in use: its options over the global defaults are itself. */
  function remake(layer) {
    return layerOf(wire.call(OP_DEFAULTS, global, undefined, optionsOf(layer), true));
  }

  /**
   * revisit makes again a layer that Go no longer holds (made on an earlier
   * instance, or forgotten by the clock). Its handles change, so the last
   * merge's kept answer, if of this layer, can no longer be read.
   */
  function revisit(layer) {
    Object.assign(layer, remake(layer));
    if (memo !== null && memo.kept.layer === layer) memo = null;
    if (layer === root) layer.go.live = true; // not in the clock
    else admit(layer.go);
  }

  /**
   * admit marks a Go layer used, entering it in the clock if it is new (a
   * layer made alike shares one already there), and making Go forget
   * another when the clock is full.
   */
  function admit(go) {
    const fresh = !go.live;
    go.live = go.used = true;
    if (!fresh) return;
    if (ring.length < LIVE_LAYERS) {
      ring.push(go);
      return;
    }
    for (;;) {
      const old = ring[hand];
      if (old.used) {
        old.used = false;
        hand = (hand + 1) % LIVE_LAYERS;
        continue;
      }
      old.live = false;
      exports.ew_free(old.id);
      wire.forget(old.id);
      ring[hand] = go;
      hand = (hand + 1) % LIVE_LAYERS;
      return;
    }
  }

  /** layerOf makes a layer of the defaults' answer: its keys with plain objects merge (D21). */
  function layerOf({ id, table, options, strings, answer }) {
    if (answer === null) { // made by Go
      const merged = new Set();
      for (const k of Object.keys(options)) if (isPlain(options[k])) merged.add(k);
      last = { go: { id, live: false, used: false }, merged, strings };
    }
    return { id, size: table.length, table, merged: last.merged, options, epoch, strings: last.strings, go: last.go, answer };
  }

  /**
   * optionsOf returns a layer's options: for a layer made again, read from
   * its answer the first time (they are JavaScript data, which the wire of
   * any instance reads).
   */
  function optionsOf(layer) {
    if (layer.options === null) {
      layer.options = wire.options(layer.answer);
      layer.answer = null;
    }
    return layer.options;
  }

  // dispatch makes a call on layer, of (route, options) or (options) (D7).
  // It, and learn, are made once, not for each endpoint: a program making a
  // client for each request makes each endpoint's own functions each time.
  function dispatch(layer, op, route, options, what, keep, added) {
    if (typeof route === "string") return send(op, layer, route, plainOrNull(options, what), false, keep, null, added);
    if (route === undefined && options === undefined) return send(op, layer, undefined, null, false, keep, null, added);
    if (isPlain(route)) {
      if (options !== undefined) throw invalidArgument("options", `${what}(options) takes one argument; pass the route as a string to give options too`);
      return send(op, layer, undefined, route, false, keep, null, added);
    }
    throw invalidArgument("route", `must be a string such as "GET /user" or an options object, not ${describe(route)}`);
  }

  /**
   * learn notes, after the remerge (kept) of options, memo's result changed
   * in the members changed, the headers that it set (hints): sure when the
   * last remerge after a merge of that form set the same, and the engine
   * answered options as they are, so that it keeps such members unchanged
   * (it lower-cases names, D22, and drops undefined ones, D15): the same
   * members set again then give exactly the options answered ahead.
   */
  function learn(memo, changed, kept, options) {
    let added = changed.length === 2 && changed[0] === "headers" ? reading(wire.headersSet, memo.kept, changed[1]) : null;
    // The same list as another form's, if it is the same: the engine keeps
    // the last one written, and the forms take turns (the next page's
    // merges and Octokit's requests).
    if (added !== null) for (const form in hints) if (hints[form] !== null && sameList(hints[form].added, added)) added = hints[form].added;
    const last = hints[memo.form];
    const sure = added !== null && last !== null && sameList(last.added, added) && unchangedSince(options, kept);
    hints[memo.form] = added === null ? null : { added, sure };
  }

  /** aheadAnswered makes result, the remerge that memo's merge answered ahead built again, merge()'s answer. */
  function aheadAnswered(result) {
    memo = { result, kept: memo.kept.ahead, epoch, form: "merged", replayed: false };
    return result;
  }

  function withDefaults(layer) {
    function endpoint(route, options) {
      return dispatch(layer, OP_ENDPOINT, route, options, "endpoint");
    }
    endpoint.merge = function merge(route, options) {
      if (memo !== null && route === memo.result && options === undefined && memo.kept.layer === layer) {
        // merge() of the last merge()'s result: exactly the remerge
        // answered ahead, it is that answer; unchanged, it is its own
        // answer again; changed in some members (Octokit's auth hook sets a
        // header), only those cross, while the bridge still holds the rest.
        const ahead = memo.kept.ahead;
        if (ahead !== null) {
          // Once the merge was replayed (the auth hook's first merge), the
          // next merge of its result is most likely the remerge answered
          // ahead (its second): that is tried first, which saves walking
          // the result against the merge up to the header set. Either test
          // is exact, so the order only chooses which comes first.
          let r;
          if (memo.replayed && (r = replayIfUnchanged(route, ahead)) !== undefined) return aheadAnswered(r);
          if ((r = replayIfUnchanged(route, memo.kept)) !== undefined) {
            memo.replayed = true;
            return (memo.result = r);
          }
          if (!memo.replayed && (r = replayIfUnchanged(route, ahead)) !== undefined) return aheadAnswered(r);
        }
        const changed = changesSince(route);
        // (None changed is only found here when nothing was answered ahead:
        // otherwise replayIfUnchanged above found it.)
        if (changed !== null && changed.length === 0) return (memo.result = wire.replay(memo.kept));
        if (changed !== null && wire.isLast(memo.kept)) {
          const op = pairing.merged ? OP_REMERGE_PARSE : OP_REMERGE;
          const { value, kept } = send(op, layer, undefined, changed, false, true, memo.kept);
          learn(memo, changed, kept, route);
          memo = { result: value, kept, epoch, form: "merged", replayed: false };
          return value;
        }
      }
      const form = typeof route === "string" ? "route" : memo !== null && route === memo.result ? "merged" : "options";
      if (memo !== null && memo.kept.ahead !== null && hints[memo.form] !== null) hints[memo.form].sure = false; // answered ahead in vain
      const hint = hints[form];
      const op = hint !== null && hint.sure ? OP_MERGE_AHEAD : pairing[form] ? OP_MERGE_PARSE : OP_MERGE;
      const { value, kept } = dispatch(layer, op, route, options, "merge", true, hint?.added);
      memo = { result: value, kept, epoch, form, replayed: false };
      return value;
    };
    endpoint.parse = function parse(options) {
      if (!isPlain(options)) throw invalidArgument("options", `parse() takes merged options, not ${describe(options)}`);
      if (memo !== null && options === memo.result && unchangedSince(options, memo.kept)) {
        pairing[memo.form] = true;
        const r = wire.replayParse(memo.kept);
        if (r !== undefined) return r;
      }
      return send(OP_PARSE, global, undefined, options, false);
    };
    endpoint.defaults = function defaults(options) {
      const next = layerOf(send(OP_DEFAULTS, layer, undefined, plainOrNull(options, "defaults") ?? {}, true));
      admit(next.go);
      return withDefaults(next);
    };
    Object.defineProperty(endpoint, LAYER, { value: layer }); // not enumerable: no console shows it, no spread copies it
    Object.defineProperty(endpoint, "DEFAULTS", defaultsProperty);
    return endpoint;
  }

  // DEFAULTS is one getter for every endpoint of this instance, which finds
  // its layer on the endpoint it is read from (or through: a Proxy of it, an
  // object made with it as prototype): a getter of its own for each endpoint
  // would give each a hidden class of its own in V8, costly to make and to
  // collect (a new Octokit for each request spent 40% of its time in the
  // collector).
  const defaultsProperty = {
    enumerable: true,
    get() {
      const layer = this?.[LAYER];
      if (layer === undefined) throw new TypeError("DEFAULTS must be read from an endpoint");
      return copyPlain(optionsOf(layer)); // a copy: changing it changes nothing (D2)
    },
  };

  // The root endpoint is a layer made of the global defaults themselves, so
  // that every value of a result is a handle, as for any other layer. It is
  // not in the clock: Go holds it for good.
  const root = layerOf(send(OP_DEFAULTS, global, undefined, JSON.parse(defaultsJSON), true));
  root.go.live = true;
  return withDefaults(root);
}

/** LAYER is where an endpoint keeps its layer (withDefaults), for its DEFAULTS getter. */
const LAYER = Symbol("endpoint-wasm layer");

/** LIVE_LAYERS is how many layers of .defaults() Go holds at most (createEndpoint). */
export const LIVE_LAYERS = 256;

/** sameList reports whether two lists [name, value, ...] of strings are the same. */
function sameList(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** plainOrNull checks an options argument: a plain object, or nothing. */
function plainOrNull(options, what) {
  if (options === undefined || options === null) return null;
  if (!isPlain(options)) throw invalidArgument("options", `${what}() takes an options object, not ${describe(options)}`);
  return options;
}
