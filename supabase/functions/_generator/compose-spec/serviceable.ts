// What no building block can serve at all: an app shared live between people's phones (a multiplayer game,
// a social network) or fed with live data from the internet (prices, delays, weather). A generated offline
// app would only pretend, so such a prompt is refused at admission with the reason. So is a prompt of which
// nothing was understood: building it would charge for an empty shell.
import { namesKnownSubject, understand } from "../understand/index.ts";
import { glossesCue } from "../understand/gloss.ts";
import { isUiLanguage } from "../understand/language.ts";
import { fold } from "./entities.ts";
import { asked, sentences } from "./needed.ts";
import WORDS from "./unserviceable.json" with { type: "json" };

/** Words that must appear as words of the prompt (folded), or a family of which any one must. */
type Cue = string | readonly string[];

interface Need {
  reason: string;
  /** The prompt needs this when every element of one entry appears as asked (`needed.ts`). */
  cues: Cue[][];
  /** Words that say the speaker enters the data themselves, which meet the need offline. */
  entered?: Cue;
}

// Each need is also named in the other languages a prompt is built from in English (Portuguese, Catalan,
// Dutch, the Scandinavian languages, Polish, Turkish, Japanese): refusing is as true of them.
const GAME = WORDS.game;
// Scores of strangers everywhere, which only a server gathers.
const WORLD_RANKING = WORDS.worldRanking;
const ONLINE = WORDS.online;
// Live data, as each language says "live" and names what changes by the minute.
const LIVE = WORDS.live;
const CHANGING = WORDS.changing;

// What only others' own phones do: people other than the speaker acting in the app, to each other or by
// themselves; an app described as the place where they do it.
const EACH_OTHER = WORDS.eachOther;
const COMMUNICATE = WORDS.communicate;
const THEIR_PHONE = WORDS.theirPhone;
const OTHERS = WORDS.others;
const THEMSELVES = WORDS.themselves;
const APP_WHERE = WORDS.appWhere;
// The world's state this minute, near the speaker or its prices as they change.
const BUSY = WORDS.busy;
const NEARBY = WORDS.nearby;
const CHEAPEST = WORDS.cheapest;
const PRICE_DROPS = WORDS.priceDrops;
// The app searching the world for the speaker ("finds me the cheapest flights", "me trouve", "findet mir").
const FIND_ME = WORDS.findMe;
// A device at home worked from elsewhere.
const AWAY = WORDS.away;
const DEVICE = WORDS.device;

// Messages the app itself sends to other people: a verb of sending, a kind of message and whom to.
const SEND = WORDS.send;
const MESSAGE = WORDS.message;
const OTHER_PEOPLE = [
  ...OTHERS,
  // (German says whom to in the dative: "den Gästen", "meinen Freunden".)
  ...WORDS.otherPeople,
];
// Where someone is, followed by the phone: a verb of following and the speaker's place, or GPS.
const FOLLOW = WORDS.follow;
const WHEREABOUTS = WORDS.whereabouts;
// Where the speaker's people are this minute, which only their own phones know.
const THEIR_WHEREABOUTS = WORDS.theirWhereabouts;
// A bank account read by the app ("connected to my bank", "keine Bankanbindung" rules it out).
const BANK_LINK = WORDS.bankLink;
// What changes by the minute and is only had from the internet, whatever words come with it.
const FEEDS = WORDS.feeds;
// What is current, as each language says it of what changes ("current exchange rates", "prezzi aggiornati").
const CURRENT = WORDS.current;
// What is today's, as each language says it of what changes ("today's prices", "i risultati di oggi").
const TODAYS = WORDS.todays;
// What the speaker enters themselves: by hand, or a verb of entering in the first person.
const ENTERED = WORDS.entered;
// Friends acting in the app on what the speaker posts: they see it, comment on it, follow it.
const FRIENDS = WORDS.friends;
const REACT = WORDS.react;
// (Or what they can do: "friends can see", "gli amici possono commentare", "les amis peuvent voir".)
const CAN = WORDS.can;
const FRIENDS_REACT = FRIENDS.flatMap((f) => CAN.flatMap((c) => REACT.map((r) => `${f} ${c}${r}`)));
// Chatting with others, as a verb or as the app's part ("mit Chat"); French "chat" alone is a cat.
const CHATTING = WORDS.chatting;
// Others buying from the speaker online: whoever they are, a verb of buying and "online".
const TRANSACT = WORDS.transact;

