// The eight calls of `make bench`'s first benchmark set, still one of its
// workloads (workloads.js), and the warm start-up figure. Runs in Node and
// in Chromium.

/** calls(ep) returns [name, fn] pairs that make one call each on ep. */
export function calls(ep) {
  const chain = ep.defaults({ baseUrl: "https://ghe.example.com/api/v3", headers: { authorization: "token 0000000000" } })
    .defaults({ per_page: 100, headers: { "x-github-api-version": "2022-11-28" } });
  const twenty = { owner: "octokit", repo: "rest.js" };
  for (let i = 0; i < 18; i++) twenty[`param${i}`] = `value ${i}`;
  const asset = new Uint8Array(16);
  return [
    ["GET path and query", () => ep("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 })],
    ["GET two-level defaults", () => chain("GET /orgs/{org}/repos", { org: "octokit", type: "public" })],
    ["POST JSON body", () => ep("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Found a bug", body: "Details", labels: ["bug"] })],
    ["PUT no body", () => ep("PUT /user/starred/{owner}/{repo}", { owner: "octokit", repo: "rest.js" })],
    ["GET mediaType format", () => ep("GET /repos/{owner}/{repo}/pulls/{pull_number}", { owner: "octokit", repo: "rest.js", pull_number: 1, mediaType: { format: "diff" } })],
    ["POST upload {?name,label}", () => ep("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
      { owner: "octokit", repo: "rest.js", release_id: 1, name: "example.zip", label: "Example", data: asset, headers: { "content-type": "application/zip" } })],
    ["twenty parameters", () => ep("GET /repos/{owner}/{repo}/issues", twenty)],
    ["merge then parse", () => ep.parse(ep.merge("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" }))],
  ];
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * startup measures bytes in memory → first call answered, in ms (median).
 * Each run starts after 200 ms idle, as a page's one load does: back to
 * back, a run competes with the previous one's background compilation
 * (V8 tiers hot wasm functions up on other threads), which a page never
 * sees, and the median doubled on 2 cores.
 */
export async function startup(instantiate, bytes, runs = 9) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const t = performance.now();
    const ep = await instantiate(bytes);
    ep("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
    times.push(performance.now() - t);
  }
  return +median(times).toFixed(1);
}
