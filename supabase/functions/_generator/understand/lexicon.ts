// The cue words of each UI language (lexicon/<lang>.json) and a matcher that finds their phrases in a
// prompt by stem, longest first, so "remind", "reminders" and "reminding" are one cue and "every time"
// outranks "every". The data is stemmed once, at module load.
import en from "./lexicon/en.json" with { type: "json" };
import it from "./lexicon/it.json" with { type: "json" };
import fr from "./lexicon/fr.json" with { type: "json" };
import es from "./lexicon/es.json" with { type: "json" };
import de from "./lexicon/de.json" with { type: "json" };
import { UI_LANGUAGES, type UiLanguage } from "./language.ts";
import { stem, stemPhrase } from "./stem.ts";
import { fold, PARTICLES, type Token, words } from "./text.ts";

export interface Lexicon {
  decimalComma: boolean;
  /** Activities said by their verb (an infinitive, a first person, a gerund: "meditare", "swimming", "joggen
   * gehen") and the noun that names each ("Meditazione", "Swimming", "Joggen"); the word of one session of any
   * activity (`session`: singular, plural) and the word that joins the noun to what it is done to (`of`, "" where
   * the language puts that first: "Piano practice", "Klavierüben"). `../compose-spec/activity.ts`. */
  activities: { nouns: Record<string, string>; session: string[]; of: string };
  /** Prepositions, particles, question words and adverbs the stop words lack: no name made from the prompt's
   * words holds one at its edges (`../compose-spec/noun-phrase.ts`). */
  functionWords: string[];
  /** Where a clause ends on its verb, as a German one does ("mit Strecke und Zeit festhalten könnte und …",
   * "Werte eintragen"): its modal and auxiliary verbs and the frequent verbs that end one (`verbs`, as
   * written), and the endings of an infinitive (`endings`: "-en", "-ern", "-eln") that a word in lower case
   * has among nouns written with a capital (`verb-final.ts`). Empty where no clause ends on its verb. */
  verbFinal: { verbs: string[]; endings: string[] };
  stop: string[];
  numbers: Record<string, number>;
  and: string[];
  /** The words that ask an aggregate to add up an amount ("how much", "spent"), to average it, or to find its
   * highest or lowest value ("longest", "fastest") or a personal best ("record", "Bestleistung"), rather than
   * to count records. */
  aggregates: Record<"total" | "average" | "best" | "max" | "min", string[]>;
  /** The words of figures named otherwise: of a total of money (`money`: "balance", "fatturato", "Umsatz"), of
   * a total of anything (`total`: "in total", "en tout", "alles zusammen"), of a count or a share of the
   * records (`figure`: "percentage", "récap", "Quote") and of a ranking of who did most (`ranked`:
   * "leaderboard", "classement"). */
  figures: Record<"money" | "total" | "figure" | "ranked", string[]>;
  /** The verbs of computing, as written: of adding up (`total`: "add up", "additionner"), of counting
   * (`figure`: "tally", "contar", "zählen") and of working out what their object names (`any`: "calculate",
   * "ausrechnen"). */
  computing: Record<"total" | "figure" | "any", string[]>;
  /** The words that make a field a count or a total of what its other words name: a `count` opens it and
   * makes it a number ("number of pages", "numero di pagine", "Anzahl Seiten"), a `total` only qualifies it
   * ("total cost", "prix total"); `many` are the questions of how many, whose plural says they count things
   * ("quante", "cuántas", "wie viele", "wie oft") though their stem is a total's ("quanto", "wie viel"): empty
   * where no total's word shares one ("how many", "combien de"). */
  counting: Record<"count" | "total" | "many", string[]>;
  /** The questions of how many and how much, as written ("how many", "combien", "cuántas", "wie viel"): the
   * noun one governs is what the speaker counts. */
  howMany: string[];
  /** The words that compare an amount with a limit: verbs of going past it (`exceed`: "go over",
   * "dépasser", "superare", "pasar de", "überschreiten") and words of at most (`atMost`: "no more than",
   * "au maximum", "höchstens"), with or without a negation ("ne pas dépasser"), and words of less than
   * (`below`: "under", "meno di", "moins de", "menos de", "weniger als"), before an amount of something
   * measured, or in a clause with a period ("under 5 a day"; "under 12" is an age). */
  limits: Record<"exceed" | "atMost" | "below", string[]>;
  /** The words of amounts that mark a goal where no word of a limit or an aim does (`thresholds.ts`): the
   * verbs of warning (`warn`: "warn", "avvisami", "préviens", "avísame", "warne"), whose "over" and amount
   * state a limit ("warn me over 400 mg a day"), and the words of reaching a number (`reach`: "at", "gets",
   * "a", "à", "al llegar a", "bei", "erreicht") of things each record earns, which state a target ("a 20
   * stelline le compro un libro", "when someone gets 20 stars"). */
  thresholds: Record<"warn" | "reach", string[]>;
  /** What a prompt asks of its records after their noun (`after-noun.ts`): questions of how much or many and
   * the amount's name, words of costing that make it money, sides joined by "and" and the choice's name, and
   * nouns of acts done to a thing, which make a dated log of it. */
  afterNoun: {
    amount: { name: string; phrases: string[] };
    costs: { name: string; words: string[] };
    sides: { name: string; words: string[] };
    acts: string[];
  };
  /** The nouns of a sum not to pass ("budget", "presupuesto"): a goal they name is a limit. */
  budget: string[];
  /** The words, as written, that ask what is left of an amount ("how much is left", "quanto mi resta",
   * "combien il reste", "cuánto me queda", "wie viel bleibt übrig"). */
  remaining: string[];
  /** What is left of a number of records (`left-of-count.ts`): the words of still that, in a question of how
   * many, ask what is left ("how many do I still have", "wie viele habe ich noch"), and the nouns of a pack
   * bought ahead and spent down ("10-class pack", "carnet de 10 séances", "bono de 8 sesiones", "10er Karte"). */
  leftOfCount: Record<"still" | "pack", string[]>;
  /** The words, as written, of what is still needed or still allowed to reach a target or keep to a limit
   * ("still", "ancora", "encore", "todavía", "noch", "need", "serve"), of those that allow ("can"), and the
   * questions of how many beyond the lexicon's `questions` ("quanti", "cuántos"), the words of the next
   * record ("next", "prossimo", "nächste") and of an average beyond the `aggregates`' ("Schnitt"). */
  needed: Record<"still" | "can" | "how" | "next" | "average", string[]>;
  /** The words of the speaker's intent ("want to", "voglio", "ich will"), matched as written: an amount
   * after them is a goal's target ("I want to read 20 books a year"). */
  want: string[];
  /** The words of the speaker's obligation ("have to", "je dois", "ich muss"), matched as written: what the
   * speaker must do again is to be reminded of, not a habit told ("I have to take a pill every 8 hours"). */
  must: string[];
  /** The verbs of paying, as written: what the speaker pays for every period is a standing cost of a thing
   * kept ("the subscriptions I pay for monthly"), not a new record each time. */
  pay: string[];
  /** The nouns of a quantity measured again and again ("weight", "altezza", "Blutdruck"): records named by one
   * are readings, each of a date. */
  measures: string[];
  /** The nouns of values read off a measure ("values", "readings", "valori", "valeurs", "valores", "Werte"):
   * records named so are of the one measure the prompt names (`measured-values.ts`). */
  measuredValues: string[];
  /** The possessives of another than the speaker ("their", "loro", "leurs", "sus", "ihre"): in a subject,
   * the noun before one is who does something to what follows it ("Kinder ihre Hausaufgaben"), and what
   * follows is what the records are (`possessed.ts`). */
  theirs: string[];
  /** The verbs of changing a reading by an amount ("lose", "abnehmen"): a goal they state is a change. */
  change: string[];
  /** The words that open a goal's deadline ("by", "entro", "d'ici", "antes de", "bis"), matched as written. */
  deadline: string[];
  /** The indefinite articles: an item of a `:` list one opens, naming an ask's cue, is that ask ("Für die
   * Hochzeit: eine Gästeliste, ein Budget von 8000 €"), not a field. */
  articles: string[];
  with: string[];
  /** The words that give a name ("a field called Budget", "un campo chiamato prezzo"): what follows is it. */
  naming: string[];
  /** Plural nouns for persons ("kids", "Mitarbeiterinnen"): a small number of them is a group of people. */
  persons: string[];
  /** The nouns of persons of no kind ("people", "gente", "Leute"), which name no one's records. */
  anyone: string[];
  /** The common nouns of the persons a board of people keeps records of (`one`, `many`: "player", "players"),
   * each with the words of what implies them when the prompt names no persons (`by`, as written, in German a compound's
   * head too: a game's score, a party, shifts, an office, a childminder, a club). */
  participants: { one: string; many: string; by: string[] }[];
  /** The words before those a cost is shared among ("split between Anna and Ben", "entre Ana y Luis"). */
  between: string[];
  /** A debt's words ("owe", "debiti", "dettes", "deudas", "schulden") and the speaker's, as subject, object or
   * possessive ("I", "mi", "mes", "me", "mir"): a debt the speaker is a party to is kept, not split. `owed`: the
   * verb's forms said of others ("owe", "devono", "doivent", "deben", "schulden") and `toSpeaker` the pronouns
   * of the speaker as whom it is owed to ("me", "mi", "me", "me", "mir"): a question of how much they owe is a
   * figure over the records (`owed.ts`). */
  owing: Record<"words" | "speaker" | "owed" | "toSpeaker", string[]>;
  /** The words for a tip on a bill ("tip", "mancia", "Trinkgeld"): a calculator that names one works it out. */
  tip: string[];
  /** The participles of sharing out ("divise", "répartis", "geteilt"; not "shared", which a list is too):
   * before a `between` word or a share ("divise tra noi 4", "frais divisés 50/50") they split a cost. */
  divided: string[];
  /** How costs shared among people are told besides the split cues (`shared-costs.ts`): the words asking
   * `who`, the participles of sharing that a number of parts follows (`shared`: "partagé en trois") and the
   * words of those parts (`ways`: "split 3 ways"), an `even` share ("a metà", "halbe-halbe"), evening out or
   * a common fund (`settle`: "even it out", "cassa comune"), the verbs of sharing out that split what a
   * clause names as money (`verbs`: "répartir les dépenses"), the words before what shares are set by
   * (`basis`: "divisa in base ai millesimi", "réparti selon le nombre de personnes"), and what each one does to
   * pay in (`contribute`: "chacun cotise", "jeder zahlt ein"). */
  sharedCosts: Record<
    "who" | "shared" | "ways" | "even" | "settle" | "verbs" | "basis" | "contribute",
    string[]
  >;
  /** The words after a participle of sharing out before the parts it makes ("divided into", "divise in",
   * "répartis en", "divididos en", "aufgeteilt in"): those parts are categories. */
  into: string[];
  /** The ways a group of people to manage is named without a number: `each` (or `everyone`) of them
   * ("each kid", "per ogni alunno", "chacun"), the `whole` of a `collectives` noun ("the whole family",
   * "die ganze Familie"), or who does `what` ("who brings what", "wer welche Schicht übernimmt"). */
  group: Record<"each" | "everyone" | "whole" | "collectives" | "what", string[]>;
  /** Groups besides `group.collectives` whose members a prompt means by naming them ("the office", "la chorale",
   * "unser Chor"): who among them does something is asked of those members. */
  memberGroups: string[];
  /** The participant (by its singular) a group's members are where no participant's `by` names the group. */
  groupMember: string;
  /** The first-person subject pronouns ("I", "wir", "je", "on"): a recurrence in a clause they open tells
   * what the speaker does ("I sell at the market every Saturday"), not when to be reminded. */
  speaker: string[];
  /** Where the pronoun is dropped, the first-person auxiliaries and reflexives that make the speaker a verb's
   * subject ("quanto ho speso", "cuánto me gasto"). */
  firstPerson: string[];
  /** The endings of a verb whose subject is the speaker where the pronoun is left out ("organizziamo",
   * "hacemos"): empty where it is always said. */
  speakerEndings: string[];
  /** The endings of a verb right after a relative word whose subject is the speaker where the pronoun is left
   * out ("i soldi che metto da parte", "lo que gasto"): empty where it is always said. */
  relativeSpeakerEndings: string[];
  /** A comparison with the period before: the words that name it ("last", "scorso", "dernier", "pasado",
   * "letzte"; German "vor" opens a compound, "Vormonat") and those a comparison with it follows ("than",
   * "rispetto", "par rapport", "que", "als"). */
  compared: Record<"previous" | "than", string[]>;
  /** A question of which records rank first ("which product sells most", "qué producto se vendió más",
   * "welches Produkt sich am meisten verkauft"): the words that ask which, written with their accents, and
   * those of most or least; German also writes "am" before any superlative ("am häufigsten"). */
  superlative: Record<"which" | "most", string[]>;
  /** The words before a noun that say which of the records are meant, the coming or the best ones ("upcoming
   * concerts", "prossimi compleanni", "les meilleurs restaurants", "die besten Eisdielen"): no part of what
   * the records are. */
  selecting: string[];
  /** The words that open what happens each time the speaker does it ("when I feed the baby", "quand je fais
   * du sport", "wenn ich joggen gehe"). */
  whenever: string[];
  /** The first-person verbs with which the speaker says what they are, run, keep or collect ("I'm a dog
   * groomer", "gestisco una pizzeria", "ich sammle Briefmarken"): `article` ones before an indefinite
   * article, `bare` ones before their noun with or without one ("je suis maraîcher", "ich bin Imkerin"). */
  roles: Record<"article" | "bare", string[]>;
  /** The plural nouns of what any business keeps of its trade ("clients", "ordini", "réservations",
   * "Bestellungen"): records of these a business the speaker runs is named by the business. */
  trade: string[];
  /** The nouns of records of a general kind, kept of whatever the speaker has, does, runs or goes through
   * ("expenses", "sedute", "rendez-vous", "reparaciones", "Termine"): an app of these is named by what they
   * are kept of. */
  generalRecords: string[];
  /** The general nouns that need a complement to mean anything ("results", "obiettivo", "séance", "datos",
   * "Einträge"): a name of these alone says nothing of what the app is about. */
  generalNouns: string[];
  /** The bodies that ask for records or give a prompt its context ("the agency wants records", "la mairie",
   * "das Jugendamt"): like a person by their trade, never what an app is about. */
  bodies: string[];
  /** The things records are kept on or in today ("notebook", "quaderno", "carnet", "libreta", "Heft",
   * "spreadsheet", "WhatsApp"): how the speaker keeps them now, never what an app is about
   * (`../compose-spec/name-rules.ts`). */
  nameMedia: string[];
  /** The plural nouns of a kind of value ("topics", "roles", "argomenti", "postes", "tareas", "Themen"): the
   * words a colon lists after one alone are its values, a choice's options, not fields (`values-label.ts`). */
  valueLabels: string[];
  /** The words that, beside a word naming a field the records have, add nothing to it ("number", "date",
   * "full", "checkbox"; "numero", "data", "nome"): "phone number", "nome ospite", "data di arrivo", "fecha de
   * caducidad", "Telefonnummer" are the records' phone, guest, arrival and expiry (`../compose-spec/same-field.ts`). */
  sameField: string[];
  /** What turns an item of a field list into a clause (`story-field.ts`): the words that join a clause to a
   * field's words (`joins`: "so", "così", "pour que", "porque", "damit"), the modal and finite verbs and
   * adverbs of the speaker's habits (`verbs`: "can", "faccio", "dois", "hago", "schreibe", "always", "bisher"),
   * and the question words that open a field a question names (`questions`: "what", "cosa ho preso", "ce que",
   * "lo que", "was"). */
  storyField: { questions: string[]; joins: string[]; verbs: string[] };
  /** The verbs, as written with their preposition, of persons contending over one thing ("fight over",
   * "litigano per", "se disputent pour", "se pelean por", "streiten um"): that thing names the app, not
   * the persons (`../compose-spec/name-rules.ts`). */
  nameContested: string[];
  /** The verbs of learning a skill, as written ("learning", "sto imparando", "j'apprends", "aprendiendo",
   * "lernen"): the skill a prompt opens on learning names an app of its practice, not the figure logged of
   * each session ("wpm", "pulsaciones") (`../compose-spec/name-rules.ts`). */
  nameLearnt: string[];
  /** The words that open a clause the speaker wants done after a word of wanting ("voglio che ogni sera
   * segni", "quiero que cada noche marque", "je veux qu'il note", "ich will, dass"): its first word after
   * a time is a verb, which names no app (`../compose-spec/wanted-clause.ts`); and the words of trying to do
   * something ("trying to", "stiamo cercando di", "intentando"), none of which names one either. */
  nameWantedClause: { opens: string[]; intent: string[] };
  /** The verbs of the speaker's role that say who they are ("i'm", "sono", "je suis", "soy", "ich bin"), not
   * what they have or run ("i have", "ho", "j'ai", "tengo", "wir haben"): only such a role gives way to the
   * records its sentence counts ("sono una maestra, ho 22 alunni"); a setting the speaker has names the app
   * over them ("ho un piccolo frutteto, 30 piante": `../compose-spec/setting.ts`). */
  nameRoleBeing: string[];
  /** The words of a field every kind of record may hold ("due dates", "scadenze", "échéances", "fechas",
   * "Fristen"): like the `generalNouns`, a name of these alone says nothing of what the app is about
   * (`../compose-spec/general-name.ts`). */
  nameFieldWords: string[];
  /** Short forms of a subject's word people type, and the word each writes out ("bday": "birthday", "anniv":
   * "anniversaire", "cumples": "cumpleaños"): the app's name and its records' labels write them out
   * (`../compose-spec/said-name.ts`). */
  nameAbbreviations: Record<string, string>;
  /** What opens a prompt to greet or address its reader ("Hi", "Sehr geehrte Damen und Herren", "Madame,
   * Monsieur"): up to the first mark after it, the prompt says nothing of the app. */
  greetings: string[];
  /** The verbs with which a prompt asks its reader for the app or for help ("help me", "fammi", "crée",
   * "hazme", "bau mir"): what they ask is the rest of their clause. */
  request: string[];
  /** The question words that ask which one ("which", "quel", "welche"): a `:` list after one and what it asks
   * ("what kind: red, white, rosé", "quel type : intérieur, balcon") offers the values of that field. */
  which: string[];
  /** The words that open examples, matched as written (`e.g.`, `ad es.`, `p. ex.`, `por ejemplo`, `z. B.`,
   * `such as`, `tipo`, `comme`): after a field's name, the values it offers ("type e.g. cardio, yoga"); a
   * dot of theirs ends no sentence. */
  examples: string[];
  /** Word classes that tell listed values from what is no choice (`listed-values.ts`), matched as written:
   * `sizes`, the words of a size ("small", "piccolo", "petit", "mediano", "groß", "XL"), whose values, each with
   * its own price, are still picked by each record ("small $12, large $20"), while things that each state a
   * price are a price list's items; `recordFields`, the names of a record's own fields of text ("name",
   * "telefono", "adresse", "dirección", "Anschrift"), whose bracket lists fields, not values; `then`, the
   * words of what comes next ("then", "poi", "puis", "luego", "dann"), and `when`, those of the moment something
   * is so ("when", "quando", "quand", "cuando", "wann"), which, between a verb of marking's states, say they
   * come one after the other ("mark it paid and then ready", "segnare quando è pronto e quando è ritirato");
   * `optionNouns`, plural nouns of options ("sizes", "modalità", "niveaux", "modos", "Größen"), which, counted or
   * not, name the values a colon lists after them ("tres modos: AMRAP, EMOM y Tabata"). */
  listedValues: {
    sizes: string[];
    recordFields: string[];
    then: string[];
    when: string[];
    optionNouns: string[];
  };
  /** The name of a choice of how often, whose values are frequencies ("every week, every 2 weeks"): "how
   * often", "quanto spesso", "fréquence", "frecuencia", "wie oft". */
  /** The words that end an enumeration left open ("etc.", "ecc.", "usw.", "and so on"): its items are samples,
   * no closed set of values to choose from. */
  andSoOn: string[];
  howOften: string;
  /** The words of "either … or" ("either", "soit", "entweder", "ya sea"): they open a choice's values and name
   * none of them; one said again before the second value ("soit … soit") joins them as "or" does. */
  either: string[];
  /** The words that say a thing is made from what was named before it ("from it", "da lì", "qui va avec",
   * "que me saque", "daraus"): "a meal planner and a shopping list from it" asks for the list as a part of the
   * planner's app, not as its subject. */
  fromIt: string[];
  /** How an infinitive ends, with the pronouns that may be joined to it ("gestire", "segnarmi", "apuntar",
   * "noter"): one that opens a name before a determiner says what is done, not to what. Empty where the
   * infinitive is marked otherwise ("to", German word order). `joined`: those of the pronouns that no noun's
   * ending looks like after an infinitive's ("segnarle", "apuntarlos"; not "-ne", which "lanterne" ends in). */
  infinitive: Record<"endings" | "clitics" | "joined", string[]>;
  /** The first-person possessives ("my", "mes", "meine"): what they open is the speaker's own. */
  mine: string[];
  /** The definite articles and possessives, which open a noun phrase ("le spese", "mis clases"). */
  determiners: string[];
  /** The words that open a relative clause ("tasks that repeat", "le facture che emetto"): a name ends
   * before one. */
  relative: string[];
  /** The words that open a relative clause only after a mark ("…, das sich füllt"), where they are articles
   * elsewhere. */
  relativeAfterMark: string[];
  /** The pronouns of a verb's own subject ("si riempie", "se remplit", "sich füllt"). */
  reflexive: string[];
  /** The people records are kept for or shown to, by their trade ("for the health inspector", "für den
   * Hausarzt"): never what the records are. In German the end of a compound too ("Kinderarzt"). */
  audience: string[];
  /** The verbs of forgetting, cues of a reminder ("I always forget to water", "damit ich nicht vergesse")
   * that no negation refuses, unless a question word of `when` follows them: "forgetting when I last
   * watered" asks to keep when it was done. */
  forget: Record<"words" | "when", string[]>;
  /** The words before a number that say how many the user's group is ("we are 5", "somos 6"). */
  weAre: string[];
  /** The words after a number that make it the user's group ("4 of us", "3 di noi", "von uns"). */
  ofUs: string[];
  /** The words of needing or wishing for something ("need", "mi serve", "il me faut", "necesito", "ich
   * brauche"): what follows them is asked for. */
  need: string[];
  /** The words that open a clause saying why ("because", "perché", "parce que", "porque", "weil"): what it
   * names is the reason, not asked for. */
  because: string[];
  /** The pronouns of a third person as subject, as written ("she", "lei", "elle", "él", "sie"): a phrase they
   * open tells of someone. */
  thirdPerson: string[];
  /** Records shown marked where a number passes a bound ("highlight readings under 4 or over 10"): the words of
   * marking, of a bound below and above, and of being outside a range (`flags.ts`). */
  flagging: Record<"marking" | "below" | "above" | "outside", string[]>;
  /** Figures worked out from a record's own numbers (`worked-out.ts`): the words of a sale less a cost
   * ("profit", "guadagno", "Marge") and of the cost itself, of a pace (time per distance), the words of "per"
   * beyond the rate's ("au kilo", "al chilo"), and of minus and times between two numbers ("hours x rate"). */
  workedOut: Record<"difference" | "cost" | "pace" | "per" | "minus" | "times", string[]>;
  /** Figures the prompt states rather than names by a computing word (`worked-figures.ts`): the nouns of a rate
   * per hour stated as a fact (`hourlyRate`: "hourly rate", "tariffa oraria", "taux horaire", "Stundensatz")
   * and the language's hour (`hour`); the nouns of a part of a price paid first (`share`: "deposit", "acconto",
   * "acompte", "señal", "Anzahlung"), the word of "after" that asks what is left of the price once it is paid
   * (`after`) and that figure's name (`rest`); the words a sum is converted into a currency by (`into`: "in",
   * "en", "a") and the words of converting (`converted`: "converted", "convertite", "umgerechnet"); the words
   * that ask how long a stock lasts (`lasting`: "how long", "quanto dura", "wie lange"), the nouns of what holds
   * it (`stock`: "bag", "sacco", "Sack") and the names of its figures (`lasts`, `perDay`). */
  workedFigures: Record<
    | "hourlyRate"
    | "hour"
    | "share"
    | "after"
    | "rest"
    | "into"
    | "converted"
    | "lasting"
    | "stock"
    | "lasts"
    | "perDay",
    string[]
  >;
  /** The question words of how much and when: a phrase they open asks about its subject, never names it
   * ("quanto spendo", "how far I run"). */
  questions: string[];
  /** The questions that ask what a record keeps, by the field's type and then its name ("how far" a number,
   * "distance"; "how I felt" a rating, "mood"; "what I did", "activity"): a field they open is named by the thing
   * asked, not by the question's verb. */
  asked: Record<string, Record<string, string[]>>;
  /** The questions that name a record's fields ("who", "since when", "how hot", "con chi", "wie schwer"), by
   * the field's type and then its name, and the usual unit of each measure they ask ("temperature": "°C"). */
  questionFields: { fields: Record<string, Record<string, string[]>>; units: Record<string, string> };
  /** The verbs of seeing, showing and knowing: a question of how many or how much after one asks a figure
   * ("see how many", "sapere quanto"), while one among a record's fields names a field of it. */
  see: string[];
  /** The words of `and` that offer alternatives ("privat oder geschäftlich"). */
  or: string[];
  /** The words that join a noun to its complement ("code de la route", "lista della spesa"). */
  of: string[];
  verbs: string[];
  asks: Record<string, string[]>;
  fields: Record<string, string[]>;
  changes: Record<string, string[]>;
  /** Asking for large type or controls ("big font", "scritte grandi", "große Knöpfe"): a theme ask. */
  largeText: string[];
  /** Bare comparatives of size ("bigger", "plus gros", "più grande", "größer"): in a follow-up, which changes
   * a whole app, there is nothing else to make bigger than its type. */
  larger: string[];
  /** Asking for strong contrast ("high contrast", "couleurs contrastées", "kontrastreich"): a theme ask. */
  contrast: string[];
  /** A follow-up's rename as users phrase it: a verb of replacing, the old words, a word of `to`, the new
   * ("replace « cousins » with « joueurs »", "cambia X por Y"), or the new and the old across a word of
   * `instead` ("chiamalo Y invece di X", "statt „Striche“ bitte „Tassen“"). */
  renaming: Record<"verbs" | "to" | "instead", string[]>;
  languages: Record<string, string[]>;
  /** Negations: a cue right after one is refused, not asked ("no charts", "niente grafici", "sans pub"). */
  not: string[];
  /** The words before a language's name that ask for the interface in it ("in German", "en français"). */
  languageIn: string[];
  /** Nouns of a language's units (words, verbs, phrases, idioms, vocabulary): qualified by a language's name
   * they are that language's vocabulary to learn (`language-units.ts`). */
  languageUnits: string[];
  /** What a quiz keeps itself, named beside it: its score, best, questions and mistakes, kept or saved (`kept`), and the
   * answers each question offers (`choices`, "4 choices", "3 Antworten zur Auswahl") (`quiz-keeps.ts`). */
  quizKeeps: Record<"kept" | "choices", string[]>;
  /** Verbs of keeping things ("save", "conservare", "garder", "guardar", "aufbewahren") and the words of money
   * they may keep instead ("money", "soldi", "argent", "dinero", "Geld") (`stored.ts`). */
  storing: Record<"verbs" | "money", string[]>;
  /** Nouns that count one of a thing, singular to plural ("bottle": "bottles", "barattolo": "barattoli",
   * "bouteille", "botella", "Flasche"): a bottle of wine is a wine, so records kept as such units are called by
   * them, their concept's fields and samples kept (`../compose-spec/count-noun.ts`). None is a heap of
   * `amounts` ("a load of", "un paio di"). */
  countNouns: Record<string, string>;
  /** Verbs of booking a thing ("reserve", "prenotare", "réserver", "reservar", "reservieren") and the noun of
   * what each booking keeps (`records`: singular, plural, "Prenotazione", "Prenotazioni"): records kept by
   * booking a thing are its bookings, the thing names the app (`../compose-spec/booking.ts`). */
  booking: { verbs: string[]; records: string[] };
  /** The nouns of the records a business keeps of what its customers order, book or rent (`records`:
   * "bookings", "noleggi", "rendez-vous", "alquileres", "Termine", and a German compound's last part,
   * "Fahrrad|verleih") and the verbs of ordering, booking and renting, as written (`verbs`: "rent out",
   * "prenotano", "louer", "alquilo", "vermieten"): a business's records of them are an `order` ask
   * (`orders-taken.ts`). */
  ordersTaken: { records: string[]; verbs: string[] };
  /** The nouns of a list as a thing (`nouns`: "list", "checklist", "elenco", "liste", "listado", a German
   * compound's last part "-liste") and the words after them that open what it lists (`of`: "of", "dei",
   * "des", "de", "der", "mit") (`named-list.ts`). */
  namedList: Record<"nouns" | "of", string[]>;
  /** Persons a prompt names one by one after their noun or their number ("2 gesellen (Tobi und Marco)", "nos
   * enfants (Léa 9 ans et Tom 6 ans)", "me, Dan and Mo"): nouns of persons who act besides `persons` (`nouns`:
   * "baristas", "camerieri", "infirmières", "mecánicos", "Gesellen"), the words of an age after a name's number
   * (`age`: "years", "anni", "ans", "años", "Jahre") and the speaker's own word in such a list (`me`: "me",
   * "io", "moi", "yo", "ich") (`named-persons.ts`). */
  namedPersons: Record<"nouns" | "age" | "me", string[]>;
  /** Who was there, came or sent something back, asked of each record ("who came each time", "chi c'è e chi
   * manca", "quien vino cada dia", "wer gekommen ist", "who sent one back"): the verbs of being there or not
   * (`present`, any form), the particles that say a thing came back (`back`: "back", "indietro", "zurück") and
   * the name of the tick of presence (`name`: "present", "presente", "présent", "anwesend")
   * (`who-ticks.ts`). */
  whoTick: { present: string[]; back: string[]; name: string };
  /** What the speaker lacks of what they keep, after a relative word ("the ones I'm missing", "quelli che mi
   * mancano", "ceux qui me manquent", "los que me faltan", "die mir fehlen"): the words of lacking (`lacking`)
   * and the name of the tick (`name`: "missing", "mancante", "manquant", "me falta", "fehlt")
   * (`missing-ticks.ts`). */
  missingTick: { lacking: string[]; name: string };
  /** Records grouped into kinds (`grouped-kinds.ts`): the participles of grouping them (`verbs`: "grouped",
   * "divise", "classés", "organizadas", "sortiert") before a word of breakdown (`groupedBy`), the nouns of a
   * kind in general (`generic`: "type", "tipo", "catégorie", "clase", "Art") and of a kind that names its own
   * field (`kinds`: "genre", "stanza", "pièce", "género", "Raum"). */
  groupedInto: Record<"verbs" | "generic" | "kinds", string[]>;
  /** Names of languages the UI does not speak ("Japanese", "cinese", "russe"): what language units may be in. */
  otherLanguages: string[];
  /** Exams and tests ("esame", "Prüfung"): what one is of is the topic of the prompt's quiz. */
  exams: string[];
  /** The prepositions of what a thing is about ("quiz about the moon", "sulla", "sur", "sobre", "über"). */
  about: string[];
  /** The nouns that label what a quiz or a list is about (`words`: "topic", "argomento", "thème", "tema",
   * "Thema") and what joins them to it (`is`: the copula, ":" or "="): "topic is world capitals". */
  topic: Record<"words" | "is", string[]>;
  /** The nouns of an indefinite amount or a heap ("a bunch of", "un sacco di", "un tas de", "un montón de",
   * "eine Reihe von", "eine Menge"): what they hold, after their "of", names the records, never they. */
  amounts: string[];
  /** The prepositions of being inside ("in", "nel", "dans", "en", "im"): a noun after one ("what's in my
   * freezer", "cosa c'è nel congelatore") is where the records are, not them. */
  inside: string[];
  /** The words between an amount and what it is paid for, which make it a rate: `per` before any noun
   * ("2 € pro Kind", "50 € per lezione"), `the` (articles) only before a unit of time or measure ("$14 an
   * hour", "15 euro l'ora", "3 € le kilo"); `costs`, the verbs between one thing and what it costs ("a beer is
   * $3", "un caffè costa 1 €", "ein Kaffee kostet 0,50 €"), which make the amount a rate of that thing. */
  rate: Record<"per" | "the" | "costs", string[]>;
  /** An order asked as a place in it: a superlative (`most` and the word after it, or a word the
   * `superlative` pattern matches, as folded) a few words from a word of the `first` place ("cheapest first",
   * "prima quelli col voto più alto", "die neuesten zuerst"), or right after a `from` word ("dalla più cara",
   * "du plus récent", "vom teuersten"); or the records named by a pronoun, `ones`, and what they are a few
   * words before that place ("the overdue ones at the top", "celles du jour en premier"). */
  ranked: Record<"first" | "most" | "from" | "ones", string[]> & { superlative: string };
  /** The words before what a figure or a chart is broken down by ("sends per grade", "la spesa per ogni tipo",
   * "le total par pièce", "horas de cada asignatura", "Stunden pro Baustelle"): its categories. */
  groupedBy: string[];
  /** The words after a verb of sorting, or before it where the verb ends the clause, that open what the records
   * are sorted by ("sorted by year", "ordinati per voto", "triés par auteur", "ordenados por fecha",
   * "nach Datum sortiert"); a search's words ("search by ingredient") open what it finds by the same way. */
  sortedBy: string[];
  /** The words of the order a sort asks: `descending` ("newest", "highest", "dal più", "les plus récents",
   * "neueste") or `ascending` ("oldest", "cheapest", "meno", "de menor a mayor", "aufsteigend"). */
  sortOrder: Record<"descending" | "ascending", string[]>;
  /** Records asked seen only in a state (`filtered.ts`): a word of `only` after a verb of seeing ("see only the
   * unpaid ones", "nur die offenen anzeigen"), or a word of `who` and within a few words one of a missing or
   * late `state` ("see who's late", "ver quién no ha pagado"): a search. */
  filterShown: Record<"only" | "who" | "state", string[]>;
  /** The words of a sort by speed (`sort-by.ts`): `fast` ("fastest", "più veloci", "les plus rapides") orders a
   * time taken shortest first, `slow` longest first. */
  sortSpeed: Record<"fast" | "slow", string[]>;
  /** A sort asked by the noun of an order (`ordered.ts`): `noun` after one of `opens`, a word between in English
   * ("in time order", "in ordine", "l'ordre de la tournée", "en orden de llegada", "die Reihenfolge"), before a
   * word of `then` where the language lists any, and before none of `notThen` ("in order to"). */
  orderedAs: Record<"opens" | "noun" | "then" | "notThen", string[]>;
  /** A sort asked as who leads (`ordered.ts`): a word of `who` and, a few words on, one of `leads` ("who's on
   * top", "chi è in testa", "qui est en tête", "quién va primero", "wer insgesamt vorne liegt"). */
  leading: Record<"who" | "leads", string[]>;
  /** A yes/no asked as a question of whether something happened: `if` followed, across function words
   * only, by an auxiliary of what is `done` ("si j'ai pris", "se l'ho pagata", "si ya ha pagado"), or a
   * word followed by `orNot` ("confirmed or not", "payé ou pas", "spielt oder nicht"), or `who` did and
   * "and" `who` then `no` did not ("quién ha pagado y quién no", "wer kommt und wer nicht"); `if`, a
   * subject and an auxiliary then a word the `participle` pattern matches, as written ("si le médicament a
   * été donné"); or a verb that will `mark` a record `as` a state ("segnare ogni libro come restituito");
   * or, among a record's fields, `who` then an auxiliary it `has` and a participle ("who has replied", "chi
   * ha pagato"; English "who's" holds its auxiliary). After `if`, a word of `already` ("si ya saqué", "ob schon
   * bezahlt") asks what was done whatever its form. The `participle` pattern holds the irregular ones too
   * ("preso", "ouvert", "escrito", "abgeholt", "took"). A state joined to itself with a `negative` prefix
   * ("safe and unsafe", "payées ou impayées", "giftig oder ungiftig") or after a `no` word asks whether.
   * The word for `yes` ("ja/nein") never ends a tick's label. */
  whether:
    & Record<
      "if" | "done" | "orNot" | "negative" | "who" | "no" | "as" | "mark" | "has" | "already" | "yes",
      string[]
    >
    & {
      participle: string;
      /** Where the speaker's simple past is no participle ("si ya regué"), pairs of its ending and the
       * participle's that replaces it ("regado"): a tick is named by the state. */
      past: string[][];
      /** The name of the state records are marked as where more than one is offered ("mark each as shipped,
       * delivered or returned": "status", "stato", "statut", "estado", "Status"). */
      state: string;
    };
  time: Record<
    | "at"
    /** The words of "at" that name the hour, an article of the hours ("alle", "a las"): a number after them is
     * a time of day whatever follows it ("alle 8 riunione"). */
    | "atHour"
    | "every"
    | "from"
    | "to"
    | "per"
    | "times"
    | "on"
    | "off"
    | "rounds"
    | "noon"
    | "midnight"
    | "am"
    | "pm"
    /** The words before a part of the day that say something happens then ("in the morning", "la sera"). */
    | "dayPart",
    string[]
  >;
  adverbs: Record<string, string>;
  /** The parts of the day and the hour each stands for, when a recurrence names one ("every evening", "ogni
   * mattina", "tous les soirs", "cada noche", "jeden Abend", "abends"): when its reminder rings. */
  dayParts: Record<string, string>;
  counts: Record<string, number>;
  weekdays: Record<string, number>;
  /** The weekdays' short forms ("mon", "gio", "jeu", "mié", "Fr"): a weekday only beside another one, joined
   * by a dash or a slash ("Mo–Fr", "lun/ven"), as alone most are other words ("mar", "jeu", "so"). */
  weekdaysShort: Record<string, number>;
  /** The words of several days, each of them ("weekdays", "am Wochenende", "fines de semana"; 0 is Sunday). */
  dayGroups: Record<string, number[]>;
  /** The words before "each" and a noun that make it an event that comes again ("after each practice", "dopo
   * ogni allenamento", "bei jeder Durchsicht"): a log of it. */
  afterEach: string[];
  /** Money spent or received, named as a noun ("expenses", "spese", "Einzahlungen") or a verb ("what I spend
   * on"), what it is for after an `on` word ("on", "per", "pour", "en", "für"), and the names of the fields of a
   * log of it: its amount, its date and the category of what it went on. */
  spending: {
    nouns: string[];
    verbs: string[];
    on: string[];
    amount: string;
    date: string;
    category: string;
  };
  /** The words of "each" before a noun whose records the fields after it describe ("for each book: title",
   * "per ogni tappa con data", "pro Marke Land und Jahr"). */
  eachRecord: string[];
  /** The ordinal words, and "other", with their place (last: -1): before a weekday "the first Sunday of the
   * month", after "every" a step of units ("every other week", "jede zweite Woche"). */
  ordinals: Record<string, number>;
  /** The words that make a unit of time come every second one, before it ("alternate weeks") or after it ("a
   * settimane alterne", "une semaine sur deux"). */
  alternate: { before: string[]; after: string[] };
  /** The words of a log's event that comes again ("every time", "ogni volta", "chaque fois", "cada vez",
   * "jedes Mal"): the clause after them is that event, and the noun phrase it ends on what the log is of. */
  everyTime: string[];
  /** The words of the last time an event came ("when I last", "l'ultima volta", "la dernière fois", "la última
   * vez", "wann ich zuletzt"): it comes again and is noted each time, as after `everyTime`. */
  lastTime: string[];
  /** Things the speaker wants, lacks or has still to do, said after their noun: the words that open the clause
   * of the speaker (a relative, their pronoun), the `words` of wanting, needing or lacking within it ("that I
   * want", "che mi mancano", "die ich noch lesen will"), and the `toDo` words before an infinitive ("films à
   * voir", "libri da leggere"), and the verbs of having they end on ("i vini che ho in cantina", "the games I
   * own"): a list of those things, no log. */
  wanted: { opens: string[]; words: string[]; owning: string[]; toDo: string[]; saying: string[] };
  /** The plural endings of nouns made from a verb, each naming one act of it ("workouts", "le uscite", "les
   * sorties", "las llamadas", "Einzahlungen"): records kept as they happen, a log. English "-ings" names
   * things as often ("paintings", "earrings") and is left out. */
  actNouns: string[];
  /** Verbs of doing things a number of times ("do 50 push-ups a day", "fare 50 flessioni", "3 Bücher im Monat
   * lesen"): the number beside one, with the noun it counts, is an amount of an activity (`per-period.ts`). */
  doing: string[];
  /** Who did what to which thing ("which neighbour borrowed which tool and when"): the nouns of a turn of duty
   * (`turns`, by stem: "shift", "turno", "Schicht"), which with a time make it a rota, the words that ask
   * `when`, matched as written, and the verbs of a loan (`lend`: lending, borrowing and giving back, by stem),
   * with the names of the fields each record of it has: the `person`, the `date` and whether it was
   * `returned`. */
  assigned: {
    turns: string[];
    when: string[];
    lend: string[];
    person: string;
    date: string;
    returned: string;
  };
  /** Turns among persons: the words of taking turns (`turns`, by stem: "take turns", "a turno", "à tour de
   * rôle", "por turnos", "abwechselnd", a rota), the nouns of household chores (`chores`, as written: "chores",
   * "faccende", "corvées", "quehaceres", "Putzplan") and the verbs of sharing a thing (`share`, by stem:
   * "share", "condividere", "partager", "compartir", "teilen"), which before a "between" word and a number of
   * anyone make them persons. Either among persons is who does it when: the people block. A person said
   * with a word of another (`different`, as written: "a different member", "uno diverso", "jemand anderes";
   * `someone`, as written, the pronouns that stand for a person: "one", "uno", "jemand") each time a recurrence
   * says takes turns too; the speaker's group (`we`, as written: "we", "noi", "nous", "nosotros", "wir") is
   * who takes them where no one else is named. */
  rotation: {
    turns: string[];
    chores: string[];
    share: string[];
    different: string[];
    someone: string[];
    we: string[];
    /** What stands between a task's verb and its object besides an article: the verb's particles and the
     * prepositions joined to an article ("taking out the trash", "sacar al perro"). */
    objectLead: string[];
  };
  /** The seasons and the weekend ("summer", "fine settimana", "Wochenende"): like the parts of the day, the
   * weekdays and the months, a time when things happen, never what an app is about. */
  seasons: string[];
  /** The words that make a period the current one ("today", "this month", "quest'anno", "diese Woche"): alone
   * it says when the records are, not a figure over them. */
  current: string[];
  periods: Record<string, string>;
  timeUnits: Record<string, string>;
  /** Plans no plan's noun names (`plans.ts`): the words of what (`what`: "what", "cosa", "quels", "qué", "was")
   * that before an infinitive (by its ending, after a `to` word: "to", "zu") or a verb of obligation
   * (`should`, and `must`: "should", "il faut", "soll") ask what to do; the nouns of a trip's stages
   * (`stages`: "stages", "tappe", "étapes", "etapas", "Etappen") and of a regular session (`sessions`:
   * "lesson", "corso", "séance", "clase", "Unterricht"), by stem. */
  plans: Record<"what" | "to" | "should" | "stages" | "sessions", string[]>;
  /** Timetables stated as facts (`stated-schedule.ts`): the nouns of what is done at set times besides the
   * regular sessions (`done`: "checks", "controlli", "mesures", "ejercicios", "Übungen"), whose times, times a
   * day or weeks are their timetable, and the words of a time set ahead (`planned`: "planned", "previsto",
   * "prévue", "prevista", "geplant"), which make a time field the hour each record is set for, and the words
   * after a number that make it an hour (`hours`: "o'clock", "h", "Uhr"). */
  statedSchedule: Record<"done" | "planned" | "hours", string[]>;
  /** Questions of when something falls due or how often it must be done (`due-question.ts`): the words that
   * open one (`asks`: "when", "how often", "ogni quanto", "tous les combien", "cada cuántos", "wie oft") and
   * those of its falling due or being needed (`due`: "due", "tocca", "faut", "le toca", "hay que", "fällig"). */
  dueQuestion: Record<"asks" | "due", string[]>;
  /** The nouns of records of a kind kept one by one (events, documents, things: "visit", "infortunio",
   * "pesée", "caída", "Spaziergang"), by stem, a German compound by its ending: one named bare after others
   * with fields of their own is records of its own (`kind-row.ts`). */
  recordKinds: string[];
  /** A short prompt of the speaker's own things (`possessed-list.ts`): the words of a score given to each
   * (`scores`: "score", "punteggio", "points", "puntuación", "Punkte"), which beside them ask a rating of each,
   * no quiz. */
  possessedList: { scores: string[] };
  /** Things listed each with its dose or its sets and repetitions (`dosed-items.ts`): the units a dose is
   * counted in (`units`: "mg", "gocce", "gouttes", "comprimidos", "Tropfen"), matched as written; the words of a
   * set of repetitions (`setWords`: "sets", "serie", "séries", "Sätze"), which beside such items name no subject
   * ("segnare le serie fatte" is no watchlist of TV series); the labels of the fields such records keep
   * (`labels`: a dose, sets, repetitions, when) and of the records where none the prompt names keeps them
   * (`dosed`: "Medicines", `exercises`: "Exercises", each the plural then the singular). */
  dosedItems: {
    units: string[];
    setWords: string[];
    labels:
      & Record<"dose" | "sets" | "reps" | "when", string>
      & Record<"dosed" | "exercises", string[]>;
  };
}

