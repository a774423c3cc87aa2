// Which authorization errors go back to the client's redirect URI. Anyone can register a client with any
// web address, so an error answered before the person has seen a page would make the sign-in server an
// open redirector to that address (RFC 9700 §4.11.2). Such errors are shown on the error page instead;
// a loopback redirect URI (a native client on the person's own machine, RFC 8252 §7.3) and an error after
// the person took part (a denied consent, at the resume step) still go back to the client.
import type Provider from "oidc-provider";
import type { KoaContextWithOIDC } from "oidc-provider";

const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** Whether an error may be sent to `redirectUri` without the person having seen a page first. */
function redirectsAtOnce(redirectUri: unknown): boolean {
  if (typeof redirectUri !== "string" || !URL.canParse(redirectUri)) return false;
  const url = new URL(redirectUri);
  if (url.protocol !== "http:" && url.protocol !== "https:") return true; // a native app's own scheme
  return url.protocol === "http:" && LOOPBACK.has(url.hostname);
}

export function showErrorsOfUnverifiedClients(provider: Provider) {
  // The library emits the error before deciding between its error page and a redirect, and redirects
  // only errors that allow it.
  const decide = (ctx: KoaContextWithOIDC, err: { allow_redirect?: boolean }) => {
    if (ctx.oidc?.route !== "authorization") return;
    const params = ctx.oidc.params ?? (ctx.method === "POST" ? ctx.oidc.body : ctx.query);
    if (!redirectsAtOnce(params?.redirect_uri)) err.allow_redirect = false;
  };
  provider.on("authorization.error", decide);
  provider.on("server_error", decide);
}
