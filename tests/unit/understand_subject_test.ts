import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const asks = (prompt: string) => understand(prompt).asks;
const subjectOf = (prompt: string, type: string) => asks(prompt).find((a) => a.type === type)?.subject;

Deno.test("a quiz is on the topic the prompt states in another clause, which asks for nothing else", () => {
  const cases: [string, string][] = [
    ["quiz for the kids please. topic is solar system planets", "solar system planets"],
    ["un quiz per ripassare, l'argomento è la rivoluzione francese", "rivoluzione francese"],
    ["des questions pour réviser. le thème : les volcans d'europe", "volcans d'europe"],
    ["hazme preguntas de test, el tema es la segunda guerra mundial", "segunda guerra mundial"],
    ["Quiz für die Klasse. Thema: Bäume im Wald", "Bäume im Wald"],
    // What the label is of, up to whom the quiz is for.
    ["ein Quiz zum Thema Ritter für meinen Neffen", "Ritter"],
    ["a quiz on the topic of ocean animals", "ocean animals"],
  ];
  for (const [prompt, topic] of cases) {
    assert.equal(subjectOf(prompt, "quiz"), topic, prompt);
    assert.ok(!asks(prompt).some((a) => a.type === "theme" || a.type === "list"), prompt);
    assert.ok(!understand(prompt).unmet.some((words) => words.includes(topic)), prompt);
  }
  // A label that names a colour or dark mode is a theme, no topic.
  assert.ok(asks("quiz sulle capitali, tema scuro").some((a) => a.type === "theme"));
});

Deno.test("an amount or a heap names what it holds: the records are those", () => {
  const cases: [string, string, string][] = [
    ["a bunch of podcasts i like", "list", "podcasts"],
    ["un mucchio di giochi da tavolo", "list", "giochi"],
    ["un tas de jeux de société", "list", "jeux"],
    ["un montón de discos de vinilo", "list", "discos"],
    ["ein Haufen von Rechnungen", "list", "Rechnungen"],
  ];
  for (const [prompt, type, subject] of cases) assert.equal(subjectOf(prompt, type), subject, prompt);
});

Deno.test("the occasion a question of who does what names is no ask's subject", () => {
  for (
    const prompt of [
      "who brings what to the picnic on sunday",
      "chi porta cosa alla cena di natale",
      "qui apporte quoi à la fête de l'école",
      "wer bringt was zur Gartenparty mit",
    ]
  ) {
    const about = asks(prompt).flatMap((a) => a.subject ? [a.subject] : []);
    assert.deepEqual(about, [], prompt);
  }
});

Deno.test("a word that asks for the app or a verb with its pronoun joined names no records", () => {
  const cases: [string, string][] = [
    ["hazme una app para apuntar los pedidos que reparto", "hazme"],
    ["creami un'app per segnare le letture del contatore", "creami"],
    ["erstelle eine App für meine Fahrten", "erstelle"],
    ["vorrei segnarle tutte con data e importo", "segnarle"],
    ["quiero apuntarlos con fecha y precio", "apuntarlos"],
    // An English contraction typed without its apostrophe is the same function word.
    ["list of concert tickets ive bought", "ive"],
    ["the plants i havent watered", "havent"],
  ];
  for (const [prompt, verb] of cases) {
    assert.ok(!asks(prompt).some((a) => a.subject?.toLowerCase().includes(verb)), prompt);
  }
  // A noun that ends as such a verb would, before too short a stem, is still a noun.
  assert.ok(asks("una lista delle perle della collana").some((a) => a.subject?.includes("perle")));
});