export const LEXICONS: Record<UiLanguage, Lexicon> = { en, it, fr, es, de };

/** A phrase of the data, as stems, with what it stands for. */
export interface Cue {
  key: string;
  stems: readonly string[];
  /** The phrase as written, folded. */
  folded: string;
}

/** Cues indexed by their first stem; each bucket longest first. */
export type CueIndex = Map<string, Cue[]>;

export function cueIndex(entries: Record<string, string[]>, language: UiLanguage): CueIndex {
  const index: CueIndex = new Map();
  for (const [key, phrases] of Object.entries(entries)) {
    for (const phrase of phrases) {
      const stems = stemPhrase(phrase, language);
      if (!stems.length) continue;
      const bucket = index.get(stems[0]) ?? [];
      bucket.push({ key, stems, folded: fold(phrase) });
      index.set(stems[0], bucket);
    }
  }
  for (const bucket of index.values()) bucket.sort((a, b) => b.stems.length - a.stems.length);
  return index;
}

export interface CueMatch {
  key: string;
  /** Token positions, end exclusive. */
  from: number;
  to: number;
}

/** Every key's longest cue at every position, overlaps allowed: how several concepts share a word ("books"
 * names a reading log and a book list), each counted once where its longer phrase covers a shorter one. */
export function matchEveryKey(stems: readonly string[], index: CueIndex): CueMatch[] {
  const found: CueMatch[] = [];
  const reach = new Map<string, number>();
  for (let i = 0; i < stems.length; i++) {
    for (const cue of index.get(stems[i]) ?? []) {
      if ((reach.get(cue.key) ?? 0) > i || !cue.stems.every((s, k) => stems[i + k] === s)) continue;
      found.push({ key: cue.key, from: i, to: i + cue.stems.length });
      reach.set(cue.key, i + cue.stems.length);
    }
  }
  return found;
}

