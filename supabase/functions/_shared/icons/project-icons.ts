// Generates a project's icon and assigns it. Routes await it; job creation may start it without waiting.
// Objects are content-addressed (`<project id>/<sha-256>.png` in the public `icons` bucket), so rendering
// the same name again rewrites the same object, and a replaced icon's object is removed.
import type { Deps } from "../deps.ts";

export interface ProjectIcon {
  project_id: number;
  icon_url: string;
}

/** Renders `name`, stores it and points the project at it; null when the project is gone meanwhile. */
export async function generateProjectIcon(
  deps: Pick<Deps, "db" | "blobStore" | "icons">,
  project: { id: number; name: string },
): Promise<ProjectIcon | null> {
  const { db, blobStore, icons } = deps;
  const png = await icons.render(project.name);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", png as BufferSource));
  const hash = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  const path = `${project.id}/${hash}.png`;
  await blobStore.put("icons", path, png, "image/png");
  const url = blobStore.publicUrl("icons", path);
  // Only the service writes icon_url: no user-callable function or column grant reaches it.
  const assigned = await db.asService(async (tx) =>
    (await tx`select private.set_project_icon(${project.id}, ${url}) as r`)[0].r as
      | { previous_icon_url: string | null }
      | null
  );
  if (!assigned) {
    await blobStore.remove("icons", [path]).catch(() => {});
    return null;
  }
  const previous = assigned.previous_icon_url &&
    blobStore.pathOfPublicUrl("icons", assigned.previous_icon_url);
  if (previous && previous !== path) {
    await blobStore.remove("icons", [previous]).catch((err) => console.error("icon cleanup failed", err));
  }
  return { project_id: project.id, icon_url: url };
}

/** Removes every icon object of a deleted project. */
export async function removeProjectIcons(deps: Pick<Deps, "blobStore">, projectId: number) {
  await deps.blobStore.removeFolder("icons", `${projectId}/`).catch((err) =>
    console.error("icon cleanup failed", err)
  );
}
