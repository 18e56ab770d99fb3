// toFetch: request options as the arguments of fetch(). fetch upper-cases
// get, post, put, delete, head and options, but sends "patch" as written,
// which servers refuse (D5); the results of endpoint() are lower case (D3).

import { EndpointError, invalidArgument, unreadable } from "./errors.js";

/**
 * toFetch turns request options into [url, init] for fetch(): the method
 * upper-cased, header values as strings (fetch's HeadersInit takes only
 * strings; a result may hold numbers, bigints and booleans, D22), a body
 * the engine built (a plain object or array, or null) serialised as JSON,
 * bigints in it written as numbers in decimal (D12), any other body (data,
 * D19) passed as it is, and request.signal passed on. What it cannot turn
 * into fetch's arguments (no request options, a body JSON cannot write,
 * such as a cyclic one) throws an EndpointError (D5, D28).
 */
export function toFetch(options) {
  try {
    return fetchArgs(options);
  } catch (e) {
    // A revoked Proxy or a getter that throws: the input could not be read (D28).
    if (e instanceof EndpointError) throw e;
    throw unreadable("options", "could not be read", e);
  }
}

function fetchArgs(options) {
  if (options === null || typeof options !== "object") {
    throw invalidArgument("options", `toFetch takes the request options endpoint() returns, not ${options === null ? "null" : typeof options}`);
  }
  const { method, url, headers: given } = options;
  if (typeof method !== "string") throw invalidArgument("method", `must be a string, not ${typeOf(method)}`);
  if (typeof url !== "string") throw invalidArgument("url", `must be a string, not ${typeOf(url)}`);
  if (given === null || typeof given !== "object") throw invalidArgument("headers", `must be an object, not ${typeOf(given)}`);
  // Object.fromEntries defines own properties, so a "__proto__" header stays
  // a header (D30).
  const headers = Object.fromEntries(Object.entries(given).map(([name, value]) => [name, headerText(name, value)]));
  const init = { method: method.toUpperCase(), headers };
  const body = options.body;
  if (body !== undefined) {
    const proto = body === null || typeof body !== "object" ? undefined : Object.getPrototypeOf(body);
    const built = body === null || proto === Object.prototype || proto === null || Array.isArray(body);
    init.body = built ? json(body) : body;
  }
  if (options.request && options.request.signal) init.signal = options.request.signal;
  return [url, init];
}

/** headerText is String(value), an error naming the header when that throws. */
function headerText(name, value) {
  try {
    return String(value);
  } catch (e) {
    throw unreadable(`headers.${name}`, "cannot be written as text", e);
  }
}

const typeOf = (v) => (v === null ? "null" : typeof v);

/**
 * json writes a built body as JSON text. JSON.stringify refuses bigints,
 * which the engine accepts (D12): where the body holds one, each is written
 * as a string under a mark new for the body, and the marked strings then
 * become the bigints' digits. Anything else JSON cannot write (a cycle, a
 * getter or toJSON that throws) is an EndpointError.
 */
function json(body) {
  try {
    return JSON.stringify(body); // no bigint: the fast way
  } catch {
    // a bigint, or what the second writing reports
  }
  const mark = `\u2063bigint${Math.random().toString(36).slice(2)}:`;
  try {
    return JSON.stringify(body, (key, value) => (typeof value === "bigint" ? mark + value : value)).split(`"${mark}`).map((part, i) => (i ? part.replace(/^(-?\d+)"/, "$1") : part)).join("");
  } catch (e) {
    throw unreadable("body", "cannot be written as JSON", e);
  }
}
