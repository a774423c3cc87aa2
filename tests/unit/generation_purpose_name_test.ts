import assert from "node:assert/strict";
import { changeSpec, composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { withoutCurrency } from "../../supabase/functions/_generator/compose-spec/amount-name.ts";
import { opensWantedClause } from "../../supabase/functions/_generator/compose-spec/wanted-clause.ts";
import { saysWhoTheyAre } from "../../supabase/functions/_generator/compose-spec/setting.ts";

const spec = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec;
const translated = (base: string, followUp: string) => changeSpec(spec(base), followUp).spec;

Deno.test("a translation names the app in the new language from the same subject", () => {
  const cases: [string, string, string, string][] = [
    // base prompt, follow-up, UI language after, name
    [
      "I keep bees, three hives. log each inspection: date, hive, queen seen, honey frames, notes",
      "make it in german please",
      "de",
      "Imkerei",
    ],
    [
      "ho un apiario con cinque arnie e voglio segnare ogni ispezione: data, arnia, regina vista, note",
      "fallo in inglese",
      "en",
      "Beekeeping",
    ],
    [
      "j'ai des ruches et je note chaque visite : date, ruche, reine vue, cadres de miel",
      "mets-la en allemand",
      "de",
      "Imkerei",
    ],
    [
      "tengo colmenas y quiero apuntar cada revisión: fecha, colmena, reina vista, notas",
      "ponla en inglés",
      "en",
      "Beekeeping",
    ],
    [
      "Ich habe drei Bienenvölker und will jede Durchsicht notieren: Datum, Volk, Königin gesehen, Notizen",
      "mach sie auf italienisch",
      "it",
      "Apicoltura",
    ],
  ];
  for (const [base, followUp, language, name] of cases) {
    const made = translated(base, followUp);
    assert.equal(made.language, language, followUp);
    assert.equal(made.name, name, base);
  }
  // (A word of the old name that another concept also uses names that one only if the prompts name it:
  // a hive's "visite" is no restaurant's.)
  assert.notEqual(
    translated("j'ai des ruches et je note chaque visite : date, ruche, reine vue", "mets-la en allemand")
      .name,
    "Restaurant",
  );
});

Deno.test("a name never opens on the verb of a clause the speaker wants done, nor on words of trying", () => {
  const cases: [string, RegExp][] = [
    ["quiero que cada noche marque si ha cenado y si se ha tomado las pastillas", /marque|tomado/i],
    [
      "My wife and I are trying to watch every Best Picture winner. Something to tick them off and each give our own score out of 10.",
      /trying/i,
    ],
    ["estamos intentando ver todas las películas de Hitchcock, quiero marcarlas y puntuarlas", /intentando/i],
  ];
  for (const [prompt, verb] of cases) {
    const name = spec(prompt).name;
    assert.doesNotMatch(name, verb, prompt);
  }
  assert.equal(
    spec(
      "My wife and I are trying to watch every Best Picture winner. Something to tick them off and each give our own score out of 10.",
    ).name,
    "Best Picture",
  );
  // The reading itself, in each language.
  assert.equal(opensWantedClause("Segni", "voglio che ogni sera segni se ho fatto stretching", "it"), true);
  assert.equal(opensWantedClause("Marque", "quiero que cada noche marque si ha cenado", "es"), true);
  assert.equal(opensWantedClause("Note", "je veux que chaque soir note si elle a mangé", "fr"), true);
  assert.equal(opensWantedClause("Trying", "we are trying to read every Booker winner", "en"), true);
  assert.equal(opensWantedClause("Versuche", "ich versuche jeden tag zu laufen", "de"), true);
  // (A noun after a determiner in that clause is no verb: "que la lista".)
  assert.equal(opensWantedClause("Lista", "quiero que la lista tenga fechas", "es"), false);
  assert.equal(
    opensWantedClause("Stretching", "voglio che ogni sera segni se ho fatto stretching", "it"),
    false,
  );
});

Deno.test("the setting the speaker has names the app over the records its sentence counts", () => {
  assert.equal(
    spec(
      "Ho un piccolo frutteto in collina, 30 piante tra meli e peri. Vorrei un registro dei trattamenti: data, prodotto e dose.",
    ).name,
    "Frutteto",
  );
  // (Who the speaker is gives way to the records counted: "sono una maestra, ho 22 alunni".)
  assert.equal(spec("sono una maestra, ho 22 alunni e voglio segnare i voti").name, "Alunni");
  assert.equal(saysWhoTheyAre("sono una", "it"), true);
  assert.equal(saysWhoTheyAre("Ho un", "it"), false);
  assert.equal(saysWhoTheyAre("I'm a", "en"), true);
  assert.equal(saysWhoTheyAre("I have a", "en"), false);
  assert.equal(saysWhoTheyAre("je suis", "fr"), true);
  assert.equal(saysWhoTheyAre("j'ai un", "fr"), false);
  assert.equal(saysWhoTheyAre("soy", "es"), true);
  assert.equal(saysWhoTheyAre("tengo una", "es"), false);
  assert.equal(saysWhoTheyAre("ich bin", "de"), true);
  assert.equal(saysWhoTheyAre("wir haben einen", "de"), false);
});

Deno.test("a quiz is named by what it asks, not by what the speaker studies", () => {
  assert.equal(
    spec("Ich studiere Medizin und muss für Anatomie die Knochen lernen. Mach mir Karteikarten mit Bild")
      .name,
    "Knochen",
  );
  assert.equal(
    spec("I study law and have to learn the latin phrases. make me flashcards").name,
    "Latin Phrases",
  );
});

Deno.test("a currency that opens a name is the unit of an amount, not the subject", () => {
  assert.equal(
    spec("mein sohn bekommt 3 euro taschengeld pro woche, ich will aufschreiben was er ausgibt").name,
    "Taschengeld",
  );
  assert.equal(
    spec("mon fils reçoit 5 euros d'argent de poche par semaine, je veux noter ce qu'il dépense").name,
    "Argent de poche",
  );
  assert.equal(withoutCurrency("Euro Taschengeld", "bekommt 3 euro taschengeld", "de"), "Taschengeld");
  assert.equal(withoutCurrency("Dollars pocket money", "gets 5 dollars pocket money", "en"), "pocket money");
  assert.equal(withoutCurrency("euro di paghetta", "riceve 5 euro di paghetta", "it"), "paghetta");
  assert.equal(withoutCurrency("euros de paga", "recibe 5 euros de paga", "es"), "paga");
  // (Not a currency no number counts: "Euro 2024 sticker album" keeps it.)
  assert.equal(withoutCurrency("Euro stickers", "my euro stickers album", "en"), "Euro stickers");
});
