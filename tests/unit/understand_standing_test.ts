import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);

Deno.test("a cue that is one value of an alternative asks nothing", () => {
  const cases: [string, string][] = [
    ["a log of the fares i take, the passenger pays cash or card", "quiz"],
    ["registro dei coperti della sera, pagano in contanti o con carta", "quiz"],
    ["noter chaque vente du stand, payée en liquide ou par carte", "catalog"],
    ["apuntar cada venta del puesto, cobro en efectivo o con tarjeta", "quiz"],
    ["jede Fahrt eintragen, bezahlt in bar oder mit Karte", "quiz"],
  ];
  for (const [prompt, type] of cases) assert.ok(!types(prompt).includes(type as never), prompt);
});

Deno.test("two cues joined by or, or alternatives an article opens, each ask", () => {
  assert.ok(types("a timer or a stopwatch for my workouts").includes("timer"));
  assert.ok(types("track my weight with a chart or a table").includes("chart"));
});

Deno.test("a cue before a hyphen and the noun it qualifies asks nothing", () => {
  assert.ok(
    !types("eine Liste meiner Bücher mit Autor, den Punkte-Stand vom Lesewettbewerb führt die Schule")
      .includes(
        "people",
      ),
  );
  assert.ok(types("Stundenplan-App für die Klasse 7a").includes("schedule"));
});

Deno.test("a cue in what the speaker tells of their life asks nothing", () => {
  const cases: [string, string][] = [
    ["track my swims with laps and time. i already have a reminder on my watch", "reminder"],
    ["segnare le mie corse con km e tempo, mia sorella gioca in una squadra di basket", "people"],
    ["noter mes lectures avec titre et auteur, mon mari a déjà un rappel sur son téléphone", "reminder"],
    ["ich will meine Radtouren mit Strecke eintragen, ich fahre dienstags mit meinem Team", "people"],
    ["quiero apuntar mis gastos del coche, mi hijo juega en un equipo de fútbol", "people"],
    ["log my piano practice with minutes, she plays in a team on fridays", "schedule"],
    ["un diario dei pasti con calorie, lavoro il giovedì in ospedale", "schedule"],
  ];
  for (const [prompt, type] of cases) assert.ok(!types(prompt).includes(type as never), prompt);
});

Deno.test("the speaker's own verb of keeping, a counted group and what they need still ask", () => {
  assert.ok(types("I track my moods every evening").includes("log"));
  assert.ok(types("the kids get chores and they can tick them off").includes("yesno"));
  assert.ok(types("I manage a crew of 12 people, each with a phone number").includes("people"));
  assert.ok(types("i want a rota for the dishes").includes("schedule"));
  assert.ok(types("que me avise dos días antes de cada cita").includes("reminder"));
  assert.ok(types("I have two cats, each with a photo").includes("photo"));
  assert.ok(types("my mum takes her pills at 8 and 20").includes("reminder"));
});

Deno.test("a cue or a time in a clause that says why asks nothing", () => {
  const cases: [string, string][] = [
    ["log my blood sugar after meals because my nurse checks the averages", "aggregate"],
    ["log my blood sugar every morning because my shift starts at 7", "reminder"],
    ["una lista della spesa perché il venerdì vado al mercato", "schedule"],
    ["suivi de mes plantes parce que mon équipe les arrose le lundi", "people"],
    ["lista de mis libros porque el martes tengo club de lectura", "schedule"],
    ["Liste meiner Pflanzen, weil meine Kollegen im Team sie gießen", "people"],
  ];
  for (const [prompt, type] of cases) assert.ok(!types(prompt).includes(type as never), prompt);
});
