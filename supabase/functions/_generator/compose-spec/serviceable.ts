// What no building block can serve at all: an app shared live between people's phones (a multiplayer game,
// a social network) or fed with live data from the internet (prices, delays, weather). A generated offline
// app would only pretend, so such a prompt is refused at admission with the reason. So is a prompt of which
// nothing was understood: building it would charge for an empty shell.
import { namesKnownSubject, understand } from "../understand/index.ts";
import { isUiLanguage } from "../understand/language.ts";
import { fold } from "./entities.ts";

interface Need {
  reason: string;
  /** Each entry is words that must all appear as words of the prompt (folded). */
  cues: string[][];
}

// Each need is also named in the other languages a prompt is built from in English (Portuguese, Catalan,
// Dutch, the Scandinavian languages, Polish, Turkish, Japanese): refusing is as true of them.
const GAME = [
  "game",
  "gioco",
  "giochi",
  "jeu",
  "jeux",
  "juego",
  "spiel",
  "partita",
  "partida",
  "jogo",
  "joc",
  "spel",
  "spelet",
  "gra",
  "gre",
  "oyun",
  "oyunu",
];
const ONLINE = ["online", "en ligne", "en linea", "in linea", "em linha", "çevrimiçi"];
// Live data, as each language says "live" and names what changes by the minute.
const LIVE = ["live", "ao vivo", "em direto", "na żywo", "canlı"];
const CHANGING = [
  "prices",
  "delays",
  "scores",
  "updates",
  "prezzi",
  "ritardi",
  "retards",
  "cours",
  "precios",
  "retrasos",
  "kurse",
  "verspatungen",
  "preços",
  "cotações",
  "atrasos",
  "placar",
  "resultados",
  "prijzen",
  "koersen",
  "vertragingen",
  "priser",
  "kurser",
  "förseningar",
  "ceny",
  "kursy",
  "opóźnienia",
  "wyniki",
  "fiyatlar",
  "kurlar",
  "gecikmeler",
  "skorlar",
];

