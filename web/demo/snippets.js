// The request as code a reader can paste: a fetch() call and a curl command.
import { toFetch } from "endpoint-wasm";

/**
 * fetchSnippet writes r as a fetch() call (toFetch upper-cases the method).
 * Headers and a JSON body are written as JSON text parsed at run time, so
 * that a "__proto__" key stays a key (D30), as it is in r.
 */
export function fetchSnippet(r) {
  const [url, init] = toFetch(r);
  const lines = [`const response = await fetch(${JSON.stringify(url)}, {`, `  method: ${JSON.stringify(init.method)},`, `  headers: ${parsed(init.headers)},`];
  if (init.body !== undefined) lines.push(`  body: ${typeof r.body === "string" ? JSON.stringify(init.body) : `JSON.stringify(${parsed(r.body)})`},`);
  lines.push("});");
  return lines.join("\n");
}

/** parsed writes v as code that makes it: a literal, or JSON.parse of its text where it holds a "__proto__" key. */
function parsed(v) {
  const text = JSON.stringify(v, null, 2).replace(/\n/g, "\n  ");
  return /"__proto__":/.test(text) ? `JSON.parse(${JSON.stringify(JSON.stringify(v))})` : text;
}

const shq = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/**
 * curlCommand writes r as a curl command line for a POSIX shell: --globoff,
 * so that [ ] and { } in the url are sent as they are; a header with an
 * empty value as "name;", which curl sends empty (with "name:" it sends
 * none); the body with --data-raw, which sends a leading @ as it is (with
 * --data-binary curl would upload the file it names).
 */
export function curlCommand(r) {
  const parts = [`curl --globoff -X ${r.method.toUpperCase()} ${shq(r.url)}`];
  for (const [k, v] of Object.entries(r.headers)) parts.push(`-H ${shq(String(v) === "" ? `${k};` : `${k}: ${v}`)}`);
  if (r.body !== undefined) parts.push(`--data-raw ${shq(typeof r.body === "string" ? r.body : JSON.stringify(r.body))}`);
  return parts.join(" \\\n  ");
}
