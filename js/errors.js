// EndpointError is the one error type of endpoint-wasm (D28): one class in a
// realm, whatever entries a program imports (shared.js).

import { shared } from "./shared.js";

/**
 * Thrown for bad input. `code` is one of the ERR_* names of the README;
 * `field` names the option at fault ("route", "headers.accept", ...). The
 * message starts with "endpoint: " and never quotes a header value (D23).
 */
export const EndpointError = (shared.EndpointError ??= class EndpointError extends TypeError {
  constructor(code, message, field = "") {
    super(message);
    this.name = "EndpointError";
    this.code = code;
    this.field = field;
  }
});

export function invalidArgument(field, what) {
  return new EndpointError("ERR_INVALID_ARGUMENT", `endpoint: ${field}: ${what}`, field);
}

/**
 * unreadable is the error for input whose reading threw thrown (a getter, a
 * Proxy's trap, a toJSON): thrown is its cause, and its message is not
 * quoted, since it may carry a credential (D23).
 */
export function unreadable(field, what, thrown) {
  const e = invalidArgument(field, `${what} (see the cause)`);
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
