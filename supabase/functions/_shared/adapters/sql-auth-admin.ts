// Account removal on the embedded stack, where `auth.users` is ours: the row goes, the cascade follows.
import type { Db } from "../db.ts";
import type { AuthAdmin } from "../ports/auth-admin.ts";

export class SqlAuthAdmin implements AuthAdmin {
  constructor(private readonly db: Db) {}

  async deleteUser(userId: string) {
    await this.db.sql`delete from auth.users where id = ${userId}`;
  }
}
