// The meta routes' handlers, each registered against its definition in `_contract/meta.ts`.
import type { ApiApp } from "../../_shared/http.ts";
import { bodyLimitsOf, documentBodyLimits } from "../../_shared/http.ts";
import type { Deps } from "../../_shared/deps.ts";
import { DOCS_PAGE_CSP, docsAsset, docsPage } from "../docs.ts";
import { withCodeSamples } from "../code-samples.ts";
import { API_TITLE, documentFor, routes } from "../../_contract/meta.ts";

export function registerMetaRoutes(api: ApiApp, deps: Deps) {
  const baseUrl = `${deps.config.functionsUrl}/v1`;

  api.openapi(
    routes.getHealth,
    (c) => c.json({ ok: true as const }, 200),
  );

  const { securitySchemes, head } = documentFor(deps.config);
  for (const [name, scheme] of Object.entries(securitySchemes)) {
    api.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  }

  // Generated once, on first request, after every route is registered.
  let document: unknown;
  api.openapi(
    routes.getOpenApiDocument,
    (c) => {
      if (!document) {
        const generated = api.getOpenAPI31Document(head);
        documentBodyLimits(generated as Parameters<typeof documentBodyLimits>[0], bodyLimitsOf(api));
        document = withCodeSamples(generated);
      }
      return c.json(document as Record<string, unknown>, 200);
    },
  );
  api.openapi(
    routes.getReferencePage,
    (c) => {
      c.header("Content-Security-Policy", DOCS_PAGE_CSP);
      return c.html(docsPage(API_TITLE), 200);
    },
  );
  api.openapi(
    routes.getReferencePageAsset,
    async (c) => {
      const body = await docsAsset(
        c.req.valid("param").asset,
        deps.config.DOCS_OAUTH_CLIENT_ID
          ? { clientId: deps.config.DOCS_OAUTH_CLIENT_ID, pageUrl: `${baseUrl}/docs` }
          : undefined,
      );
      return c.body(body, 200, {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": "public, max-age=3600",
        "X-Content-Type-Options": "nosniff",
      });
    },
  );
}
