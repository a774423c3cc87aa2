import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const spec = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec;

Deno.test("an activity said by its verb names the app by its noun in the prompt's language", () => {
  const cases: [string, string][] = [
    ["meditate 15 minutes every night", "Meditation"],
    ["i want to meditate every morning", "Meditation"],
    ["practice guitar every day", "Guitar practice"],
    ["meditare 20 minuti ogni sera", "Meditazione"],
    ["leggere un'ora al giorno", "Lettura"],
    ["nuotare tre volte a settimana", "Nuoto"],
    ["méditer tous les soirs 15 minutes", "Méditation"],
    ["nager 3 fois par semaine", "Natation"],
    ["lire une heure par jour", "Lecture"],
    ["meditar 15 minutos cada noche", "Meditación"],
    ["leer una hora al día", "Lectura"],
    ["estudiar francés 30 minutos al día", "Estudio de francés"],
    ["jeden abend 15 minuten meditieren", "Meditation"],
    ["jeden Tag eine Stunde lesen", "Lesen"],
    ["zweimal pro woche joggen gehen", "Joggen"],
  ];
  for (const [prompt, name] of cases) assert.equal(spec(prompt).name, name, prompt);
});

Deno.test("records no concept knows of an activity said by its verb are its sessions", () => {
  const cases: [string, string][] = [
    ["practice guitar every day", "Sessions"],
    ["leggere un'ora al giorno", "Sessioni"],
    ["leer una hora al día", "Sesiones"],
    ["jeden Tag eine Stunde lesen", "Einheiten"],
  ];
  for (const [prompt, plural] of cases) assert.equal(spec(prompt).entities[0].plural, plural, prompt);
});

Deno.test("a concept's records named by the user's verb keep the concept's word", () => {
  for (const prompt of ["meditate 15 minutes every night", "i want to meditate every morning"]) {
    assert.equal(spec(prompt).entities[0].label, "Session", prompt);
  }
});

Deno.test("a noun that is also a verb, said as a noun, keeps the name it had", () => {
  // (A name that opens on what is kept, "run log", or a noun that no verb opener precedes.)
  for (
    const [prompt, name] of [["a run log with distance and time", "Run"], [
      "study planner for exams",
      "Study Planner",
    ]]
  ) {
    assert.ok(spec(prompt).name.startsWith(name), `${prompt}: ${spec(prompt).name}`);
  }
});
