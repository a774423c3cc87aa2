// The files a new project starts with: the template's own app, named after the project. Its spec has no
// prompts yet, so the project's first job makes the app from its prompt instead of changing this one.
import type { AppSpec } from "./template/src/types.ts";
import { composeApp } from "./compose.ts";
import { TEMPLATE_FILES } from "./template-files.ts";

const base = JSON.parse(TEMPLATE_FILES.find((file) => file.path === "app.spec.json")!.contents) as AppSpec;

export function defaultProjectFiles(
  name: string,
  description?: string,
): Promise<{ path: string; contents: string; type: string }[]> {
  return Promise.resolve(
    composeApp({ ...base, name, description: description || base.description, prompts: [] }),
  );
}
