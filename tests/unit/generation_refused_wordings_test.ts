import assert from "node:assert/strict";
import { refusal } from "../../supabase/functions/_generator/compose-spec/index.ts";

const refuses = (prompt: string, why: RegExp) => assert.match(refusal(prompt) ?? "", why, prompt);
const builds = (prompt: string) => assert.equal(refusal(prompt), null, prompt);

Deno.test("people acting each from their own phone are refused, whatever the word for a phone", () => {
  for (
    const prompt of [
      "members sign up for the trips from their own smartphones",
      "i clienti ordinano la torta dai loro cellulari",
      "les élèves répondent depuis leurs portables",
      "los socios se apuntan desde sus móviles",
      "die Gäste bestellen über ihr eigenes Handy",
      "a packing list synced between our phones",
      "anyone can join and post their recipes",
    ]
  ) refuses(prompt, /each from their own phone/);
  // A list of clients with their phone numbers is the speaker's.
  builds("lista de clientes con su teléfono y correo");
  builds("liste des clients avec leur téléphone et adresse");
});

Deno.test("play against strangers or each other is refused, and a game handed round one phone is built", () => {
  for (
    const prompt of [
      "a word game to play with strangers",
      "gioco di carte contro giocatori da tutto il mondo",
      "un jeu de dames contre des joueurs du monde entier",
      "un juego de dados contra jugadores de otros países",
      "ein Quiz gegen Spieler aus aller Welt",
    ]
  ) refuses(prompt, /game server/);
  builds("a trivia game we play against each other on one phone");
  builds("un gioco di parole da fare passandosi il telefono");
  builds("un juego de mímica para jugar pasando el móvil");
});

Deno.test("a chat, followers, a market or a network between others is refused", () => {
  for (
    const prompt of [
      "a messaging app for our choir",
      "une messagerie pour le club de tennis",
      "ein Chat für die Nachbarschaft",
      "my followers can leave comments on my recipes",
      "a marketplace for second-hand bikes",
      "un negozio online per le mie candele",
      "una red para que los padres compartan fotos",
      "eine Plattform, wo Nachbarn Werkzeug verleihen",
    ]
  ) assert.notEqual(refusal(prompt), null, prompt);
  // A record of what was said is the speaker's.
  builds("a chat log of what I talked about with my coach");
  builds("a list of friends to see this summer");
});

Deno.test("live data in other wordings is refused, and what the speaker enters is built", () => {
  for (
    const prompt of [
      "the dollar to yen rate updated automatically",
      "il cambio euro sterlina aggiornato automaticamente",
      "an app that shows me the weather for the weekend",
      "l'appli m'affiche la météo du jour",
      "zeig mir das Wetter in Hamburg",
      "el marcador de la liga en vivo",
      "quante persone ci sono adesso in piscina",
      "prix du gazole par ici",
      "an app that tells me if my bus is delayed",
      "eine App, die mir sagt, ob die S-Bahn Verspätung hat",
      "when the tram arrives at my stop",
      "quiero saber el precio del oro hoy",
    ]
  ) refuses(prompt, /feed from the internet/);
  builds("log the dollar rate I type in myself each friday");
  builds("track my ethereum buys and what i paid");
  builds("ho comprato bitcoin: segno io il prezzo di ogni acquisto");
  builds("a scorekeeper for our card games");
  builds("an app that shows me my baby's temperature log");
});

Deno.test("where the speaker's people are, and a device switched from afar, are refused", () => {
  for (
    const prompt of [
      "see where my friends are on a map",
      "dove sono i miei figli adesso",
      "où sont mes enfants en ce moment",
      "dónde están mis amigos ahora",
      "wo sind meine Kinder gerade",
    ]
  ) refuses(prompt, /location in the background/);
  for (
    const prompt of [
      "unlock the garage door from my phone",
      "spegnere le luci quando sono in vacanza",
      "allumer le chauffage depuis mon téléphone",
      "abrir la puerta desde el móvil",
      "die Heizung im Urlaub einschalten",
    ]
  ) refuses(prompt, /device connected to the internet/);
  builds("family budget to see where my money goes");
  builds("checklist before the holidays: lights, boiler, windows");
});
