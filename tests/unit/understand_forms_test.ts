import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { askTypes as types, hasAsks as has, lacksAsk as lacks } from "./fixtures/ask_types.ts";

const asks = (prompt: string) => understand(prompt).asks;
const quizOn = (prompt: string, subject: string) => {
  const quiz = asks(prompt).find((a) => a.type === "quiz");
  assert.equal(quiz?.subject, subject, prompt);
};

Deno.test("learning a subject is a quiz on it, in the five languages", () => {
  quizOn("learn the flags of asia", "flags of asia");
  quizOn("i need to memorise the bones of the hand", "bones of the hand");
  quizOn("ripassare le date della storia romana", "date della storia romana");
  quizOn("apprendre les départements français", "départements français");
  quizOn("repasar los ríos de españa", "ríos de españa");
  quizOn("Hauptstädte auswendig lernen", "Hauptstädte");
  // Nothing else is asked: no list of "learn", no sort of "alphabet".
  assert.deepEqual(types("learn the russian alphabet"), ["quiz"]);
});

Deno.test("an exam of a subject is a quiz on it", () => {
  quizOn("test of the road signs", "road signs");
  quizOn("esame di teoria della patente", "teoria della patente");
  quizOn("examen del carnet de moto", "carnet de moto");
});

Deno.test("learning told beside other records, or as what is kept, is no quiz", () => {
  lacks("I want to learn guitar and log my practice sessions", "quiz");
  lacks("violin practice minutes per day", "quiz");
  lacks("a practice log for the trumpet", "quiz");
  lacks("I practise piano 30 minutes a day", "quiz");
  lacks("aprender a nadar: apuntar cada clase con fecha", "quiz");
});

Deno.test("a form's word asks for what its records hold", () => {
  has("hiking checklist", "yesno");
  has("Wohnwagen-Checkliste", "yesno");
  has("attendance for the chess club", "people", "yesno");
  has("registro presenze della squadra di pallavolo", "people", "yesno");
  has("feuille de présence du club de théâtre", "people", "yesno");
  has("control de asistencia del taller", "people", "yesno");
  has("Anwesenheitsliste Probe", "people", "yesno");
  has("darts tally", "people");
  has("Strichliste für den Kiosk", "people");
  has("feuille de marque pour la belote", "people");
  has("my collection of comics", "photo");
  has("la mia collezione di francobolli", "photo");
  has("meine Münzsammlung", "photo");
  // (Matched as written: "collected" shares the stem of "collection".)
  lacks("parcels sent and collected", "photo");
});

Deno.test("an attendance's records hold who was present and the date", () => {
  const people = asks("attendance sheet for the band").find((a) => a.type === "people");
  assert.deepEqual(people?.fields.map((f) => f.type), ["yesno", "date"]);
});

Deno.test("which things were liked asks for a rating; a liking elsewhere does not", () => {
  has("which ciders did we like", "rating");
  has("quali birre ci sono piaciute", "rating");
  has("quels vins on a aimés", "rating");
  has("qué quesos nos gustaron", "rating");
  has("welche Biere haben uns geschmeckt", "rating");
  lacks("what I ate and tags like dairy or gluten", "rating");
});
