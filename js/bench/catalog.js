// The catalog's operations as calls (catalog/README.md gives the format).
// Shared by `make bench` (Node and Chromium) and js/test/catalog.test.js.

/**
 * Option keys (D15): a body parameter of one of these names cannot be passed
 * as a parameter, since it would set the option (url, which may not move
 * the request, D31), so the example call puts its operation's body in data,
 * every body field in it. `data` is not among them: the catalog uses it for
 * a raw body (D19).
 */
export const OPTION_KEYS = new Set(["method", "url", "baseUrl", "headers", "mediaType", "request"]);

/** optionNamed reports whether a catalog parameter ([name, where, ...]) is a body parameter with an option's name. */
export const optionNamed = ([name, where]) => where === "body" && OPTION_KEYS.has(name);

/**
 * exampleCalls turns the catalog into one call per operation: { id, route,
 * options }, where options() returns a fresh options object (as a program
 * writes a literal per call) holding every example value in catalog order,
 * the body in data where a body field has an option's name (optionNamed).
 * The values inside are shared between calls, as a program's constants are.
 */
export function exampleCalls(catalog) {
  return catalog.ops.map((op) => {
    const inData = op.p.some(optionNamed);
    const entries = op.p.filter(([, where]) => !inData || where !== "body").map(([name, , , , value]) => [name, value]);
    const body = inData ? op.p.filter(([, where]) => where === "body").map(([name, , , , value]) => [name, value]) : null;
    const headers = op.h;
    const options = () => {
      const o = {};
      for (const [k, v] of entries) o[k] = v;
      if (body) o.data = Object.fromEntries(body);
      if (headers) o.headers = { ...headers };
      return o;
    };
    return { id: op.id, route: `${op.m} ${op.u}`, options };
  });
}
