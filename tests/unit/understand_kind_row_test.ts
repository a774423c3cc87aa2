import assert from "node:assert/strict";
import { clauses } from "../../supabase/functions/_generator/understand/clauses.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import type { UiLanguage } from "../../supabase/functions/_generator/understand/language.ts";
import { fold } from "../../supabase/functions/_generator/understand/text.ts";

/** The subjects of the lists of records a prompt asks, folded. */
const listed = (prompt: string) =>
  understand(prompt).asks.filter((a) => a.type === "list" || a.type === "log").map((a) =>
    fold(a.subject ?? "")
  );
/** The entities' labels, folded. */
const labels = (prompt: string) =>
  composeSpec(prompt, { tier: "light" }).spec.entities.map((e) => fold(e.label));
/** The field keys of the entity whose label starts as `label`. */
const fieldsOf = (prompt: string, label: string) =>
  composeSpec(prompt, { tier: "light" }).spec.entities.find((e) => fold(e.label).startsWith(label))?.fields
    .map((
      f,
    ) => fold(f.label));

Deno.test("a row of kinds, each with its brackets or its own 'with', is a clause of records per kind", () => {
  const cases: [string, UiLanguage, string[]][] = [
    ["for the cat: vet trips (date, reason, cost), flea treatments with date, and weighings", "en", [
      "vet trips (date, reason, cost)",
      "flea treatments with date",
      "and weighings",
    ]],
    ["per il cane: visite dal veterinario (data, motivo), vaccini con data e passeggiate", "it", [
      "visite dal veterinario (data, motivo)",
      "vaccini con data",
      "e passeggiate",
    ]],
    ["pour le bébé : visites chez le pédiatre (date, poids, taille), vaccins avec date et siestes", "fr", [
      "visites chez le pédiatre (date, poids, taille)",
      "vaccins avec date",
      "et siestes",
    ]],
    ["para el coche: reparaciones (fecha, taller, precio), seguros con fecha y multas", "es", [
      "reparaciones (fecha, taller, precio)",
      "seguros con fecha",
      "y multas",
    ]],
    ["Verein: Spiele (Datum, Gegner, Ergebnis), Trainings mit Dauer und Verletzungen", "de", [
      "Spiele (Datum, Gegner, Ergebnis)",
      "Trainings mit Dauer",
      "und Verletzungen",
    ]],
  ];
  for (const [prompt, language, kinds] of cases) {
    const parts = clauses(prompt, language).filter((c) => c.records);
    assert.deepEqual(parts.map((c) => c.text), kinds, prompt);
  }
});

Deno.test("a noun of records named bare after kinds with their fields is a list of its own", () => {
  const cases: [string, string][] = [
    ["for my horse: farrier visits (date, cost), vaccinations with date and rides", "rides"],
    ["squadra: partite con data e risultato, allenamenti (data, durata) e infortuni", "infortuni"],
    ["suivi de l'appart : factures avec montant et date, réparations (date, coût) et dépenses", "depenses"],
    ["para mi madre: citas (fecha, médico), medicinas con hora y las caídas", "caidas"],
    ["Reise: Etappen mit Datum und Ort, Unterkünfte (Preis, Bewertung) und Ausgaben", "ausgaben"],
  ];
  for (const [prompt, kind] of cases) {
    assert.ok(listed(prompt).includes(kind), `${prompt}: ${listed(prompt).join(", ")}`);
  }
});

Deno.test("each kind in a row is an entity of its own, with its fields, though one concept names two", () => {
  const job = "track my job hunt: applications (company, role, date sent), interviews with date and notes";
  assert.ok(labels(job).some((l) => l.startsWith("interview")), labels(job).join(", "));
  assert.ok(fieldsOf(job, "interview")?.includes("notes"), job);
  const de = "Jobsuche: Bewerbungen mit Firma und Datum, Vorstellungsgespräche mit Datum und Notizen";
  assert.ok(labels(de).some((l) => l.startsWith("vorstellungsgesprach")), labels(de).join(", "));
  const fr = "carnet de route : étapes avec date, lieu et km, hôtels avec prix";
  assert.ok(labels(fr).some((l) => l.startsWith("etape")), labels(fr).join(", "));
  assert.ok(fieldsOf(fr, "etape")?.includes("km"), fr);
  const es =
    "para el equipo: partidos con fecha, rival y resultado, entrenamientos (fecha, duración) y lesiones";
  assert.ok(labels(es).some((l) => l.startsWith("partido")), labels(es).join(", "));
  assert.ok(labels(es).some((l) => l.startsWith("lesion")), labels(es).join(", "));
  const it =
    "per la squadra di calcetto: partite con data, avversario e risultato, allenamenti (data, durata)";
  assert.ok(fieldsOf(it, "partit")?.includes("avversario"), labels(it).join(", "));
});

Deno.test("fields stay fields: a field's brackets, a field's word, a row of one kind", () => {
  const cases: [string, UiLanguage][] = [
    ["expenses with amount, category (food, rent, fun) and notes", "en"],
    ["log workouts with exercise, sets (reps, weight) and date", "en"],
    ["spese con importo, categoria (cibo, affitto) e note", "it"],
    ["mes lectures avec titre, auteur et note", "fr"],
    ["mis libros con título, autor y fecha", "es"],
    ["Einkäufe mit Preis, Laden und Datum", "de"],

    // (A noun of records bare after one kind's fields, with no row of kinds yet, is its field.)
    ["my dog: walks with date, distance and visits", "en"],
  ];
  for (const [prompt, language] of cases) {
    assert.equal(clauses(prompt, language).filter((c) => c.records).length <= 1, true, prompt);
  }
  // (A phrase a noun of records ends but does not head is no kind: "e se serve la prenotazione".)
  const trains =
    "ci serve: le tappe con città e date, i treni con orario di partenza e se serve la prenotazione";
  assert.deepEqual(clauses(trains, "it").filter((c) => c.records).map((c) => c.text), [
    "le tappe con città e date",
    "i treni con orario di partenza e se serve la prenotazione",
  ]);
});
