// Prompts in the languages the knowledge names subjects in but the reader does not read (understand/foreign.ts):
// the app is the subject's, in English, and says what it fell back from and what it did not read (the asks the
// gloss reads are tested in understand_gloss_test.ts).
import assert from "node:assert/strict";
import { composeSpec, refusal } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { detectLanguage } from "../../supabase/functions/_generator/understand/language.ts";
import { otherConcepts, otherVote } from "../../supabase/functions/_generator/understand/foreign.ts";
import { lexiconVote } from "../../supabase/functions/_generator/understand/lexicon.ts";

/** Prompt, language, concept, the English name's word. */
const CASES: [string, string, string, RegExp][] = [
  ["quero anotar as minhas corridas no parque", "pt", "run", /run/i],
  ["controle das minhas plantas de casa", "pt", "houseplant", /plant/i],
  ["ik wil mijn gewicht bijhouden elke week", "nl", "body-weight", /weight/i],
  ["verjaardagen van de hele familie onthouden", "nl", "birthday", /birthday/i],
  ["chcę zapisywać moje biegi w parku", "pl", "run", /run/i],
  ["lista prezentów na święta dla rodziny", "pl", "gift-idea", /gift/i],
  ["jag vill logga min sömn varje natt", "sv", "sleep-log", /sleep/i],
  ["födelsedagar för hela familjen", "sv", "birthday", /birthday/i],
  ["jeg vil registrere mit blodtryk hver morgen", "da", "blood-pressure", /blood pressure/i],
  ["madplan til hele ugen", "da", "meal-plan", /meal/i],
  ["jeg har lyst til å føre logg over søvnen min hver natt", "no", "sleep-log", /sleep/i],
  ["handleliste til helgen", "no", "shopping-item", /shopping/i],
  ["her sabah tansiyonumu kaydetmek istiyorum", "tr", "blood-pressure", /blood pressure/i],
  ["kitap okuma listem ve notlarım", "tr", "book-reading", /book/i],
  ["毎朝の血圧を記録したい", "ja", "blood-pressure", /blood pressure/i],
  ["家族の誕生日を忘れないように", "ja", "birthday", /birthday/i],
  ["хочу записывать свой вес каждую неделю", "ru", "body-weight", /weight/i],
  ["дни рождения всей семьи и друзей", "ru", "birthday", /birthday/i],
];

for (const [prompt, language, concept, name] of CASES) {
  Deno.test(`a prompt in ${language} gets the app of its subject, in English: ${prompt}`, () => {
    assert.equal(refusal(prompt), null);
    const u = understand(prompt);
    assert.equal(u.detected, language);
    assert.equal(u.language, "en");
    assert.equal(u.other?.concept, concept);
    assert.equal(u.concepts[0]?.id, concept);
    const made = composeSpec(prompt, { tier: "light" });
    assert.equal(made.spec.language, "en");
    assert.match(made.spec.name, name);
    assert.equal(made.languageFallbackFrom, language);
    // The records are the concept's own, with its English fields.
    assert.ok(made.spec.entities[0].fields.length > 1);
  });
}

Deno.test("a prompt in another language whose subject no concept names and whose gloss asks nothing stays refused, saying why", () => {
  for (
    const prompt of [
      "quero um app sobre a teoria das cordas quanticas",
      "ik wil een app over de geschiedenis van het romeinse rijk",
      // (Japanese words the gloss does not hold cannot be kept: nothing names the records.)
      "子どもの習い事の月謝管理",
    ]
  ) {
    assert.match(refusal(prompt) ?? "", /written in another language/, prompt);
  }
});

Deno.test("a prompt in another language naming no known subject keeps its other words as written, as the records' names", () => {
  const cases: [string, string, string, string[]][] = [
    ["lag en logg for skiturer: km, tid og hvor", "no", "log", ["km", "time"]],
    ["isbad: datum, vattentemperatur och hur länge jag var i", "sv", "list", ["date"]],
    ["günlük namaz takibi, 5 vakti işaretleyeyim", "tr", "log", []],
  ];
  for (const [prompt, language, ask, fields] of cases) {
    assert.equal(refusal(prompt), null, prompt);
    const made = composeSpec(prompt, { tier: "light" });
    assert.equal(made.languageFallbackFrom, language, prompt);
    assert.equal(made.spec.language, "en", prompt);
    assert.ok(made.asks.some((a) => a.type === ask), `${prompt}: ${made.asks.map((a) => a.type)}`);
    const [records] = made.spec.entities;
    assert.ok(fields.every((f) => records.fields.some((x) => x.type === f || x.key === f)), prompt);
    // The words kept as written are said to be untranslated; the app's words for them are the prompt's.
    assert.ok(made.unmet.some((u) => u.includes("not translated")), `${prompt}: ${made.unmet}`);
    // (A unit is the same word in every language: it is no untranslated word.)
    assert.ok(!made.unmet.some((u) => /^km\b/.test(u)), `${prompt}: ${made.unmet}`);
    assert.ok(prompt.toLowerCase().includes(records.plural.toLowerCase().split(" ")[0]), records.plural);
  }
  // An English prompt the detector takes for another language by one of its words ("van") is read as English.
  const loans = understand("Loans: van $4,000 at 5%, laptop $900 at 9%.");
  assert.equal(loans.other, undefined);
  assert.ok(!loans.asks.some((a) => a.type === "reminder"), `${loans.asks.map((a) => a.type)}`);
});

Deno.test("the prompt's words the gloss does not hold are listed unread, function words alone left out", () => {
  const made = composeSpec("lista de compras do mercado", { tier: "light" });
  assert.deepEqual(made.unmet.filter((u) => u.includes("not read in")), [
    "mercado (not read in Portuguese)",
  ]);
  assert.equal(made.spec.name, "Shopping List");
});

Deno.test("a compound in Dutch or the Scandinavian languages names the concept of the word it opens or ends with", () => {
  assert.equal(otherConcepts("treningsdagbok", "no")[0]?.id, "workout-session");
  assert.equal(otherConcepts("mijn receptenschrift", "nl")[0]?.id, "recipe");
  assert.equal(otherConcepts("alle kookrecepten", "nl")[0]?.id, "recipe");
  // Polish has no compounding rule: an unknown word names nothing.
  assert.equal(otherConcepts("treningowydziennik", "pl").length, 0);
});

Deno.test("Japanese names are found within the text; a one-character name only as a word of its own", () => {
  assert.equal(otherConcepts("買い物リストがほしい", "ja")[0]?.id, "shopping-item");
  assert.equal(otherConcepts("薬を飲むリマインダー", "ja")[0]?.id, "medication-dose");
  assert.equal(otherConcepts("日本の本", "ja").some((m) => m.spans.some((s) => s.start === 0)), false);
});

Deno.test("the UI prior does not take a prompt for Spanish or German when its own language knows its words", () => {
  const guess = (text: string) => detectLanguage(text, lexiconVote(text), undefined, otherVote(text));
  assert.deepEqual(guess("lista de compras do mercado"), { language: "en", detected: "pt" });
  assert.deepEqual(guess("diario de treino na academia com series e repeticoes"), {
    language: "en",
    detected: "pt",
  });
  // The UI languages keep theirs.
  assert.equal(guess("lista de la compra").language, "es");
  assert.equal(guess("lista della spesa").language, "it");
  assert.equal(guess("mein Trainingstagebuch").language, "de");
});
