// `npm run inspector [-- <options>]`: the MCP Inspector, the version deno.json pins, run on the project's
// Deno (the Inspector's own launcher wants Node 22.19) against the local stack's `/mcp`.
//   npm run inspector                        the web page, seeded with the endpoint; it signs in by OAuth
//   npm run inspector -- --as you@example.com  the web page, sending a bearer token of that local user
//   npm run inspector -- --cli --method tools/list   the CLI, every argument after --cli passed through
// The CLI signs in only with a bearer token: its OAuth needs a terminal ("Interactive OAuth requires a
// TTY"), so it gets one for `--as <email>` (default inspector@example.com), or MCP_TOKEN when set, minted
// like `npm run token`. The secret store is memory unless MCP_INSPECTOR_SECRET_STORE says otherwise, so
// nothing is written to ~/.mcp-inspector and no keychain is asked. MCP_URL points it elsewhere.
import { join } from "node:path";
import { ROOT } from "./local/stack.ts";
import { GATEWAY_PORT, localToken } from "./token.ts";

const INSPECTOR: string = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")))
  .imports["@modelcontextprotocol/inspector"];
const MCP_URL = Deno.env.get("MCP_URL") ?? `http://127.0.0.1:${GATEWAY_PORT}/functions/v1/mcp`;
const CLI_USER = "inspector@example.com";

/** The Inspector's command line: the mode, the endpoint and a token header unless the caller gave them. */
export async function inspectorArgs(args: string[], token: (email: string) => Promise<string>) {
  const cli = args[0] === "--cli";
  const rest = cli ? args.slice(1) : args[0] === "--web" ? args.slice(1) : args;
  const as = rest.indexOf("--as");
  const email = as >= 0 ? rest[as + 1] : cli ? CLI_USER : undefined;
  if (as >= 0) rest.splice(as, 2);
  const out = [cli ? "--cli" : "--web"];
  if (!rest.includes("--server-url") && !rest.includes("--config") && !rest.includes("--catalog")) {
    out.push("--server-url", MCP_URL, "--transport", "http");
  }
  const hasAuth = rest.some((a, i) => rest[i - 1] === "--header" && /^authorization:/i.test(a));
  const bearer = Deno.env.get("MCP_TOKEN") || (email ? await token(email) : undefined);
  if (bearer && !hasAuth) out.push("--header", `Authorization: Bearer ${bearer}`);
  return [...out, ...rest];
}

if (import.meta.main) {
  let args: string[];
  try {
    args = await inspectorArgs(Deno.args, async (email) => (await localToken(email)).access_token);
  } catch (err) {
    console.error((err as Error).message);
    Deno.exit(1);
  }
  const env = { MCP_INSPECTOR_SECRET_STORE: Deno.env.get("MCP_INSPECTOR_SECRET_STORE") ?? "memory" };
  if (args[0] === "--web") console.error(`MCP Inspector for ${MCP_URL}: open the address it prints below.`);
  const child = new Deno.Command(Deno.execPath(), { args: ["run", "-A", INSPECTOR, ...args], env }).spawn();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, () => child.kill(signal));
  }
  Deno.exit((await child.status).code);
}
