// Local-stack users: created through auth.users, so the signup trigger gives them a profile and a wallet.
import type postgres from "postgres";

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
