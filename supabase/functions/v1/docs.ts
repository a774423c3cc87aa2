// The reference page at `{base_url}/docs`: Scalar's API reference (the @scalar/api-reference standalone
// bundle, served by this function, so the page needs nothing beyond it) rendering `/openapi.json`.
// No inline script: the page loads the bundle and a small start script from here, so the CSP allows
// scripts from 'self' only.

import { DOCS_ASSETS } from "../_contract/meta.ts";

/** Where setup puts the bundle (copied from node_modules; shipped with the function as a static file). */
const BUNDLE = new URL("./static/scalar-api-reference.js", import.meta.url);

/**
 * Scripts and requests from this origin only; Scalar injects its styles and sets inline style attributes,
 * and shows images and fonts from data: URLs.
 */
export const DOCS_PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
  "frame-ancestors 'none'";

export type DocsAsset = (typeof DOCS_ASSETS)[number];

export function docsPage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
</head>
<body>
<div id="reference"></div>
<script src="./docs/scalar-api-reference.js"></script>
<script src="./docs/start.js"></script>
</body>
</html>
`;
}

// Every client sample but curl is hidden: the JavaScript sample is the SDK's call (`x-codeSamples`).
const HIDDEN_CLIENTS = [
  "c",
  "clojure",
  "csharp",
  "dart",
  "fsharp",
  "go",
  "http",
  "java",
  "js",
  "julia",
  "kotlin",
  "node",
  "objc",
  "ocaml",
  "php",
  "powershell",
  "python",
  "r",
  "ruby",
  "rust",
  "swift",
  "shell/httpie",
  "shell/wget",
];

/**
 * Starts Scalar on the document next to the page, offline: no fonts, proxy, telemetry or agent from afar.
 * With the page's OAuth client, Authorize signs in with it (code flow, PKCE S256) and returns to the page.
 */
function startScript(signIn: DocsSignIn | undefined): string {
  return `Scalar.createApiReference("#reference", ${
    JSON.stringify({
      url: "./openapi.json",
      withDefaultFonts: false,
      defaultOpenAllTags: true,
      telemetry: false,
      hideClientButton: false,
      showDeveloperTools: "never",
      documentDownloadType: "json",
      persistAuth: false,
      hiddenClients: HIDDEN_CLIENTS,
      defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
      authentication: signIn
        ? {
          preferredSecurityScheme: "oauth2",
          securitySchemes: {
            oauth2: {
              flows: {
                authorizationCode: {
                  "x-scalar-client-id": signIn.clientId,
                  "x-usePkce": "SHA-256",
                  "x-scalar-redirect-uri": signIn.pageUrl,
                  selectedScopes: ["email"],
                },
              },
            },
          },
        }
        : { preferredSecurityScheme: "bearerAuth" },
      mcp: { disabled: true },
      agent: { disabled: true },
    })
  });
`;
}

/** The OAuth client the page signs in with (`DOCS_OAUTH_CLIENT_ID`) and the page's own address. */
export interface DocsSignIn {
  clientId: string;
  pageUrl: string;
}

let bundle: Promise<Uint8Array<ArrayBuffer>> | undefined;

export async function docsAsset(
  name: DocsAsset,
  signIn?: DocsSignIn,
): Promise<Uint8Array<ArrayBuffer> | string> {
  if (name === "start.js") return startScript(signIn);
  bundle ??= Deno.readFile(BUNDLE).catch((err) => {
    bundle = undefined;
    throw new Error(`the reference page's bundle is missing (${BUNDLE.pathname}); run \`npm run setup\``, {
      cause: err,
    });
  });
  return await bundle;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
