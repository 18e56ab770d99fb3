// renderMarkdown turns the Markdown that docs/behaviour.md uses into HTML:
// headings, paragraphs, numbered lists, fenced code blocks, `code`, **bold**
// and [links](#x).
// It is not a general Markdown renderer; prepare.mjs uses it at build time
// so that the page needs no library to show the rules.

const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * slug is GitHub's anchor for a heading ("D25" → "d25", "Spec rule 4" →
 * "spec-rule-4", "The specification's rules" → "the-specifications-rules"),
 * so that the links inside the file and the demo's links agree.
 */
export function slug(heading) {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").trim().replace(/\s/g, "-");
}

/** inline renders code spans, bold and links in one line of text. */
function inline(text) {
  return text.split(/(`[^`]*`)/).map((part) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) return `<code>${escape(part.slice(1, -1))}</code>`;
    return escape(part)
      .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
      .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, href) => `<a href="${href}">${label}</a>`);
  }).join("");
}

/** renderMarkdown renders blocks separated by blank lines; a heading or list item is a block of its own line. */
export function renderMarkdown(markdown) {
  const html = [];
  let paragraph = [];
  let list = null;
  const flush = () => {
    if (paragraph.length) html.push(`<p>${inline(paragraph.join(" "))}</p>`);
    paragraph = [];
  };
  const closeList = () => {
    if (list) html.push(`<ol>${list.map((item) => `<li>${inline(item)}</li>`).join("")}</ol>`);
    list = null;
  };
  let code = null; // the lines of a fenced block, inside one
  for (const line of markdown.split("\n")) {
    if (/^```/.test(line)) {
      if (code) {
        html.push(`<pre><code>${escape(code.join("\n"))}</code></pre>`);
        code = null;
      } else {
        flush();
        closeList();
        code = [];
      }
      continue;
    }
    if (code) {
      code.push(line);
      continue;
    }
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    const item = /^\d+\. (.*)$/.exec(line);
    if (heading) {
      flush();
      closeList();
      const level = heading[1].length;
      html.push(`<h${level} id="${slug(heading[2])}">${inline(heading[2])}</h${level}>`);
    } else if (item) {
      flush();
      (list ??= []).push(item[1]);
    } else if (!line.trim()) {
      flush();
      closeList();
    } else if (list && /^\s/.test(line)) {
      list[list.length - 1] += " " + line.trim();
    } else {
      closeList();
      paragraph.push(line.trim());
    }
  }
  flush();
  closeList();
  return html.join("\n");
}
