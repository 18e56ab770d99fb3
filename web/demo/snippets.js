// The request as code a reader can paste: a fetch() call and a curl command.
import { toFetch } from "endpoint-wasm";

/** fetchSnippet writes r as a fetch() call (toFetch upper-cases the method). */
export function fetchSnippet(r) {
  const [url, init] = toFetch(r);
  const lines = [`const response = await fetch(${JSON.stringify(url)}, {`, `  method: ${JSON.stringify(init.method)},`, `  headers: ${JSON.stringify(init.headers, null, 2).replace(/\n/g, "\n  ")},`];
  if (init.body !== undefined) lines.push(`  body: ${typeof r.body === "string" ? JSON.stringify(init.body) : `JSON.stringify(${JSON.stringify(r.body)})`},`);
  lines.push("});");
  return lines.join("\n");
}

const shq = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/** curlCommand writes r as a curl command line for a POSIX shell. */
export function curlCommand(r) {
  const parts = [`curl -X ${r.method.toUpperCase()} ${shq(r.url)}`];
  for (const [k, v] of Object.entries(r.headers)) parts.push(`-H ${shq(`${k}: ${v}`)}`);
  if (r.body !== undefined) parts.push(`--data-binary ${shq(typeof r.body === "string" ? r.body : JSON.stringify(r.body))}`);
  return parts.join(" \\\n  ");
}
