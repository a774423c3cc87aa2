import assert from "node:assert/strict";
import ts from "typescript";
import { DOCS_PAGE_CSP, renderDocsPage } from "../../supabase/functions/v1/docs-page.ts";

const html = renderDocsPage({ openapiUrl: "./openapi.json", title: "App Generator API" });

function inlineScripts(page: string): string[] {
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}

Deno.test("is a complete HTML document", () => {
  assert.match(html, /^<!doctype html>/i);
  assert.match(html, /<\/html>\s*$/);
  assert.match(html, /<title>App Generator API<\/title>/);
  assert.match(html, /id="bearer-token"/);
  assert.match(html, /data-openapi-url="\.\/openapi\.json"/);
});

Deno.test("loads nothing from other origins", () => {
  for (
    const pattern of [/src\s*=\s*["']?\s*(https?:)?\/\//i, /href\s*=\s*["']?\s*(https?:)?\/\//i, /@import/i]
  ) {
    assert.doesNotMatch(html, pattern);
  }
  assert.doesNotMatch(html, /<link\b/i);
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("\n");
  assert.doesNotMatch(styles, /url\(/i);
  assert.doesNotMatch(html, /https?:\/\//i);
});

Deno.test("escapes the title and the OpenAPI URL", () => {
  const page = renderDocsPage({
    openapiUrl: '"><script>alert(1)</script>',
    title: "<script>alert('x')</script> & co",
  });
  assert.equal(inlineScripts(page).length, 1);
  assert.ok(page.includes("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co"));
  assert.ok(page.includes('data-openapi-url="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"'));
  assert.ok(!page.includes("<script>alert"));
});

Deno.test("inline script parses", () => {
  const [code] = inlineScripts(html);
  assert.ok(code.length > 1000);
  assert.doesNotThrow(() => new Function(code));
  const diagnostics =
    ts.transpileModule(code, { reportDiagnostics: true, fileName: "page.js" }).diagnostics ?? [];
  assert.deepEqual(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")), []);
});

Deno.test("works under the exported CSP", () => {
  assert.equal(
    DOCS_PAGE_CSP,
    "default-src 'self'; script-src 'unsafe-inline' 'self'; style-src 'unsafe-inline'; connect-src 'self'",
  );
  const markup = html.replace(/<script>[\s\S]*?<\/script>/g, "");
  assert.doesNotMatch(markup, /\son[a-z]+\s*=/i, "inline event handler attribute");
  assert.doesNotMatch(html, /javascript:/i);
  const [code] = inlineScripts(html);
  assert.doesNotMatch(code, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(/);
});

Deno.test("uses the markup hooks the page promises", () => {
  const [code] = inlineScripts(html);
  for (
    const hook of ['"data-operation"', '"operation method-"', '"try-send"', '"try-result"', '"data-status"']
  ) {
    assert.ok(code.includes(hook), hook);
  }
});
