import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

/** The concept a prompt names first, and that its app's records take that concept's telling field. */
const names = (prompt: string, id: string, field: string) => {
  assert.equal(understand(prompt).concepts[0]?.id, id, prompt);
  const { spec } = composeSpec(prompt, { tier: "light" });
  const labels = spec.entities.flatMap((e) => e.fields.map((f) => f.label));
  assert.ok(labels.includes(field), `${prompt}: ${labels.join(", ")}`);
};

Deno.test("things lent or borrowed are loans: who has them, since when, whether they came back", () => {
  names("a list of the stuff i lent to people", "lending", "Returned");
  names("I lend my tools to the neighbours and they never come back", "lending", "Lent to");
  names("gli attrezzi che ho prestato", "lending", "Restituito");
  names("les outils que j'ai prêtés", "lending", "Rendu");
  names("herramientas prestadas a los vecinos", "lending", "Devuelto");
  names("wem habe ich meine bohrmaschine verliehen", "lending", "Zurückgegeben");
});

Deno.test("books lent are first loans, however the books are named before the lending", () => {
  for (
    const [prompt, language] of [
      ["the books i lent to friends", "en"],
      ["libri prestati agli amici", "it"],
      ["les livres que j'ai prêtés", "fr"],
      ["los libros que he prestado", "es"],
      ["bücher, die ich verliehen habe", "de"],
    ] as const
  ) {
    const found = understand(prompt).concepts;
    assert.equal(found[0]?.id, "lending", prompt);
    assert.ok(found.some((c) => c.id === "book-reading"), `${prompt}: the books are still named`);
    assert.equal(understand(prompt).language, language, prompt);
  }
});

Deno.test("money lent or borrowed stays a debt, and a mortgage a loan", () => {
  assert.equal(understand("pay off my car loan and credit card debt").concepts[0]?.id, "debt");
  assert.equal(understand("il mutuo e i prestiti da pagare").concepts[0]?.id, "debt");
  assert.equal(understand("mes prêts et mensualités").concepts[0]?.id, "debt");
});

Deno.test("home brewing, kombucha and mead are brew batches with their gravities", () => {
  names("homebrew batches with gravity readings", "brew-batch", "Original gravity");
  names("my kombucha batches and how long they ferment", "brew-batch", "Final gravity");
  names("le cotte della mia birra fatta in casa", "brew-batch", "Densità iniziale");
  names("mes brassins de bière", "brew-batch", "Densité initiale");
  names("registro de cerveza casera", "brew-batch", "Densidad inicial");
  names("brauprotokoll", "brew-batch", "Stammwürze");
});

Deno.test("a dream journal keeps dreams, not the day's diary", () => {
  names("dream diary", "dream", "Lucid");
  names("i miei sogni ogni mattina", "dream", "Lucido");
  names("noter mes rêves", "dream", "Lucide");
  names("diario de sueños", "dream", "Lúcido");
  names("traumtagebuch", "dream", "Klartraum");
  assert.equal(understand("diario personale da scrivere ogni sera").concepts[0]?.id, "journal-entry");
  assert.equal(understand("horas de sueño cada noche").concepts[0]?.id, "sleep-log");
});

Deno.test("plant cuttings are kept by whether they rooted", () => {
  names("plant cuttings i'm rooting in water", "plant-cutting", "Rooted");
  names("talee di gerani", "plant-cutting", "Radicata");
  names("mes boutures de géranium", "plant-cutting", "Racinée");
  names("esquejes de potos", "plant-cutting", "Enraizado");
  names("meine stecklinge", "plant-cutting", "Bewurzelt");
});

Deno.test("contact lenses are pairs opened and due to be replaced", () => {
  names("contact lens tracker", "contact-lens", "Replace by");
  names("le mie lenti a contatto mensili", "contact-lens", "Da cambiare il");
  names("mes lentilles de contact", "contact-lens", "À changer le");
  names("mis lentillas mensuales", "contact-lens", "Cambiar el");
  names("monatslinsen wechseln", "contact-lens", "Wechseln am");
});

Deno.test("coffees and caffeine drunk are counted with their caffeine", () => {
  names("track my caffeine", "caffeine-intake", "Caffeine");
  names("tazzine di caffè al giorno", "caffeine-intake", "Caffeina");
  names("mes tasses de café", "caffeine-intake", "Caféine");
  names("consumo de café", "caffeine-intake", "Cafeína");
  names("mein kaffeekonsum", "caffeine-intake", "Koffein");
  assert.equal(understand("coffee tasting notes for each bean").concepts[0]?.id, "coffee-tasting");
});
