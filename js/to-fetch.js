// toFetch: request options as the arguments of fetch(). fetch upper-cases
// get, post, put, delete, head and options, but sends "patch" as written,
// which servers refuse (D5); the results of endpoint() are lower case (D3).

/**
 * toFetch turns request options into [url, init] for fetch(): the method
 * upper-cased, header values as strings (fetch's HeadersInit takes only
 * strings; a result may hold numbers and booleans, D22), a body the engine
 * built (a plain object or array, or null) serialised as JSON, any other
 * body (data, D19) passed as it is, and request.signal passed on.
 */
export function toFetch(options) {
  // Object.fromEntries defines own properties, so a "__proto__" header stays
  // a header (D30).
  const headers = Object.fromEntries(Object.entries(options.headers).map(([name, value]) => [name, String(value)]));
  const init = { method: options.method.toUpperCase(), headers };
  const body = options.body;
  if (body !== undefined) {
    const proto = body === null || typeof body !== "object" ? undefined : Object.getPrototypeOf(body);
    const built = body === null || proto === Object.prototype || proto === null || Array.isArray(body);
    init.body = built ? JSON.stringify(body) : body;
  }
  if (options.request && options.request.signal) init.signal = options.request.signal;
  return [options.url, init];
}
