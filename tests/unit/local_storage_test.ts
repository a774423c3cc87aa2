// The local blob store keeps every object inside its bucket's folder, whatever path it is handed.
import assert from "node:assert/strict";
import { join } from "node:path";
import { existsSync } from "node:fs";
import { LocalBlobStore } from "../../supabase/functions/_shared/adapters/local-storage.ts";

Deno.test("the local blob store refuses paths with .., a leading slash, a backslash or a control character", async () => {
  const root = await Deno.makeTempDir();
  try {
    const store = new LocalBlobStore(root, "http://127.0.0.1:1");
    await store.put("attachments", "victim/k/1.png", new Uint8Array([1]), "image/png");
    for (
      const path of [
        "me/../victim/k/1.png",
        "..",
        "/victim/k/1.png",
        "me\\..\\victim",
        "me/a\u0000",
        "me/a\r",
      ]
    ) {
      await assert.rejects(
        store.put("attachments", path, new Uint8Array([2]), "image/png"),
        /unsafe object path/,
      );
      await assert.rejects(store.get("attachments", path), /unsafe object path/);
      await assert.rejects(store.remove("attachments", [path]), /unsafe object path/);
      await assert.rejects(store.removeFolder("attachments", path), /unsafe object path/);
    }
    assert.deepEqual(await store.get("attachments", "victim/k/1.png"), new Uint8Array([1]));
    assert.ok(existsSync(join(root, "attachments", "victim/k/1.png")));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