const NEEDS: Need[] = [
  {
    reason: "play between several people's phones needs a game server and accounts",
    cues: [
      ["multiplayer"],
      ["multigiocatore"],
      ["multijoueur"],
      ["multijugador"],
      ["mehrspieler"],
      ["multijogador"],
      ["flerspelar"],
      ["wieloosobowa"],
      ["çok oyunculu"],
      ["オンライン対戦"],
      ...GAME.flatMap((g) => ONLINE.map((o) => [g, o])),
      ["play against my friends"],
      ["from their phones"],
    ],
  },
  {
    reason: "a social network needs accounts, a shared server and moderation",
    cues: [
      ["social network"],
      ["social media"],
      ["un social"],
      ["rete sociale"],
      ["reseau social"],
      ["red social"],
      ["soziales netzwerk"],
      ["rede social"],
      ["xarxa social"],
      ["sociaal netwerk"],
      ["socialt nätverk"],
      ["sociala nätverk"],
      ["sieć społecznościowa"],
      ["sosyal ağ"],
      ["sosyal medya"],
      ["mette like"],
      ["like e commenta"],
      // A chat between several people's phones is a social network's part.
      ["group chat"],
      ["gruppenchat"],
      ["chat di gruppo"],
      ["chat de groupe"],
      ["chat de grupo"],
      ["chat grupal"],
      ["groepschat"],
      ["gruppchatt"],
      ["czat grupowy"],
      ["grup sohbeti"],
    ],
  },
  {
    reason:
      "a marketplace or a platform between strangers (rides, deliveries, dating) needs accounts, live " +
      "location and payments on a server",
    cues: [
      // "Uber" alone would be German "über" once folded.
      ...[
        "like uber",
        "come uber",
        "comme uber",
        "como uber",
        "lyft",
        "deliveroo",
        "glovo",
        "airbnb",
        "tinder",
        "como o uber",
        "tipo uber",
        "zoals uber",
        "som uber",
        "jak uber",
        "uber gibi",
      ]
        .map((w) => [w]),
      ["dating app"],
      ["app de citas"],
      ["app di incontri"],
      ["appli de rencontre"],
      ["site de rencontre"],
      ["dating-app"],
      ["conocer gente"],
      ["conoscere gente"],
      ["rencontrer des gens"],
      ["leute kennenlernen"],
      ["pay in the app"],
      ["paiement en ligne"],
      ["pagamento online"],
      ["pago en linea"],
      ["online bezahlen"],
      ["app de namoro"],
      ["aplicativo de namoro"],
      ["dejtingapp"],
      ["aplikacja randkowa"],
      ["conhecer pessoas"],
      ["nieuwe mensen leren kennen"],
      ["träffa nya människor"],
      ["poznawać ludzi"],
      ["online betalen"],
      ["betala online"],
      ["płatność online"],
      ["online ödeme"],
    ],
  },
  {
    reason: "live data (prices, delays, weather, scores) needs a feed from the internet",
    cues: [
      ["real time"],
      ["real-time"],
      ["tempo reale"],
      ["temps reel"],
      ["tiempo real"],
      ["echtzeit"],
      ["tempo real"],
      ["temps real"],
      ["realtime"],
      ["realtid"],
      ["czasie rzeczywistym"],
      ["gerçek zamanlı"],
      ["リアルタイム"],
      ...LIVE.flatMap((live) => CHANGING.map((w) => [live, w])),
      ["bitcoin"],
      ["stock price"],
      ["exchange rate today"],
      ["weather", "forecast"],
      ["previsioni meteo"],
      ["previsions meteo"],
      ["pronostico del tiempo"],
      ["wettervorhersage"],
      ["previsão do tempo"],
      ["weerbericht"],
      ["weersverwachting"],
      ["väderprognos"],
      ["prognoza pogody"],
      ["hava durumu"],
      ["天気予報"],
      // "What's the weather tomorrow", as each language asks it.
      ["weather", "tomorrow"],
      ["weather", "today"],
      ["che tempo fa"],
      ["quel temps fera"],
      ["quel temps fait"],
      ["que tiempo hara"],
      ["que tiempo hace"],
      ["wie wird das wetter"],
      ["meteo", "domani"],
      ["meteo", "demain"],
      ["wetter", "morgen"],
      ["clima", "amanhã"],
      ["clima", "hoje"],
      ["vädret", "imorgon"],
      ["pogoda", "jutro"],
      ["hava", "yarın"],
    ],
  },
];

const INDEX = NEEDS.map((need) => ({
  reason: need.reason,
  cues: need.cues.map((words) => words.map((w) => new RegExp(`(^|[^a-z])${fold(w)}($|[^a-z])`))),
}));

const READS = "the offline generator reads English, Italian, French, Spanish and German";
/** Why nothing was understood: what is true of the prompt, a language not read or no subject in one read. */
const NOTHING_UNDERSTOOD = {
  language: `${READS}, and this prompt is written in another language: say what the app should keep in one ` +
    "of them",
  subject: `nothing in the prompt says what the app should keep (${READS})`,
};

/** Why the prompt asks for something no offline app can honestly do, or null. */
export function refusal(prompt: string): string | null {
  const text = fold(prompt);
  for (const need of INDEX) {
    if (need.cues.some((all) => all.every((re) => re.test(text)))) return need.reason;
  }
  // A known subject is enough, and cheaper to find than every ask.
  if (namesKnownSubject(prompt)) return null;
  const { asks, concepts, detected } = understand(prompt);
  const foreign = detected !== "und" && !isUiLanguage(detected);
  // In a language the reader does not read, only a subject its knowledge names is understood: asks found by
  // the shape of a sentence alone (a colon's list) would name records after its words ("Gram w"), a shell.
  if (concepts.length || (asks.length && !foreign)) return null;
  return foreign ? NOTHING_UNDERSTOOD.language : NOTHING_UNDERSTOOD.subject;
}
