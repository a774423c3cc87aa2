// `npm run inspector`: the MCP Inspector against /mcp in one command. Its command line; its CLI run without
// a terminal (a bearer token, no OAuth prompt); and its web page in Chromium, signing in by OAuth through
// the local sign-in and consent pages, then listing the same tools as the CLI.
import assert from "node:assert/strict";
import { freePort } from "../scripts/local/stack.ts";
import { inspectorArgs } from "../scripts/inspector.ts";
import { ensureUser, setPassword } from "../scripts/local/users.ts";
import { withBrowser } from "../scripts/lib/browser.ts";
import { db, newUser, NO_STACK, ROOT_URL } from "./helpers.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const MCP_URL = `${ROOT_URL}/mcp`;
const PASSWORD = "correct horse battery staple";

Deno.test("inspector: the CLI gets the endpoint and a bearer token; the web page signs in by OAuth", async () => {
  const minted: string[] = [];
  const token = (email: string) => {
    minted.push(email);
    return Promise.resolve(`t-${email}`);
  };
  const cli = await inspectorArgs(["--cli", "--method", "tools/list"], token);
  assert.deepEqual(cli.slice(0, 2), ["--cli", "--server-url"]);
  assert.match(cli[2], /\/functions\/v1\/mcp$/);
  assert.deepEqual(cli.slice(3), [
    "--transport",
    "http",
    "--header",
    "Authorization: Bearer t-inspector@example.com",
    "--method",
    "tools/list",
  ]);
  const as = await inspectorArgs(["--cli", "--as", "you@example.com", "--method", "tools/list"], token);
  assert.ok(as.includes("Authorization: Bearer t-you@example.com") && !as.includes("--as"));
  const own = await inspectorArgs(
    ["--cli", "--server-url", "http://x/mcp", "--header", "authorization: Bearer mine"],
    token,
  );
  assert.deepEqual(own, ["--cli", "--server-url", "http://x/mcp", "--header", "authorization: Bearer mine"]);
  assert.deepEqual(minted, ["inspector@example.com", "you@example.com", "inspector@example.com"]);

  minted.length = 0;
  const web = await inspectorArgs([], token);
  assert.deepEqual(web.slice(0, 2), ["--web", "--server-url"]);
  assert.ok(!web.includes("--header"), "the web page signs in by OAuth");
  assert.deepEqual(minted, []);
});

/** `npm run inspector -- --cli --method tools/list` against the test stack, stdin closed as in CI. */
async function cliTools(token: string): Promise<string[]> {
  const out = await new Deno.Command("npm", {
    args: ["run", "--silent", "inspector", "--", "--cli", "--method", "tools/list"],
    cwd: ROOT,
    env: { MCP_URL, MCP_TOKEN: token, NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, stderr);
  assert.doesNotMatch(stderr, /TTY/);
  return (JSON.parse(new TextDecoder().decode(out.stdout)).tools as { name: string }[]).map((t) => t.name);
}

Deno.test({
  name: "inspector: `npm run inspector -- --cli` lists the tools without a terminal",
  ignore: NO_STACK,
  fn: async () => {
    const user = await newUser("inspector.cli");
    const tools = await cliTools(user.token);
    assert.ok(tools.includes("whoami") && tools.includes("create_job"), tools.join(", "));
  },
});

Deno.test({
  name: "inspector: the web page signs in through the local sign-in page and lists the tools",
  ignore: NO_STACK,
  fn: async () => {
    const email = `inspector.web.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const user = await ensureUser(db(), email);
    await setPassword(db(), user.id, PASSWORD);
    const expected = await cliTools((await newUser("inspector.web.cli")).token);

    const port = String(freePort());
    // The script itself (what the npm script runs), so that its signal reaches the Inspector it starts.
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "scripts/inspector.ts"],
      cwd: ROOT,
      env: {
        MCP_URL,
        NO_COLOR: "1",
        CLIENT_PORT: port,
        MCP_SANDBOX_PORT: String(freePort()),
        MCP_APP_ORIGIN_PORT: String(freePort()),
        MCP_AUTO_OPEN_ENABLED: "false",
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    let printed = "";
    const output = Promise.all([
      (async () => {
        for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) printed += chunk;
      })(),
      new Response(child.stderr).text(),
    ]);
    try {
      // The launcher prints the page's address with its session token.
      const address = new RegExp(
        `http://(?:127\\.0\\.0\\.1|localhost):${port}/?\\?MCP_INSPECTOR_API_TOKEN=\\w+`,
      );
      for (let i = 0; i < 1800 && !address.test(printed); i++) await new Promise((r) => setTimeout(r, 100));
      const url = address.exec(printed)?.[0];
      assert.ok(url, printed);

      await withBrowser(async (context) => {
        const page = await context.newPage();
        await page.goto(url!);
        await page.getByText(new URL(MCP_URL).host, { exact: true }).waitFor();
        await page.getByRole("switch").first().click({ force: true });
        // The Inspector discovers the sign-in server from /mcp, registers itself and sends the page there.
        await page.getByRole("form", { name: "Sign in with a password" }).getByLabel("E-mail").fill(email);
        await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await page.getByRole("button", { name: "Sign in with password" }).click();
        await page.getByRole("button", { name: "Approve" }).click();
        await page.waitForURL(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${port}/`));
        await page.getByText("Connected", { exact: true }).waitFor();
        await page.getByText("Tools", { exact: true }).click();
        await page.getByText(`Tools (${expected.length})`).waitFor();
        for (const name of expected) await page.getByText(name, { exact: true }).first().waitFor();
      });
    } finally {
      child.kill("SIGTERM");
      await child.status;
      await output;
    }
  },
});
