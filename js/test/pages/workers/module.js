// A module worker importing the main entry (as a bundler's worker would).
import "./calls.js";
import { ready } from "../../../../dist/index.js";
ready.then(
  (ep) => postMessage({ answers: self.answers(ep) }),
  (e) => postMessage({ error: { name: e.name, code: e.code, message: e.message } }),
);