/** A compound's head is its last part: "Fütterungsplan" is a plan, "Gießerinnerung" a reminder. */
const HEAD_MIN = 4;
const heads = new WeakMap<CueIndex, Map<string, { order: number; cue: Cue }[]>>();
function compoundHead(stem: string, word: string, index: CueIndex): Cue | undefined {
  let single = heads.get(index);
  if (!single) heads.set(index, single = headsByEnding(index));
  // The stemmer may cut a compound elsewhere than its head ("Belegungskalender" → "belegungskal"), so the
  // word as written is compared too.
  const ends = (whole: string, part: string) => whole.length > part.length + 2 && whole.endsWith(part);
  // (The first cue in the index's order that either ending holds.)
  let best: { order: number; cue: Cue } | undefined;
  for (
    const candidate of [...single.get(stem.slice(-ENDING)) ?? [], ...single.get(word.slice(-ENDING)) ?? []]
  ) {
    const { order, cue } = candidate;
    if ((best === undefined || order < best.order) && (ends(stem, cue.stems[0]) || ends(word, cue.folded))) {
      best = candidate;
    }
  }
  return best?.cue;
}

/** The letters a head's ending is looked up by: fewer than any head has. */
const ENDING = 3;

/** The index's one-word cues long enough to be a compound's head, in the index's order, by the last letters of
 * their stem and of their folded word (a word ends in a head only where it ends in these). */
