import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import {
  beforeSpeakersClause,
  contestedThing,
  heading,
  learntSkill,
  ofMedium,
  pronounJoined,
} from "../../supabase/functions/_generator/compose-spec/name-rules.ts";
import { saysNothing } from "../../supabase/functions/_generator/compose-spec/general-name.ts";

const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;

Deno.test("what records are kept on today is a medium, in the five languages", () => {
  assert.equal(ofMedium("notebook", "en"), true);
  assert.equal(ofMedium("my spreadsheet", "en"), true);
  assert.equal(ofMedium("quaderno", "it"), true);
  assert.equal(ofMedium("un carnet", "fr"), true);
  assert.equal(ofMedium("libreta", "es"), true);
  assert.equal(ofMedium("Excel-Tabelle", "de"), true);
  // (A medium with a complement says what is kept on it; the records are no medium.)
  assert.equal(ofMedium("Carnet de santé", "fr"), false);
  assert.equal(ofMedium("Prenotazioni", "it"), false);
  assert.equal(ofMedium("Buchungen", "de"), false);
});

Deno.test("the medium records are kept on never names the app: the records do", () => {
  assert.equal(
    name("ho un b&b e faccio tutto su un quaderno, segno le prenotazioni con nome e date"),
    "Prenotazioni",
  );
  assert.doesNotMatch(
    name("i run a guest house and do everything in a notebook, i write down the room bookings"),
    /notebook/i,
  );
  assert.doesNotMatch(name("tengo una casa rural y apunto las reservas en una libreta"), /libreta/i);
  assert.doesNotMatch(name("je note les séances de piano de mes élèves sur un cahier"), /cahier/i);
  assert.doesNotMatch(name("Ich trage die Buchungen meiner Ferienwohnung bisher in ein Heft ein"), /heft/i);
});

Deno.test("what persons contend over is read after the verb of contending, in the five languages", () => {
  assert.equal(contestedThing("my two boys fight over the ipad every day", "en"), "ipad");
  assert.equal(contestedThing("i miei figli litigano per la playstation", "it"), "playstation");
  assert.equal(contestedThing("Mes deux fils se disputent pour la console.", "fr"), "console");
  assert.equal(contestedThing("mis hijos se pelean por la tablet", "es"), "tablet");
  assert.equal(contestedThing("meine zwei söhne streiten um die konsole", "de"), "konsole");
  assert.equal(contestedThing("my two boys share a room", "en"), "");
});

Deno.test("an app of persons who contend over a thing is named by the thing", () => {
  assert.equal(
    name("Mes deux fils se disputent pour la tablette, je voudrais limiter à 1h par jour chacun"),
    "Tablette",
  );
  assert.equal(name("meine zwei söhne streiten um die konsole, max 1 stunde am tag pro kind"), "Konsole");
  assert.equal(
    name("i miei due figli litigano per la playstation, vorrei segnare quanto giocano, max 1 ora al giorno"),
    "Playstation",
  );
  assert.equal(
    name("mi hija y mi hijo se pelean por la consola, quiero controlar cuanto juega cada uno"),
    "Consola",
  );
  assert.equal(name("my kids fight over the xbox, i want to log how long each one plays"), "Xbox");
  assert.equal(name("mes trois enfants se disputent la tablette"), "Tablette");
});

Deno.test("the skill the prompt opens on learning is read after the verb, or before it in German", () => {
  assert.equal(learntSkill("learning to touch type, want to log my wpm", 30, "en"), "touch type");
  assert.equal(learntSkill("sto imparando a suonare la chitarra, voglio segnare", 40, "it"), "chitarra");
  assert.equal(learntSkill("j'apprends la dactylo, je veux noter ma vitesse", 30, "fr"), "dactylo");
  assert.equal(learntSkill("estoy aprendiendo mecanografia y quiero registrar", 40, "es"), "mecanografia");
  assert.equal(learntSkill("zehnfingersystem lernen, möchte meine anschläge", 30, "de"), "zehnfingersystem");
  // (Only before the main ask: a skill named after it is no opening.)
  assert.equal(learntSkill("log my wpm, i am learning to touch type", 0, "en"), "");
});