// Other wordings of the same needs, as word classes rather than phrases. Others' phones: a possessive of
// others before any word for a phone ("depuis leurs portables", "über ihr eigenes Handy"), or several phones
// kept in step ("synced between our phones").
const THEIR_OWN_PHONE = WORDS.theirPhoneBefore.flatMap((b) => WORDS.phoneNoun.map((n) => `${b} ${n}`));
const SYNC = WORDS.sync;
const OUR_PHONES = WORDS.ourPhones;
// A crowd with no names joining or selling ("anyone can join", "chiunque può vendere"); a market named so.
const ANYONE = WORDS.anyone;
const JOIN_IN = WORDS.joinIn;
const MARKET = WORDS.market;
// Players or play against strangers from everywhere, or against each other; a game handed round one phone
// is played at one table, and is built.
const PLAYERS = WORDS.players;
const WORLDWIDE = WORDS.worldwide;
const PLAY = WORDS.play;
const ONE_DEVICE = WORDS.oneDevice;
// Data that updates itself, of a currency or of what changes; the weather or the sea as the app shows it or
// as it is now ("live" alone would be "where I live"); a match's score live; how many people are at a place now.
const SELF_UPDATING = WORDS.selfUpdating;
const CURRENCY = WORDS.currency;
const WEATHER = WORDS.weather;
const SHOWS_ME = WORDS.showsMe;
const SCOREBOARD = WORDS.scoreboard;
const MATCH = WORDS.match;
const NOW = WORDS.now;
const HOW_MANY = WORDS.howMany;
// Followers reacting to what the speaker posts ("my followers to see my workouts").
const FOLLOWERS_REACT = WORDS.followers.flatMap((f) =>
  WORDS.followersMay.flatMap((c) => REACT.map((r) => `${f} ${c}${r}`))
);
// Where the speaker's people are, as each language asks it ("dove sono i miei amici", "où sont mes enfants").
const WHERE_THEY_ARE = WORDS.whereAre.flatMap((w) => WORDS.family.map((f) => w.replace("{}", f)));
// A device switched from afar: on holiday, or from the speaker's phone.
const SWITCH = WORDS.switch;
const AFAR = WORDS.afar;
// A chat named as the app's kind ("a messaging app", "une messagerie", "ein Chat für"); French "chat" alone is a cat.
const MESSENGER = WORDS.messenger;
// Public transport as it runs: whether it is late, when it comes to the speaker's stop.
const TRANSPORT = WORDS.transport;
const LATENESS = WORDS.lateness;
const ARRIVES = WORDS.arrives;
const STOP = WORDS.stop;
// What the app would tell the speaker of the world: a verb of seeing or knowing, a price and today.
const KNOW = WORDS.know;
const PRICE = WORDS.price;
const TODAY = WORDS.today;

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
      [GAME, ONLINE],
      ["play against my friends"],
      [WORLD_RANKING],
      [PLAYERS, WORLDWIDE],
      [PLAY, WORLDWIDE],
      [GAME, WORLDWIDE],
      [PLAY, EACH_OTHER],
    ],
    entered: ONE_DEVICE,
  },
  {
    reason: "what several people do each from their own phone needs accounts and a shared server",
    cues: [
      [THEIR_PHONE],
      [THEIR_OWN_PHONE],
      [OTHERS, THEMSELVES],
      [SYNC, OUR_PHONES],
      [SYNC, WORDS.phoneNoun],
      [ANYONE, JOIN_IN],
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
      [EACH_OTHER, COMMUNICATE],
      [APP_WHERE, OTHERS],
      [FRIENDS_REACT],
      [FOLLOWERS_REACT],
      [MESSENGER],
      [CHATTING, OTHER_PEOPLE],
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
      [MARKET],
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
      [OTHERS, TRANSACT, ONLINE],
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
      [LIVE, CHANGING],
      [LIVE, BUSY],
      [LIVE, NEARBY],
      [NEARBY, CHEAPEST],
      [FIND_ME, CHEAPEST],
      [PRICE_DROPS],
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
      ["meteo", "oggi"],
      ["meteo", "aujourd'hui"],
      ["clima", "hoy"],
      ["wetter", "heute"],
      ["clima", "amanhã"],
      ["clima", "hoje"],
      ["vädret", "imorgon"],
      ["pogoda", "jutro"],
      ["hava", "yarın"],
      [FEEDS],
      [TODAYS, CHANGING],
      [CURRENT, CHANGING],
      [SELF_UPDATING, CHANGING],
      [SELF_UPDATING, CURRENCY],
      [SHOWS_ME, WEATHER],
      [CURRENT, WEATHER],
      [LIVE, SCOREBOARD, MATCH],
      [NOW, HOW_MANY],
      [NEARBY, PRICE],
      [SHOWS_ME, TRANSPORT, LATENESS],
      [KNOW, TRANSPORT, LATENESS],
      [TRANSPORT, ARRIVES, STOP],
      [SHOWS_ME, PRICE, TODAY],
      [KNOW, PRICE, TODAY],
    ],
    entered: ENTERED,
  },
  {
    reason: "sending messages or emails to other people needs a mail or SMS service on a server",
    cues: [[SEND, MESSAGE, OTHER_PEOPLE]],
  },
  {
    reason:
      "following where someone is needs the phone's location in the background, and a server to share it",
    cues: [[FOLLOW, WHEREABOUTS], [THEIR_WHEREABOUTS], [WHERE_THEY_ARE]],
    entered: ENTERED,
  },
  {
    reason: "reading a bank account needs the bank's online access and a server to hold it",
    cues: [[BANK_LINK]],
  },
  {
    reason: "working a device at home from elsewhere needs the device connected to the internet",
    cues: [[AWAY, DEVICE], [SWITCH, DEVICE, AFAR]],
  },
];