function headsByEnding(index: CueIndex): Map<string, { order: number; cue: Cue }[]> {
  const byEnding = new Map<string, { order: number; cue: Cue }[]>();
  const add = (ending: string, entry: { order: number; cue: Cue }) => {
    const list = byEnding.get(ending) ?? [];
    if (!list.includes(entry)) list.push(entry);
    byEnding.set(ending, list);
  };
  [...index.values()].flat().filter((c) => c.stems.length === 1 && c.stems[0].length >= HEAD_MIN)
    .forEach((cue, order) => {
      const entry = { order, cue };
      add(cue.stems[0].slice(-ENDING), entry);
      add(cue.folded.slice(-ENDING), entry);
    });
  return byEnding;
}

/** Every cue in the stems, longest at each position; one token belongs to one match per index. Given the
 * words as written (`compounds`, for German), a word that ends in a one-word cue matches it too. Given the
 * words as written (`written`), cues of one length sharing a stem go to the one written nearest the word
 * (Italian "ordinare" sorts, "ordinazione" orders, both stemmed "ordin"). */
export function matchCues(
  stems: readonly string[],
  index: CueIndex,
  compounds?: string[],
  written?: string[],
): CueMatch[] {
  const found: CueMatch[] = [];
  for (let i = 0; i < stems.length;) {
    const entries = index.get(stems[i]);
    // (Most words are no cue: they cost one lookup.)
    if (!entries && !compounds) {
      i++;
      continue;
    }
    const fits = (entries ?? []).filter((cue) => cue.stems.every((s, k) => stems[i + k] === s));
    const longest = fits.filter((cue) => cue.stems.length === fits[0]?.stems.length);
    const word = written?.[i];
    const hit = (word && longest.length > 1
      ? longest.reduce((
        a,
        b,
      ) => (distance(b.folded.split(" ")[0], word) < distance(a.folded.split(" ")[0], word) ? b : a))
      : longest[0]) ??
      (compounds ? compoundHead(stems[i], compounds[i], index) : undefined);
    if (hit) {
      found.push({ key: hit.key, from: i, to: i + (stems[i] === hit.stems[0] ? hit.stems.length : 1) });
      i += found[found.length - 1].to - i;
    } else i++;
  }
  return found;
}

