// The operation search: a combobox (the text field) and its listbox of
// results, usable with the keyboard alone (ARIA's combobox pattern): typing
// filters, ArrowDown/ArrowUp move through the results, Enter picks (the first
// result when none is active), Escape
// closes the list. The field keeps the focus; aria-activedescendant tells a
// screen reader which result is active.
import { search } from "./catalog.js";

const SHOWN = 50; // results listed at once; the status says how many matched

/**
 * attachSearch wires input (role=combobox), list (role=listbox) and status
 * over ops; onPick(op) is called when a result is picked by Enter or click.
 */
export function attachSearch({ input, list, status }, ops, onPick) {
  let results = [];
  let active = -1;

  const open = (yes) => {
    list.hidden = !yes;
    input.setAttribute("aria-expanded", String(yes));
    if (!yes) setActive(-1);
  };
  const setActive = (i) => {
    list.querySelector("[aria-selected=true]")?.setAttribute("aria-selected", "false");
    active = i;
    const option = list.children[i];
    if (!option) return input.removeAttribute("aria-activedescendant");
    option.setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", option.id);
    option.scrollIntoView({ block: "nearest" });
  };
  const pick = (i) => {
    const op = results[i];
    if (!op) return;
    open(false);
    status.textContent = `Picked ${op.id}: ${op.summary}`;
    onPick(op);
  };

  input.addEventListener("input", () => {
    results = search(ops, input.value);
    list.replaceChildren(...results.slice(0, SHOWN).map(optionFor));
    status.textContent = !input.value.trim() ? "" : results.length > SHOWN
      ? `${results.length} operations match; the first ${SHOWN} are listed`
      : `${results.length} operation${results.length === 1 ? "" : "s"} match`;
    open(results.length > 0);
    setActive(-1);
  });
  input.addEventListener("keydown", (e) => {
    const n = list.children.length;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!n) return;
      open(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive(active < 0 ? (step > 0 ? 0 : n - 1) : (active + step + n) % n);
    } else if (e.key === "Enter" && !list.hidden && n) {
      // Enter picks the active result, or the first when none is active yet.
      e.preventDefault();
      pick(Math.max(active, 0));
    } else if (e.key === "Escape" && !list.hidden) {
      e.preventDefault();
      open(false);
    }
  });
  // A click picks; mousedown is cancelled so that the field keeps the focus.
  list.addEventListener("mousedown", (e) => e.preventDefault());
  list.addEventListener("click", (e) => {
    const option = e.target.closest("[role=option]");
    if (option) pick([...list.children].indexOf(option));
  });
  input.addEventListener("blur", () => open(false));
}

let ids = 0;

/** optionFor is one result: method, url and summary, the id as a title. */
function optionFor(op) {
  const li = document.createElement("li");
  li.id = `op-${ids++}`;
  li.setAttribute("role", "option");
  li.setAttribute("aria-selected", "false");
  li.title = op.id;
  const method = Object.assign(document.createElement("span"), { className: "method", textContent: op.method });
  const url = Object.assign(document.createElement("code"), { textContent: op.url });
  const summary = Object.assign(document.createElement("span"), { className: "summary", textContent: op.summary });
  li.append(method, " ", url, " ", summary);
  return li;
}
