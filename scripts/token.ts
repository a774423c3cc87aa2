// `npm run token -- <email> [<password>]`: a user of the local stack (created through auth.users, so the
// signup trigger runs) and an access token for it, signed with the local key. The password is for the
// local sign-in page (OAuth clients such as MCP agents): the one given, or a new one when the user had none.
import { join } from "node:path";
import postgres from "postgres";
import { ensureLocalKey, mintAccessToken } from "./local/keys.ts";
import { ROOT } from "./local/stack.ts";
import { ensureUser, hasPassword, setPassword } from "./local/users.ts";

// The stack `npm start` runs, or another one's directory and ports (LOCAL_STACK_DIR, PG_PORT, GATEWAY_PORT).
const dir = Deno.env.get("LOCAL_STACK_DIR") ?? join(ROOT, ".local");
/** The local stack's gateway port (`npm start`'s). */
export const GATEWAY_PORT = Number(Deno.env.get("GATEWAY_PORT") ?? 54321);
const pgPort = Number(Deno.env.get("PG_PORT") ?? 54322);

export interface LocalToken {
  user_id: string;
  email: string;
  /** Set when given, or new because the user had none. */
  password?: string;
  access_token: string;
}

/** The local stack's user of that e-mail (created when missing) and an access token for it. */
export async function localToken(email: string, password?: string): Promise<LocalToken> {
  let dbPassword: string;
  try {
    dbPassword = (await Deno.readTextFile(join(dir, "pg", "password"))).trim();
  } catch {
    throw new Error("no local stack here yet: run `npm start` first");
  }
  const sql = postgres(`postgres://postgres:${encodeURIComponent(dbPassword)}@127.0.0.1:${pgPort}/postgres`, {
    prepare: false,
    onnotice: () => {},
    max: 1,
  });
  try {
    const user = await ensureUser(sql, email).catch((err) => {
      throw new Error(`could not reach the local database (is \`npm start\` running?): ${err.message}`);
    });
    if (!password && !(await hasPassword(sql, user.id))) {
      password = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(12)))).replace(
        /[+/=]/g,
        "",
      );
    }
    if (password) await setPassword(sql, user.id, password);
    const key = await ensureLocalKey(dir);
    const accessToken = await mintAccessToken(key, `http://127.0.0.1:${GATEWAY_PORT}/auth/v1`, {
      id: user.id,
      email,
    });
    return { user_id: user.id, email, ...(password ? { password } : {}), access_token: accessToken };
  } finally {
    await sql.end();
  }
}

if (import.meta.main) {
  const email = Deno.args[0]?.trim().toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    console.error("usage: npm run token -- <email> [<password>]");
    Deno.exit(2);
  }
  try {
    console.log(JSON.stringify(await localToken(email, Deno.args[1]), null, 2));
  } catch (err) {
    console.error((err as Error).message);
    Deno.exit(1);
  }
}
