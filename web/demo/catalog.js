// The catalog of GitHub REST operations (gen/catalog.json, made by
// prepare.mjs from catalog/github-rest.json): search over it, and an
// operation's example call. No DOM: js/test/demo-compare.test.js runs it in Node.

/**
 * operations turns the rows of gen/catalog.json into objects: { method,
 * url, id, summary, params: [{ name, where, type, required, example,
 * option? }], headers, route, text }, where text is what a search looks in
 * and option is true on a body parameter that has an option's name.
 */
export function operations(rows) {
  return rows.map(([method, url, id, summary, params, headers]) => ({
    method, url, id, summary, headers,
    route: `${method} ${url}`,
    params: params.map(([name, where, type, required, example, option]) => ({ name, where, type, required: required === 1, example, ...(option === 1 && { option: true }) })),
    text: `${method} ${url} ${summary} ${id}`.toLowerCase(),
  }));
}

/**
 * search returns the operations whose method, url, summary or id hold every
 * word of query (case-insensitive): "issues comment" and "PATCH /repos"
 * narrow the list. Operations where a word is the method or starts the url
 * come first; otherwise the catalog's order is kept. An empty query matches
 * nothing.
 */
export function search(ops, query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const found = ops.filter((op) => words.every((w) => op.text.includes(w)));
  const rank = (op) => words.filter((w) => w === op.method.toLowerCase() || op.url.toLowerCase().startsWith(w)).length;
  return found.map((op) => [rank(op), op]).sort((a, b) => b[0] - a[0]).map(([, op]) => op);
}

/**
 * exampleParams is the parameters object that picking op fills in: every
 * parameter with its example value, the required ones first (each group in
 * the catalog's order), then the headers the call needs. An operation whose
 * body has a field with an option's name (url: the webhook and private
 * registry configurations) takes its body in data, every body field in it:
 * as a parameter, url would set the option, which may not move the request
 * (D15, D31). It holds the same keys and values as the catalog tests'
 * example call, so the two libraries differ on it only as those tests allow.
 */
export function exampleParams(op) {
  const inData = op.params.some((p) => p.option);
  const params = {};
  const data = {};
  for (const p of [...op.params.filter((p) => p.required), ...op.params.filter((p) => !p.required)]) {
    (inData && p.where === "body" ? data : params)[p.name] = p.example;
  }
  if (inData) params.data = data;
  if (op.headers) params.headers = { ...op.headers };
  return params;
}