/** The edit distance of two words (Levenshtein). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

/** Whether the language has a cue or a function word for the word. */
function knows(token: Token, language: UiLanguage): boolean {
  const cues = CUES[language];
  const s = stem(token.text, language);
  return cues.stop.has(token.norm) || cues.asks.has(s) || cues.fields.has(s) || cues.changes.has(s);
}

/** Whether a language knows a word besides its lexicon (the words its concepts name a subject with). */
export type Knows = (token: Token, language: UiLanguage) => boolean;

/** For each UI language, the share of the text's words its lexicon (or `also`) knows: the vote of
 * detectLanguage. */
export function lexiconVote(text: string, also?: Knows): (language: UiLanguage) => number {
  const tokens = words(text).filter((t) => t.kind === "word");
  return (language) =>
    tokens.filter((t) => knows(t, language) || also?.(t, language)).length / Math.max(tokens.length, 1);
}

// A clause's tokens are stemmed by many readers in turn: each array's stems are kept while it lives (read-only,
// as every reader shares them).
const stemmed = new WeakMap<readonly Token[], Partial<Record<UiLanguage, readonly string[]>>>();

/** Stems of the tokens, in the language; in German a separable verb as its infinitive's. */
export function stemTokens(tokens: readonly Token[], language: UiLanguage): readonly string[] {
  let kept = stemmed.get(tokens);
  if (!kept) stemmed.set(tokens, kept = {});
  let stems = kept[language];
  if (!stems) {
    const own = tokens.map((t) => (t.kind === "word" ? stem(t.norm, language) : t.norm));
    stems = kept[language] = Object.freeze(language === "de" ? joinParticles(tokens, own) : own);
  }
  return stems;
}

