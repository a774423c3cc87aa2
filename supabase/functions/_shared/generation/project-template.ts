// The files a new project starts with: the offline template, built from the project's name and description.
import { TemplateGenerator } from "./template-generator.ts";

const template = new TemplateGenerator();

export async function defaultProjectFiles(
  name: string,
  description?: string,
): Promise<{ path: string; contents: string; type: string }[]> {
  const prompt = `A mobile app called ${name}.${description ? ` ${description}` : ""}`;
  const generated = await template.generate({
    prompt,
    appName: name,
    model: "light",
    attachments: [],
    existingFiles: [],
  });
  return generated.files.map(({ path, contents, type }) => ({ path, contents, type }));
}
