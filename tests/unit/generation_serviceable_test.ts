import assert from "node:assert/strict";
import { refusal } from "../../supabase/functions/_generator/compose-spec/index.ts";

const refuses = (prompt: string, why: RegExp) => assert.match(refusal(prompt) ?? "", why, prompt);
const builds = (prompt: string) => assert.equal(refusal(prompt), null, prompt);

Deno.test("messages the app sends to other people are refused", () => {
  for (
    const prompt of [
      "an app that sends a text message to my patients when the results are in",
      "voglio che l'app invii un messaggio whatsapp agli ospiti il giorno prima",
      "une appli qui envoie un courriel aux élèves absents",
      "app que envíe un correo a los alumnos cada lunes",
      "die App soll den Gästen automatisch eine E-Mail schicken",
    ]
  ) refuses(prompt, /mail or SMS service on a server/);
  // A reminder to the speaker to send one is theirs to do.
  builds("remind me to send an email to my clients every friday");
  builds("ricordami di mandare una mail ai clienti ogni lunedì");
});

Deno.test("following where someone is is refused", () => {
  for (
    const prompt of [
      "log my walks and record my location with gps",
      "un'app che traccia la mia posizione mentre corro",
      "je veux voir où sont mes enfants sur une carte",
      "app que rastrea mi ubicación cuando salgo en bici",
      "eine App, die aufzeichnet, wo ich bin",
    ]
  ) refuses(prompt, /location/);
});

Deno.test("data only the internet has this minute is refused, unless the speaker enters it", () => {
  for (
    const prompt of [
      "show me the latest news about my football club",
      "app con le quotazioni di borsa dei miei titoli",
      "voir le statut du vol de ma mère",
      "quiero ver los precios de hoy de la gasolina",
      "die heutigen Kurse meiner Aktien",
      "travel budget with the current exchange rates",
    ]
  ) refuses(prompt, /internet/);
  for (
    const prompt of [
      "portfolio list, the current prices i enter by hand every month",
      "budget de voyage, je saisis les taux de change moi-même",
      "risultati di oggi della mia squadra, li inserisco io",
      "Wechselkurse für die Reise, die trage ich selbst ein",
    ]
  ) builds(prompt);
});

Deno.test("friends acting on the speaker's posts, a chat with them and others buying online are refused", () => {
  for (
    const prompt of [
      "an app where my followers can see my recipes",
      "app per chattare con gli amici del calcetto",
      "que mis amigos comenten mis rutas",
      "una app donde los clientes reservan y pagan en línea",
      "un quiz avec un classement mondial",
    ]
  ) assert.notEqual(refusal(prompt), null, prompt);
});

Deno.test("a need a negation rules out, or named in another sentence than its pair, is built", () => {
  for (
    const prompt of [
      "packing list for the camping trip, no social media and no sync, just on my phone",
      "diario delle letture senza chat né social network",
      "carnet de vaccins du chien, sans synchronisation",
      "registro de gastos sin enviar correos a nadie ni gps",
      "Trainingstagebuch ohne GPS und ohne Gruppenchat",
      "Prices are per hour. Show today's jobs in a list.",
    ]
  ) builds(prompt);
});

Deno.test("a bank account the app reads, and traffic this minute, are refused; ruled out, they are built", () => {
  for (
    const prompt of [
      "spending tracker linked to my bank",
      "app per le spese collegata alla banca",
      "suivi du budget avec connexion bancaire",
      "control de gastos con conexión bancaria",
      "Ausgabenbuch mit Bankanbindung",
    ]
  ) refuses(prompt, /bank's online access/);
  refuses("is there traffic right now on the ring road", /internet/);
  refuses("our board game nights, and friends can vote on the next game", /server/);
  builds("suivi du budget, pas de connexion bancaire");
  builds("gastos de la casa sin conexión bancaria");
});