// A German separable verb leaves its particle at the end of the clause, or before the question that follows
// ("trag meine Ausgaben ein", "hak die Aufgaben ab", "schreib mir auf, wann…"): the nearest word before it,
// within the clause, that joined to it is a cue ("eintragen", "abhaken", "aufschreiben") is that cue. A
// particle before an article, a determiner or a noun is a preposition ("erinnere mich an die Tabletten").
function joinParticles(tokens: readonly Token[], stems: readonly string[]): string[] {
  const { asks, verbs, stop } = CUES.de;
  const known = (s: string) => asks.has(s) || verbs.has(s);
  const object = GERMAN_OBJECT_WORDS ??= wordSet([...de.articles, ...de.determiners]);
  const joined = [...stems];
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (
      !PARTICLES.has(t.norm) ||
      (next?.kind === "word" && (!stop.has(next.norm) || object.has(next.norm))) || next?.kind === "number"
    ) return;
    for (let k = i - 1; k >= 0 && tokens[k].kind === "word"; k--) {
      const verb = stem(t.norm + tokens[k].norm, "de");
      if (!known(verb)) continue;
      joined[k] = verb;
      return;
    }
  });
  return joined;
}

/** The German articles and determiners, folded once (on the first German prompt: the lexicons load first). */
let GERMAN_OBJECT_WORDS: Set<string> | undefined;

