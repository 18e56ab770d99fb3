// EndpointError is the one error type of endpoint-wasm (D28): one class in a
// realm, whatever entries a program imports (shared.js).

import { shared } from "./shared.js";

// The codes this side throws are written here alone, each in the one
// function that throws it: index.d.ts's ErrorCode lists every code, the
// engine's (core/internal/engine/errors.go) and the two of loading the
// module, and a Go test holds both to the engine's.

/**
 * Thrown for bad input. `code` is one of index.d.ts's ErrorCode; `field` names the option at
 * fault ("route", "headers.accept", ...); `rule` is the id of the entry of
 * docs/behaviour.md the input broke ("D32", or "spec rule 4"), "" when no
 * input did (the module could not load). The message starts with
 * "endpoint: " and never quotes a header value (D23); programs read code,
 * field and rule, not its wording.
 */
// The class takes its name from a computed property key, which bundlers
// keep (a class's own name is minified away, or renamed EndpointError2, and
// a literal key is folded away), so that consoles print it as EndpointError.
const NAME = "EndpointError";
export const EndpointError = (shared[NAME] ??= { [NAME]: class extends TypeError {
  constructor(code, message, field = "", rule = "") {
    super(message);
    this.name = NAME;
    this.code = code;
    this.field = field;
    this.rule = rule;
  }
} }[NAME]);

/** invalidArgument is the error of an option the shim cannot take, breaking rule (D28 for one of the wrong type). */
export function invalidArgument(field, what, rule = "D28") {
  return new EndpointError("ERR_INVALID_ARGUMENT", `endpoint: ${field}: ${what}`, field, rule);
}

/** internalError is the error of a bug, caught: the next call works (D29). */
export function internalError(what) {
  return new EndpointError("ERR_INTERNAL", `endpoint: ${what}`, "", "D29");
}

/**
 * unreadable is the error for input whose reading threw thrown (a getter, a
 * Proxy's trap, a toJSON): thrown is its cause, and its message is not
 * quoted, since it may carry a credential (D23, D28).
 */
export function unreadable(field, what, thrown, rule = "D28") {
  const e = invalidArgument(field, `${what} (see the cause)`, rule);
  e.cause = thrown;
  return e;
}

/**
 * loadError is the error of a module that could not be fetched, read,
 * compiled or started (ERR_WASM_LOAD): `what` says what happened in words
 * a person can act on; the error it comes from, if any, is its `cause`.
 */
export function loadError(what, cause) {
  const e = new EndpointError("ERR_WASM_LOAD", `endpoint: cannot load endpoint.wasm: ${what}`, "");
  if (cause !== undefined) e.cause = cause;
  return e;
}

/**
 * notReady is the error of a call made before the module is ready
 * (ERR_NOT_INITIALIZED); after a failed load it names the failure, which
 * is its `cause`.
 */
export function notReady(hint, failure) {
  const why = failure ? `loading failed (${failure.message.replace(/^endpoint: /, "")})` : hint;
  const e = new EndpointError("ERR_NOT_INITIALIZED", `endpoint: not initialized: ${why}`, "");
  if (failure) e.cause = failure;
  return e;
}

/** messageOf returns e's message, or "" when what was thrown has none that can be read. */
export function messageOf(e) {
  try { return String(e.message); } catch { return ""; }
}

/**
 * isEndpointError is e instanceof EndpointError (or of the class given), for
 * an e that a user's code threw: it may be a revoked Proxy, on which
 * instanceof itself throws.
 */
export function isEndpointError(e, kind = EndpointError) {
  try {
    return e instanceof kind;
  } catch {
    return false;
  }
}
