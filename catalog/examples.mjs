// examples.mjs synthesises realistic example values for the catalog's
// parameters where GitHub's description gives none. Real traffic is full of
// values that need encoding in a url (file paths, branch names with `/`,
// label names with spaces, search strings with `+` and `:`), so the names
// that carry such values get them on purpose.

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const CURSOR = "Y3Vyc29yOnYyOpK5MjAyNC0wMS0wMVQwMDowMDowMFo=";
const WHEN = "2024-05-01T12:00:00Z";

// Chosen before the description's own examples: these names carry the values
// that need encoding in real traffic (see catalog/README.md).
const ENCODED = {
  path: () => "docs/README.md",
  branch: () => "feature/new-login",
  q: () => "tetris+language:assembly stars:>100",
  title: () => "Fehler beim Öffnen: „Straße“ — 日本語のタイトル",
  basehead: () => "main...octocat:feature/new-login",
  labels: (where) => (where === "query" ? "bug,good first issue" : undefined),
  name: (where, route) => {
    if (where !== "path") return undefined;
    if (/\/labels\/\{name\}/.test(route)) return "good first issue";
    if (/\/gitignore\/templates\//.test(route)) return "C++";
    return "NODE_VERSION";
  },
};

// Chosen after the description's examples, by exact name.
const NAMED = {
  owner: "octokit", repo: "rest.js", org: "octo-org", enterprise: "octo-enterprise",
  "enterprise-team": "platform-team", username: "octocat", team_slug: "justice-league",
  template_owner: "octokit", template_repo: "template.js", repo_owner: "octokit", repo_name: "rest.js",
  target_user: "hubot", assignee: "octocat", creator: "octocat", mentioned: "hubot", actor: "octocat",
  author: "octocat", committer: "octocat", user: "octocat",
  ref: "release/v2.0", tag: "v2.0.0", head: "octocat:feature/new-login", base: "main", sha: SHA,
  secret_name: "NPM_TOKEN", environment_name: "production", environment: "production",
  package_name: "octo-app/api-image", codespace_name: "monalisa-octocat-hello-world-g4wpq6h95q",
  gist_id: "aa5a315d61ae9438b18d", ghsa_id: "GHSA-abcd-1234-efgh", cve_id: "CVE-2024-12345",
  workflow_id: "ci.yml", language: "javascript", license: "mit", dir: "docs", key: "Linux-node-modules-9a4f6c1e",
  before: CURSOR, after: CURSOR, cursor: CURSOR, since: WHEN, until: WHEN,
  created: ">=2024-01-01", email: "octocat@github.com", client_id: "Iv1.8a61f9b3a7aba766",
  body: "Thanks for the report! I can reproduce this on 2.0 ✓", message: "Fix typo in README (ü → ue)",
  description: "A short description of the change", fields: "title,status,labels",
  content: "bXkgbmV3IGZpbGUgY29udGVudHM=", encoding: "utf-8", color: "f29513",
  state: "open", name: "Hello World", label: "bug fix", severity: "high", ecosystem: "npm",
  published: ">=2024-01-01", updated: ">=2024-01-01", modified: ">=2024-01-01", location: "WestUs2",
  subject_digest: "sha256:1bb1e949e55dcefc6353e7b36c8897d2a107d8e8dca49d4e3c0ea8493fc0bc72",
  predicate_type: "https://slsa.dev/provenance/v1", client_ip: "1.2.3.4",
  devcontainer_path: ".devcontainer/devcontainer.json", version: "1.0.0", token: "ghu_example0000000000",
};

/** fits tells whether value has the JSON type a schema allows. */
function fits(value, schema = {}) {
  const types = typesOf(schema);
  if (!types.length || types.includes("any")) return value !== undefined;
  return types.some((t) => {
    if (t === "integer") return Number.isInteger(value);
    if (t === "number") return typeof value === "number";
    if (t === "array") return Array.isArray(value);
    if (t === "object") return value !== null && typeof value === "object" && !Array.isArray(value);
    return typeof value === t;
  });
}

function typesOf(schema) {
  if (schema.type) return [schema.type];
  const alts = schema.oneOf || schema.anyOf || schema.allOf;
  if (alts) return alts.flatMap(typesOf);
  if (schema.properties) return ["object"];
  return [];
}

/** bySuffix covers the families of names GitHub uses: *_id, *_number, *_sha, *_url, ... */
function bySuffix(name, type) {
  if (/(^|_)(id|number)$/.test(name)) return type === "string" ? "1296269" : 42;
  if (/(^|_)sha$/.test(name)) return SHA;
  if (/(^|_)url$/.test(name)) return "https://example.com/hooks/github";
  if (/_at$|_date$|timestamp/.test(name)) return type === "integer" ? 1714564800 : WHEN;
  if (/_name$/.test(name)) return "octo-" + name.replace(/_name$/, "").replace(/_/g, "-");
  return undefined;
}

/** byType synthesises a value from the schema alone. */
function byType(name, schema, depth) {
  const type = typesOf(schema)[0] || "string";
  const fmt = schema.format || schema.oneOf?.[0]?.format;
  switch (type) {
    case "integer": return schema.minimum > 1 ? schema.minimum : 42;
    case "number": return 0.5;
    case "boolean": return true;
    case "array": return arrayOf(name, schema.items || {}, depth);
    case "object": return objectOf(schema, depth);
    case "null": return null;
  }
  if (fmt === "date-time") return WHEN;
  if (fmt === "date") return "2024-05-01";
  if (fmt === "uri") return "https://example.com/hooks/github";
  if (fmt === "email") return "octocat@github.com";
  return name.replace(/_/g, "-") + "-example";
}

function arrayOf(name, items, depth) {
  const one = value(name.replace(/s$/, ""), items, "body", "", depth + 1);
  const two = typeof one === "string" && !items.enum ? one + "-2" : typeof one === "number" ? one + 1 : undefined;
  return two === undefined ? [one] : [one, two];
}

/** objectOf fills an object's required properties (all, for a small one), three levels deep at most. */
function objectOf(schema, depth) {
  const props = schema.properties || schema.oneOf?.[0]?.properties || schema.anyOf?.[0]?.properties;
  if (!props || depth >= 3) return { key: "value" };
  const required = schema.required || [];
  const names = Object.keys(props);
  const chosen = names.length <= 4 ? names : names.filter((n) => required.includes(n));
  const out = {};
  for (const n of chosen.length ? chosen : names.slice(0, 2)) out[n] = value(n, props[n], "body", "", depth + 1);
  return out;
}

/** value picks a parameter's example value: encoding names, spec examples, names, enums, suffixes, types. */
function value(name, schema = {}, where = "body", route = "", depth = 0) {
  const picks = [
    () => ENCODED[name]?.(where, route),
    () => schema.example,
    () => schema.examples?.[0],
    () => (schema.default === null ? undefined : schema.default),
    () => schema.enum?.find((v) => v !== null),
    () => NAMED[name],
    () => bySuffix(name, typesOf(schema)[0]),
  ];
  for (const pick of picks) {
    const v = pick();
    if (v !== undefined && fits(v, schema)) return v;
  }
  return byType(name, schema, depth);
}

/** override returns the value an encoding name forces over the description's example, if any. */
function override(name, where, route) {
  return ENCODED[name]?.(where, route);
}

/** raw is the example of a body that is not JSON (markdown text, an uploaded file). */
function raw(type, given) {
  if (type.startsWith("text/")) return "Hello **world** — _ünïcödé_ and `code`";
  return typeof given === "string" ? given : "PK\u0003\u0004 example.zip bytes";
}

export const examplesFor = { value, fits, override, raw };

/** needsEncoding tells whether a url value changes under encodeURIComponent. */
export function needsEncoding(v) {
  if (v === null || typeof v === "object" && !Array.isArray(v)) return false;
  const s = String(v);
  return encodeURIComponent(s) !== s;
}