/** A folded set of a word list, for closed classes matched as written (articles, time words). */
export function wordSet(list: string[]): Set<string> {
  return new Set(list.map(fold));
}

/** An infinitive with a pronoun joined ("segnarle", "apuntarlos"), by the lexicon's endings and `joined`
 * pronouns; an Italian infinitive drops its last "e" before one. Two letters at least come before the ending,
 * so no noun ("perle", "Carlos") is taken for one. */
const JOINED_VERB = Object.fromEntries(
  UI_LANGUAGES.map((l) => {
    const { endings, joined } = LEXICONS[l].infinitive;
    const bare = [...new Set(endings.map((e) => (l === "it" ? e.replace(/e$/, "") : e)))];
    return [
      l,
      joined.length ? new RegExp(`^\\p{L}{2,}(?:${bare.join("|")})(?:${joined.join("|")})$`, "u") : null,
    ];
  }),
) as Record<UiLanguage, RegExp | null>;

/** Whether a folded word is a verb with its pronouns joined, which names no thing. */
export const joinedVerb = (norm: string, language: UiLanguage): boolean =>
  JOINED_VERB[language]?.test(norm) ?? false;

/** The words of hours, minutes and seconds that no cue of a time of day is written as ("hours", not "hour"). */
export const CLOCK_UNITS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const clock = new Set(lex.fields.time.map(fold));
    const units = Object.entries(lex.timeUnits).filter(([w, u]) =>
      ["s", "min", "h"].includes(u) && w.length > 1 && !clock.has(fold(w))
    );
    return [l, new Set(units.map(([w]) => fold(w)))];
  }),
) as Record<UiLanguage, Set<string>>;

/** A phrase's words, as a prompt's tokens are compared with them. */
/** A phrase's words as a prompt's tokens are: an elided article at its end is kept whole ("de l'" is "de", "l'",
 * as "de l'ordre" is read), which alone the tokenizer would cut from its apostrophe. */
