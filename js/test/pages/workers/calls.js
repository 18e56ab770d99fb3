// The calls each worker makes (workers.html compares the answers with the
// page's own): imported by the module worker, importScripts'd by the
// classic ones, so no import or export.
var CALLS = [
  ["GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 2 }],
  ["POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Hello", labels: ["bug"] }],
  ["GET /repos/{owner}/{repo}", { owner: "octokit" }],
];
function answers(ep) {
  return CALLS.map(([route, options]) => {
    try {
      return JSON.parse(JSON.stringify(ep(route, options)));
    } catch (e) {
      return { error: { name: e.name, code: e.code, message: e.message } };
    }
  });
}
self.CALLS = CALLS;
self.answers = answers;
