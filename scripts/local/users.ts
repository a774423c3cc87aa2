// Local-stack users: created through auth.users, so the signup trigger gives them a profile and a wallet.
import type postgres from "postgres";

/** Sets the password the local sign-in page checks (bcrypt, as Supabase Auth stores it). */
export async function setPassword(sql: postgres.Sql, userId: string, password: string) {
  await sql`
    update auth.users set encrypted_password = extensions.crypt(${password}, extensions.gen_salt('bf'))
    where id = ${userId}`;
}

/** Whether the user can sign in with a password on the local sign-in page. */
export async function hasPassword(sql: postgres.Sql, userId: string): Promise<boolean> {
  const [row] = await sql`select encrypted_password is not null as set from auth.users where id = ${userId}`;
  return row?.set === true;
}

export async function ensureUser(sql: postgres.Sql, email: string): Promise<{ id: string; email: string }> {
  const [user] = await sql`
    with existing as (select id from auth.users where email = ${email}),
    created as (
      insert into auth.users (email, email_confirmed_at)
      select ${email}, now() where not exists (select from existing)
      returning id
    )
    select id from existing union all select id from created`;
  return { id: user.id, email };
}
