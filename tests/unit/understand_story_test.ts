import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { storyEnd } from "../../supabase/functions/_generator/understand/story.ts";

const subjects = (prompt: string) => understand(prompt).asks.filter((a) => a.subject).map((a) => a.subject);

Deno.test("a story ends where the first sentence that asks starts, in every language", () => {
  const cases: [string, "en" | "it" | "fr" | "es" | "de", string][] = [
    ["My uncle keeps bees in the hills. Can you make an app for the honey jars he sells?", "en", "Can"],
    ["mia nonna ha 90 anni. vorrei un'app per le sue medicine", "it", "vorrei"],
    ["Nous avons un voilier. Je voudrais noter chaque sortie en mer", "fr", "Je"],
    ["mi hermano colecciona sellos. hazme una app para sus sellos", "es", "hazme"],
    ["Mein Vater hat einen Schrebergarten. Ich brauche eine App für die Ernte", "de", "Ich"],
  ];
  for (const [prompt, language, request] of cases) {
    assert.equal(storyEnd(prompt, language), prompt.indexOf(request), prompt);
  }
});

Deno.test("a request joined to its story by a comma or 'and' starts after the joint", () => {
  const cases: [string, "en" | "it" | "fr" | "es" | "de", string][] = [
    ["i coach a kids football team and i want to log every match", "en", "i want"],
    ["mio marito fa il turno di notte, e vorrei segnare i suoi orari", "it", "vorrei"],
    ["on a deux lapins et je dois noter leurs repas", "fr", "je dois"],
    ["me mudo a lisboa en marzo y quiero apuntar los gastos de la mudanza", "es", "quiero"],
    ["Wir haben drei Hühner und ich will die Eier zählen", "de", "ich will"],
  ];
  for (const [prompt, language, request] of cases) {
    assert.equal(storyEnd(prompt, language), prompt.indexOf(request), prompt);
  }
});

Deno.test("no story where the prompt opens on its request or its first sentence is no situation", () => {
  assert.equal(storyEnd("I want an app for my plants. They need water.", "en"), undefined);
  assert.equal(storyEnd("Timer for the sauna. I want rounds of 12 minutes.", "en"), undefined);
  assert.equal(storyEnd("My cat is old and sleeps a lot.", "en"), undefined);
  assert.equal(storyEnd("Hi! I want to track my reading", "en"), undefined);
  assert.equal(storyEnd("mon atelier de poterie et je veux noter les cuissons", "fr"), undefined);
});

Deno.test("the request's records are the main ask; a story's noun it never refers to is context", () => {
  assert.deepEqual(subjects("I run a tiny pottery studio. I want to log the kiln firings"), ["kiln firings"]);
  assert.deepEqual(
    subjects("Ho un negozio di biciclette in centro. Vorrei registrare le riparazioni"),
    ["riparazioni"],
  );
});

Deno.test("a story's ask the request refers to comes first; one that counts things comes after", () => {
  const kept = subjects("We keep 4 hives behind the house. I want to note each inspection of a hive");
  assert.equal(kept[0], "hives");
  const counted = subjects(
    "Je loue trois studios à des étudiants. Je voudrais noter chaque loyer reçu avec la date",
  );
  assert.equal(counted[0], "loyer reçu");
  assert.ok(counted.includes("studios"), counted.join());
});
