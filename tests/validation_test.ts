// Request validation across the document: every route refuses a malformed path id and a body of another
// media type the same way, before it looks anything up. Driven by /openapi.json, so a new route is covered.
import assert from "node:assert/strict";
import { api, documentedOperations, expectError, newUser, NO_STACK, unusedPath } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

const user = NO_STACK ? undefined! : await newUser("validation");
const operations = NO_STACK ? [] : (await documentedOperations()).filter((op) => op.secured);

t("every route with a path id answers 400 invalid_request to a malformed one", async () => {
  const withIds = operations.filter((op) => op.params.length > 0);
  assert(withIds.length > 10, `only ${withIds.length} operations take a path id`);
  for (const op of withIds) {
    assert(op.statuses.includes("400"), `${op.method} ${op.template} does not document 400`);
    for (const { name } of op.params) {
      for (const malformed of ["not-an-id", "0", "-1", "1.5", " "]) {
        const res = await api(op.method, unusedPath(op, { [name]: malformed }), { token: user.token });
        const where = `${op.method} ${op.template} with {${name}} = "${malformed}"`;
        assert.equal(res.status, 400, `${where}: ${res.text}`);
        expectError(res, 400, "invalid_request");
        const issues = (res.body as { details?: { issues?: { path: string }[] } }).details?.issues ?? [];
        assert(issues.some((i) => i.path === name), `${where}: ${res.text}`);
      }
    }
  }
});

t(
  "every route taking a body answers 415 unsupported_media_type to another media type, naming those it takes",
  async () => {
    const withBody = operations.filter((op) => op.bodyTypes.length > 0);
    assert(withBody.filter((op) => op.bodyTypes.includes("application/json")).length > 15);
    for (const op of withBody) {
      assert(op.statuses.includes("415"), `${op.method} ${op.template} does not document 415`);
      for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
        const res = await api(op.method, unusedPath(op), {
          token: user.token,
          body: "{}",
          headers: { "content-type": type },
        });
        const where = `${op.method} ${op.template} with ${type}`;
        expectError(res, 415, "unsupported_media_type");
        assert.deepEqual((res.body as { details?: unknown }).details, { accepted: op.bodyTypes }, where);
        assert.match((res.body as { message: string }).message, new RegExp(op.bodyTypes[0]), where);
        const header = ({ POST: "accept-post", PATCH: "accept-patch" } as Record<string, string>)[op.method];
        if (header) assert.equal(res.headers.get(header), op.bodyTypes.join(", "), where);
      }
    }
  },
);
