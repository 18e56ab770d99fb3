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
 * D19) passed as it is, with duplex "half" where it is a stream (fetch
 * requires it then), and request.signal passed on. What it cannot turn
 * into fetch's arguments (no request options, a body JSON cannot write,
 * such as a cyclic one, a url holding a credential) throws an EndpointError
 * (D5, D28).
 */
export function toFetch(options) {
  try {
    return fetchArgs(options);
  } catch (e) {
    // A revoked Proxy or a getter that throws: the input could not be read (D28).
    if (e instanceof EndpointError) throw e;
    throw unreadable("options", "could not be read", e, "D5");
  }
}

function fetchArgs(options) {
  if (options === null || typeof options !== "object") {
    throw invalidArgument("options", `toFetch takes the request options endpoint() returns, not ${options === null ? "null" : typeof options}`, "D5");
  }
  const method = own(options, "method"), url = own(options, "url"), given = own(options, "headers");
  if (typeof method !== "string") throw invalidArgument("method", `must be a string, not ${typeOf(method)}`, "D5");
  if (typeof url !== "string") throw invalidArgument("url", `must be a string, not ${typeOf(url)}`, "D5");
  if (given === null || typeof given !== "object") throw invalidArgument("headers", `must be an object, not ${typeOf(given)}`, "D5");
  refuseUserinfo(url);
  // Object.fromEntries defines own properties, so a "__proto__" header stays
  // a header (D30).
  const headers = Object.fromEntries(Object.entries(given).map(([name, value]) => [name, headerText(name, value)]));
  const init = { method: method.toUpperCase(), headers };
  const body = own(options, "body");
  if (body !== undefined) {
    const proto = body === null || typeof body !== "object" ? undefined : Object.getPrototypeOf(body);
    const built = body === null || proto === Object.prototype || proto === null || Array.isArray(body);
    init.body = built ? json(body) : body;
    // A web ReadableStream, or an async iterable such as a Node Readable.
    if (!built && proto && (typeof body.getReader === "function" || typeof body[Symbol.asyncIterator] === "function")) init.duplex = "half";
  }
  const request = own(options, "request");
  const signal = request !== null && typeof request === "object" ? own(request, "signal") : undefined;
  if (signal) init.signal = signal;
  return [url, init];
}

// own reads a key only where the object itself holds it: a value that other
// code put on Object.prototype (a "body") must not become the request's.
const own = (o, key) => (Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined);

/**
 * refuseUserinfo throws where url holds user:password@ (a baseUrl such as
 * https://x:token@ghe.example/api/v3): fetch refuses it with a TypeError
 * that quotes the url, credential and all. The error quotes only the
 * scheme and host (D23). No regular expression runs on it, as in json().
 */
function refuseUserinfo(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return; // a path, which fetch resolves against the page
  }
  if (u.username || u.password) {
    throw invalidArgument("url", `holds a credential (${u.protocol}//[redacted]@${u.host}), which fetch refuses and would quote: put it in headers.authorization instead`, "D5");
  }
}

/** headerText is String(value), an error naming the header when that throws. */
function headerText(name, value) {
  try {
    return String(value);
  } catch (e) {
    throw unreadable(`headers.${name}`, "cannot be written as text", e, "D5");
  }
}

const typeOf = (v) => (v === null ? "null" : typeof v);

/**
 * json writes a built body as JSON text. JSON.stringify refuses bigints,
 * which the engine accepts (D12): where the body holds one, each is written
 * as a string under a mark new for the body, and the marked strings then
 * become the bigints' digits. No regular expression runs on the text: V8
 * keeps the last string one matched (RegExp.input), a token in the body
 * with it. Anything else JSON cannot write (a cycle, a
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
    // Each part after a mark starts with a bigint's digits and the quote that
    // closed them, which goes (replace with a string, not a regular
    // expression: no caller text in RegExp.input).
    return JSON.stringify(body, (key, value) => (typeof value === "bigint" ? mark + value : value)).split(`"${mark}`).map((part, i) => (i ? part.replace('"', "") : part)).join("");
  } catch (e) {
    throw unreadable("body", "cannot be written as JSON", e, "D5");
  }
}
