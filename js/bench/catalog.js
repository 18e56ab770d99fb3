// The catalog's operations as calls (catalog/README.md gives the format).
// Shared by `make bench` (Node and Chromium) and js/test/catalog.test.js.

/**
 * Option keys (D15): a body parameter of one of these names cannot be passed
 * as a parameter, since it would set the option, so the example call leaves
 * it out. `data` is not among them: the catalog uses it for a raw body (D19).
 */
export const OPTION_KEYS = new Set(["method", "url", "baseUrl", "headers", "mediaType", "request"]);

/** optionNamed reports whether a catalog parameter ([name, where, ...]) is a body parameter with an option's name. */
export const optionNamed = ([name, where]) => where === "body" && OPTION_KEYS.has(name);

/**
 * exampleCalls turns the catalog into one call per operation: { id, route,
 * options }, where options() returns a fresh options object (as a program
 * writes a literal per call) holding every example value in catalog order.
 * The values inside are shared between calls, as a program's constants are.
 */
export function exampleCalls(catalog) {
  return catalog.ops.map((op) => {
    const entries = op.p.filter((p) => !optionNamed(p)).map(([name, , , , value]) => [name, value]);
    const headers = op.h;
    const options = () => {
      const o = {};
      for (const [k, v] of entries) o[k] = v;
      if (headers) o.headers = { ...headers };
      return o;
    };
    return { id: op.id, route: `${op.m} ${op.u}`, options };
  });
}
