// Every relative link of the README and docs/ leads somewhere: to a file of the repository and, when it names
// a section, to a heading of that file (GitHub's anchors).
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const ROOT = new URL("../..", import.meta.url).pathname;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading.trim().toLowerCase().replace(/`/g, "").replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1])));
}

Deno.test("the README's and docs/'s relative links lead to files and headings that exist", () => {
  const files = [join(ROOT, "README.md"), ...markdownFiles(join(ROOT, "docs"))];
  const broken: string[] = [];
  let checked = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      checked++;
      const [path, hash] = target.split("#");
      const linked = path ? join(dirname(file), path) : file;
      const where = `${relative(ROOT, file)} → ${target}`;
      if (!existsSync(linked)) broken.push(`${where}: no such file`);
      else if (hash !== undefined && !anchors(linked).has(hash)) broken.push(`${where}: no such heading`);
    }
  }
  assert(checked > 50, `only ${checked} links found`);
  assert.deepEqual(broken, []);
});
