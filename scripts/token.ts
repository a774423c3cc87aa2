// `npm run token -- <email> [<password>]`: a user of the local stack (created through auth.users, so the
// signup trigger runs) and an access token for it, signed with the local key. The password is for the
// local sign-in page (OAuth clients such as MCP agents): the one given, or a new one when the user had none.
import { join } from "node:path";
import postgres from "postgres";
import { ensureLocalKey, mintAccessToken } from "./local/keys.ts";
import { ROOT } from "./local/stack.ts";
import { ensureUser, hasPassword, setPassword } from "./local/users.ts";

const email = Deno.args[0]?.trim().toLowerCase();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error("usage: npm run token -- <email> [<password>]");
  Deno.exit(2);
}
// The stack `npm start` runs, or another one's directory and ports (LOCAL_STACK_DIR, PG_PORT, GATEWAY_PORT).
const dir = Deno.env.get("LOCAL_STACK_DIR") ?? join(ROOT, ".local");
const pgPort = Number(Deno.env.get("PG_PORT") ?? 54322);
const gatewayPort = Number(Deno.env.get("GATEWAY_PORT") ?? 54321);
let dbPassword: string;
try {
  dbPassword = (await Deno.readTextFile(join(dir, "pg", "password"))).trim();
} catch {
  console.error("no local stack here yet: run `npm start` first");
  Deno.exit(1);
}
const sql = postgres(`postgres://postgres:${encodeURIComponent(dbPassword)}@127.0.0.1:${pgPort}/postgres`, {
  prepare: false,
  onnotice: () => {},
  max: 1,
});
try {
  const user = await ensureUser(sql, email);
  let password = Deno.args[1];
  if (!password && !(await hasPassword(sql, user.id))) {
    password = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(12)))).replace(/[+/=]/g, "");
  }
  if (password) await setPassword(sql, user.id, password);
  const key = await ensureLocalKey(dir);
  const accessToken = await mintAccessToken(key, `http://127.0.0.1:${gatewayPort}/auth/v1`, {
    id: user.id,
    email,
  });
  const printed = { user_id: user.id, email, ...(password ? { password } : {}), access_token: accessToken };
  console.log(JSON.stringify(printed, null, 2));
} catch (err) {
  console.error(`could not reach the local database (is \`npm start\` running?): ${(err as Error).message}`);
  Deno.exitCode = 1;
} finally {
  await sql.end();
}