Deno.test("an app of practice is named by the skill learnt, not the figure each session logs", () => {
  assert.equal(
    name("learning to touch type, want to log my wpm every day and see if i improve"),
    "Touch Type",
  );
  assert.equal(name("sto imparando la chitarra, voglio segnare quanto mi esercito ogni giorno"), "Chitarra");
  assert.equal(
    name("estoy aprendiendo mecanografia y quiero registrar mis pulsaciones por minuto"),
    "Mecanografia",
  );
  assert.equal(
    name("zehnfingersystem lernen, möchte meine anschläge pro minute festhalten"),
    "Zehnfingersystem",
  );
});

Deno.test("an infinitive with a pronoun joined to it is a verb and names nothing", () => {
  assert.equal(pronounJoined("Segnarle", "it"), true);
  assert.equal(pronounJoined("apuntarlos", "es"), true);
  assert.equal(pronounJoined("Spese", "it"), false);
  assert.equal(pronounJoined("Lugares", "es"), false);
  assert.equal(
    name("le spese di casa con mia moglie le teniamo su whatsapp, vorrei un app per segnarle"),
    "Spese di casa",
  );
});

Deno.test("a name ends before an and that opens the speaker's next clause", () => {
  const es = "tengo una casa rural y apunto las reservas en una libreta";
  assert.equal(beforeSpeakersClause("casa rural y apunto", es, "es"), "casa rural");
  const it = "ho un orto e segno le semine";
  assert.equal(beforeSpeakersClause("orto e segno", it, "it"), "orto");
  const en = "a garden and i log the harvest";
  assert.equal(beforeSpeakersClause("garden and i", en, "en"), "garden");
  // (Two nouns an "and" joins stay one name.)
  assert.equal(beforeSpeakersClause("pane e dolci", "vendo pane e dolci al mercato", "it"), "pane e dolci");
  assert.equal(name(es), "Casa rural");
});

Deno.test("the heading a prompt opens on names what the asks after it are for", () => {
  assert.equal(
    heading("reha nach knie op, übungen abhaken und schmerzen notieren", 0, 19, "de"),
    "reha nach knie op",
  );
  assert.equal(heading("riabilitazione spalla: esercizi e dolore", 0, 24, "it"), "riabilitazione spalla");
  // (Not a greeting, a speaker's clause, a list's first item nor a person with their age.)
  assert.equal(heading("Bonjour, je voudrais une appli", 8, 20, "fr"), "");
  assert.equal(heading("Faccio la sarta in casa, soprattutto riparazioni", 0, 40, "it"), "");
  assert.equal(heading("Our boiler, fridge and washing machine all have warranties", 0, 40, "en"), "");
  assert.equal(heading("Mia, 7, needs a chore chart", 0, 16, "en"), "");
  assert.match(name("reha nach knie op, übungen abhaken und schmerzen notieren"), /^Reha/);
});

Deno.test("the words of a field any record holds say nothing alone, in the five languages", () => {
  assert.equal(saysNothing("Due Dates", "en"), true);
  assert.equal(saysNothing("Scadenze", "it"), true);
  assert.equal(saysNothing("Échéances", "fr"), true);
  assert.equal(saysNothing("Fechas", "es"), true);
  assert.equal(saysNothing("Fristen", "de"), true);
  assert.equal(saysNothing("Passport Due Dates", "en"), false);
});

Deno.test("a relative clause the speaker is the subject of is cut from the name: the things it is about name it", () => {
  for (
    const [prompt, name] of [
      ["log the tips that i earn every night", "Tips"],
      ["voglio segnare le mance che prendo ogni sera", "Mance"],
      ["je veux noter les pourboires que je gagne chaque soir", "Pourboires"],
      ["quiero apuntar las propinas que gano cada noche en el bar y ver la media por semana", "Propinas"],
    ]
  ) {
    assert.equal(composeSpec(prompt, { tier: "light" }).spec.name, name, prompt);
  }
  assert.equal(beforeSpeakersClause("Propinas que gano", "", "es"), "Propinas");
  assert.equal(beforeSpeakersClause("Pourboires que je gagne", "", "fr"), "Pourboires");
  // (A relative clause of someone else's stays: it says which of the things.)
  assert.equal(beforeSpeakersClause("Libros que presta Ana", "", "es"), "Libros que presta Ana");
});