const escape = (word: string) => fold(word).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const pattern = (w: Cue, flags = "g") =>
  new RegExp(`(^|[^a-z])(${(typeof w === "string" ? [w] : w).map(escape).join("|")})(?=$|[^a-z])`, flags);
const INDEX = NEEDS.map((need) => ({
  reason: need.reason,
  cues: need.cues.map((cue) => cue.map((w) => pattern(w))),
  entered: need.entered ? pattern(need.entered, "") : undefined,
}));

const READS = "the offline generator reads English, Italian, French, Spanish and German";
/** Why nothing was understood: what is true of the prompt, a language not read or no subject in one read. */
const NOTHING_UNDERSTOOD = {
  // (In nine more languages it reads only the subjects its knowledge names, and this prompt names none.)
  language:
    `${READS}, and this prompt is written in another language whose words name no subject it knows: ` +
    "say what the app should keep in one of them",
  subject: `nothing in the prompt says what the app should keep (${READS})`,
};

/** Why the prompt asks for something no offline app can honestly do, or null. */
export function refusal(prompt: string): string | null {
  const said = sentences(fold(prompt));
  for (const need of INDEX) {
    const met = (all: RegExp[]) => said.some((s) => all.every((re) => asked(s, re, need.entered)));
    if (need.cues.some(met)) return need.reason;
  }
  // A known subject is enough, and cheaper to find than every ask.
  if (namesKnownSubject(prompt)) return null;
  const { asks, concepts, detected, other } = understand(prompt);
  const foreign = detected !== "und" && !isUiLanguage(detected);
  // In a language the reader does not read, a prompt naming no subject the knowledge holds is understood where
  // its gloss writes a word that asks or names a field (`glossesCue`): asks found by the shape of a sentence alone
  // (a colon's list of words kept as written) would name records after them ("Gram w"), a shell.
  if (concepts.length || (asks.length && (!foreign || (other && glossesCue(other.gloss))))) return null;
  return foreign ? NOTHING_UNDERSTOOD.language : NOTHING_UNDERSTOOD.subject;
}
