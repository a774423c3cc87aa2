import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

/** The app's choice fields, label and options. */
const choiceFields = (prompt: string) =>
  composeSpec(prompt, { tier: "light" }).spec.entities.flatMap((e) =>
    e.fields.filter((f) => f.type === "choice").map((f) => `${f.label}: ${f.options!.join(", ")}`)
  );

Deno.test("values offered for a named field are that field's options, not the records' own choice", () => {
  const cases: [string, string][] = [
    ["track my book reading, language (english, italian, spanish)", "Language: english, italian, spanish"],
    [
      "registro delle mie letture con formato (cartaceo, ebook, audiolibro)",
      "Formato: cartaceo, ebook, audiolibro",
    ],
    ["je note mes vins, robe rouge/blanc/rosé", "Robe: rouge, blanc, rosé"],
  ];
  for (const [prompt, field] of cases) assert.ok(choiceFields(prompt).includes(field), prompt);
});