export const phraseWords = (phrase: string): string[] =>
  phrase.endsWith("'")
    ? words(`${phrase}x`).slice(0, -1).map((t) => t.norm)
    : words(phrase).map((t) => t.norm);

/** Each language's phrases of a pick from its lexicon, longest first, so that a longer phrase is found before
 * one it starts with ("for each" before "each"). */
export function phrasesPerLanguage(
  pick: (lexicon: Lexicon, language: UiLanguage) => string[],
): Record<UiLanguage, string[][]> {
  return Object.fromEntries(
    UI_LANGUAGES.map((l) => [l, pick(LEXICONS[l], l).map(phraseWords).sort((a, b) => b.length - a.length)]),
  ) as Record<UiLanguage, string[][]>;
}

/** Whether a phrase's words stand in the tokens from `i` on. */
export const phraseAt = (
  tokens: readonly { norm: string }[],
  i: number,
  phrase: readonly string[],
): boolean => phrase.every((w, k) => tokens[i + k]?.norm === w);

/** The first of the phrases (longest first, as `phrasesPerLanguage` sorts them) whose words stand in the tokens
 * from `i` on. */
export function phraseFrom(
  tokens: readonly { norm: string }[],
  i: number,
  phrases: readonly (readonly string[])[],
): readonly string[] | undefined {
  let index = byFirstWord.get(phrases);
  if (index === undefined) {
    // (A phrase without words stands anywhere: a list holding one is read in order.)
    index = phrases.length < BY_FIRST_WORD_FROM || phrases.some((p) => !p.length)
      ? null
      : Map.groupBy(phrases, (p) => p[0]);
    byFirstWord.set(phrases, index);
  }
  if (!index) return phrases.find((p) => phraseAt(tokens, i, p));
  return index.get(tokens[i]?.norm)?.find((p) => phraseAt(tokens, i, p));
}

// A long list of phrases is looked up by the token's word, each list indexed once: most tokens start none.
const BY_FIRST_WORD_FROM = 8;
const byFirstWord = new WeakMap<
  readonly (readonly string[])[],
  Map<string | undefined, (readonly string[])[]> | null
>();

/** One closed class of every lexicon as a word set, by language: folded, or as `normalize` writes each word
 * (lower case only, where accents tell words apart: "où" is no "ou"). */
export function perLanguage(
  pick: (lexicon: Lexicon, language: UiLanguage) => string[],
  normalize: (word: string) => string = fold,
): Record<UiLanguage, Set<string>> {
  return Object.fromEntries(
    UI_LANGUAGES.map((l) => [l, new Set(pick(LEXICONS[l], l).map(normalize))]),
  ) as Record<UiLanguage, Set<string>>;
}

/** The language's words of "of" that stand alone ("of", "di", "dell'", "des", "von"), as a token is compared
 * with them. */
export const OF_WORDS = perLanguage((lex) => lex.of.filter((w) => !w.includes(" ")));
/** Every word of the language's "of" phrases ("de la" gives "de" and "la"). */
export const OF_PARTS = perLanguage((lex) => lex.of.flatMap((p) => p.split(" ")));

const AMOUNTS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    { amounts: wordSet(lex.amounts), of: OF_WORDS[l as UiLanguage] },
  ]),
) as Record<UiLanguage, Record<"amounts" | "of", Set<string>>>;

/** Where what an amount or a heap at `i` of folded words holds begins: after its words and their "of" ("a
 * whole lot of games", "un mucchio di ricette") or, in German, before the noun that follows ("eine Menge
 * Bücher"); `i` where no amount is there. */
export function amountHeld(norms: string[], i: number, language: UiLanguage): number {
  const { amounts, of } = AMOUNTS[language];
  let k = i;
  while (k < norms.length && amounts.has(norms[k])) k++;
  if (k === i) return i;
  if (of.has(norms[k] ?? "")) return k + 1;
  const noun = /\p{L}/u.test(norms[k] ?? "") && !CUES[language].stop.has(norms[k]);
  return language === "de" && noun ? k : i;
}

const INSIDE = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.inside)]),
) as Record<UiLanguage, Set<string>>;

/** Whether the prompt writes a word only after a preposition of being inside, across articles and
 * possessives ("what's in the cellar freezer", "was ist in der Gefriertruhe"): it names where the records are. */
export function namesPlace(prompt: string, word: string, language: UiLanguage): boolean {
  const norms = words(prompt).map((t) => t.norm);
  const [first] = words(word).map((t) => t.norm);
  const at = norms.flatMap((w, i) => w === first ? [i] : []);
  const inside = (i: number) => {
    let k = i - 1;
    while (k >= 0 && !INSIDE[language].has(norms[k]) && CUES[language].stop.has(norms[k])) k--;
    return INSIDE[language].has(norms[k] ?? "");
  };
  return at.length > 0 && at.every(inside);
}

/** Imperatives that open a verb phrase, matched as written, not by stem: "rate" must not match "rating". */
export const VERBS = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [language, lex],
  ) => [language, wordSet(lex.verbs.map((v) => words(v)[0].text))]),
) as Record<UiLanguage, Set<string>>;

// Words that say it is an app.
export const APP_WORDS = new Set([
  "app",
  "apps",
  "application",
  "applicazione",
  "appli",
  "aplicacion",
  "anwendung",
]);

/** Per language, the cue indexes every stage shares, built once. */
export interface Cues {
  asks: CueIndex;
  fields: CueIndex;
  changes: CueIndex;
  largeText: CueIndex;
  contrast: CueIndex;
  languages: CueIndex;
  verbs: CueIndex;
  stop: Set<string>;
}

export const CUES: Record<UiLanguage, Cues> = Object.fromEntries(
  UI_LANGUAGES.map((language) => {
    const lex = LEXICONS[language];
    return [language, {
      asks: cueIndex({
        ...lex.asks,
        theme: [...lex.asks.theme, ...lex.largeText, ...lex.contrast],
        reminder: [...lex.asks.reminder, ...lex.forget.words],
        // A best, a highest or a lowest asks a figure as any aggregate's words do.
        aggregate: [
          ...lex.asks.aggregate,
          ...lex.aggregates.best,
          ...lex.aggregates.max,
          ...lex.aggregates.min,
        ],
      }, language),
      fields: cueIndex(lex.fields, language),
      changes: cueIndex({
        ...lex.changes,
        theme: [...lex.changes.theme, ...lex.largeText, ...lex.larger, ...lex.contrast],
      }, language),
      largeText: cueIndex({ large: [...lex.largeText, ...lex.larger] }, language),
      contrast: cueIndex({ contrast: lex.contrast }, language),
      languages: cueIndex(lex.languages, language),
      verbs: cueIndex({ verb: lex.verbs }, language),
      stop: wordSet(lex.stop),
    }];
  }),
) as Record<UiLanguage, Cues>;

/** Whether English's lexicon (or `also`) knows every word of the text (and there is at least one), or every
 * word any UI language knows, at least half of them and more than any other UI language does: a word none
 * knows, a name or a borrowed dish ("kombucha brew log"), says nothing of the language. */
export function englishKnowsEveryKnownWord(text: string, also?: Knows): boolean {
  const tokens = words(text).filter((t) => t.kind === "word");
  // (Each word's languages, asked once: `also` looks the word's stem up in every concept's names.)
  const knownBy = tokens.map((t) => UI_LANGUAGES.filter((l) => knows(t, l) || (also?.(t, l) ?? false)));
  const count = (l: UiLanguage) => knownBy.filter((known) => known.includes(l)).length;
  const english = count("en");
  if (english === 0 || english === tokens.length) return english > 0;
  return 2 * english >= tokens.length && UI_LANGUAGES.every((l) => l === "en" || count(l) < english) &&
    knownBy.every((known) => known.length === 0 || known.includes("en"));
}

/** "After each", "à chaque": what follows something that happens; "every time", "cada vez", "jedes Mal": when a
 * clause happens, no records of times. */
export const AFTER_EACH = phrasesPerLanguage((lex) => lex.afterEach);
export const EVERY_TIME = phrasesPerLanguage((lex) => lex.everyTime);
/** "When I last", "la última vez": the event after them came before and comes again. */
export const LAST_TIME = phrasesPerLanguage((lex) => lex.lastTime);
