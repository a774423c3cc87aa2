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

t("every route taking a JSON body answers 415 unsupported_media_type to another media type", async () => {
  const json = operations.filter((op) => op.bodyTypes.includes("application/json"));
  assert(json.length > 15, `only ${json.length} operations take JSON`);
  for (const op of json) {
    assert(op.statuses.includes("415"), `${op.method} ${op.template} does not document 415`);
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await api(op.method, unusedPath(op), {
        token: user.token,
        body: "{}",
        headers: { "content-type": type },
      });
      expectError(res, 415, "unsupported_media_type");
    }
  }
});
