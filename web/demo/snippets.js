// The request as code a reader can paste: the endpoint() call that builds
// it, a fetch() call and a curl command. Where the body stands for a file
// (the catalog's "@example.zip" in data), each says so, and curl uploads it.
import { toFetch } from "endpoint-wasm";

/**
 * endpointSnippet writes the call that builds the request: the defaults
 * given (when there are any) and the route and parameters as typed.
 */
export function endpointSnippet(defaults, route, params, file) {
  const given = Object.fromEntries(Object.entries(defaults).filter(([k, v]) => v !== undefined && !(k === "headers" && !Object.keys(v).length)));
  const lines = ['import { ready } from "endpoint-wasm";', ""];
  lines.push(Object.keys(given).length ? `const endpoint = (await ready).defaults(${parsed(given, "")});` : "const endpoint = await ready;");
  if (file) lines.push(`// data: the bytes of ${file}, for which the example holds ${JSON.stringify(params.data)}`);
  lines.push(`const r = endpoint(${JSON.stringify(route)}, ${parsed(params, "")});`);
  return lines.join("\n");
}

/**
 * fetchSnippet writes r as a fetch() call (toFetch upper-cases the method).
 * Headers and a JSON body are written as JSON text parsed at run time, so
 * that a "__proto__" key stays a key (D30), as it is in r. With file, the
 * body is that file's bytes.
 */
export function fetchSnippet(r, file) {
  const [url, init] = toFetch(r);
  const lines = [`const response = await fetch(${JSON.stringify(url)}, {`, `  method: ${JSON.stringify(init.method)},`, `  headers: ${parsed(init.headers)},`];
  if (file) lines.push(`  body: await readFile(${JSON.stringify(file)}), // the file's bytes (Node: import { readFile } from "node:fs/promises"; a page: a File)`);
  else if (init.body !== undefined) lines.push(`  body: ${typeof r.body === "string" ? JSON.stringify(init.body) : `JSON.stringify(${parsed(r.body)})`},`);
  lines.push("});");
  return lines.join("\n");
}

/** parsed writes v as code that makes it, indented by indent: a literal, or JSON.parse of its text where it holds a "__proto__" key. */
function parsed(v, indent = "  ") {
  const text = JSON.stringify(v, null, 2).replace(/\n/g, `\n${indent}`);
  return /"__proto__":/.test(text) ? `JSON.parse(${JSON.stringify(JSON.stringify(v))})` : text;
}

const shq = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/**
 * curlCommand writes r as a curl command line for a POSIX shell: --globoff,
 * so that [ ] and { } in the url are sent as they are; a header with an
 * empty value as "name;", which curl sends empty (with "name:" it sends
 * none); the body with --data-raw, which sends a leading @ as it is (with
 * --data-binary curl would upload the file it names). With file, the body
 * is that file, uploaded with --data-binary @file, and a comment says so.
 */
export function curlCommand(r, file) {
  const parts = [`curl --globoff -X ${r.method.toUpperCase()} ${shq(r.url)}`];
  for (const [k, v] of Object.entries(r.headers)) parts.push(`-H ${shq(String(v) === "" ? `${k};` : `${k}: ${v}`)}`);
  if (file) parts.push(`--data-binary ${shq(`@${file}`)}`);
  else if (r.body !== undefined) parts.push(`--data-raw ${shq(typeof r.body === "string" ? r.body : JSON.stringify(r.body))}`);
  const command = parts.join(" \\\n  ");
  return file ? `# uploads the file ${file} (run it where the file is)\n${command}` : command;
}
