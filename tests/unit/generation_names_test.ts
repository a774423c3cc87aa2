import assert from "node:assert/strict";
import { changeSpec, composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { itsWord, opening, withoutFigure } from "../../supabase/functions/_generator/compose-spec/names.ts";
import { greeting } from "../../supabase/functions/_generator/understand/aside.ts";
import { CONCEPTS } from "../../supabase/functions/_generator/understand/concepts-index.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;

Deno.test("a name ends before a number of times or a unit of time after a function word", () => {
  assert.equal(name("devo prendere il cortisone due volte al giorno, ricordamelo"), "Cortisone");
  assert.equal(name("tengo que tomar el jarabe tres veces al día, recuérdamelo"), "Jarabe");
  assert.equal(name("my practice streak of days"), "Practice Streak");
  // A unit of time that heads the phrase is what is kept.
  assert.equal(name("heures de piano sur des semaines"), "Heures de piano");
  assert.equal(name("horas de piano por semanas"), "Horas de piano");
});

Deno.test("the prompt's own word for the records' concept names the app rather than the concept's name", () => {
  assert.equal(name("I take antibiotics every 8 hours, remind me"), "Antibiotics");
  assert.equal(name("devo prendere gli integratori ogni mattina alle 8, ricordamelo"), "Integratori");
  assert.equal(
    name("je dois prendre mes antibiotiques toutes les 8 heures, rappelle-moi"),
    "Antibiotiques",
  );
  assert.equal(name("tengo que tomar vitaminas cada mañana, avísame a las 9"), "Vitaminas");
  assert.equal(name("ich muss das Antibiotikum alle 8 Stunden nehmen, erinnere mich"), "Antibiotikum");
  // A verb ("to talk") is no word for the concept.
  assert.notEqual(name("I want to talk to my friends every week, remind me"), "Talk");
});

Deno.test("a name too long loses first what follows 'for' after the words that name the records", () => {
  assert.equal(
    name("fridge temperature readings for the food safety officer"),
    "Fridge Temperature Readings",
  );
  assert.equal(name("glucose readings log for my diabetes nurse"), "Glucose Readings");
  assert.equal(name("Blutzucker Tagebuch für meinen Hausarzt"), "Blutzucker Tagebuch");
  // A name that fits keeps it.
  assert.equal(name("Trainingsplan für meinen Sohn"), "Trainingsplan für meinen Sohn");
  // After an ask's cue alone it says what is timed; before "each" what there is one of.
  assert.equal(name("timer per la plank"), "Timer per la plank");
  assert.equal(name("minuteur pour le gainage"), "Minuteur pour le gainage");
  assert.equal(name("temporizador para las planchas"), "Temporizador para las planchas");
  assert.equal(name("a card for each house with the plants"), "Card for Each House");
});

Deno.test("what 'for' and an indefinite article introduce after a concept's word is what the app aims at", () => {
  assert.equal(name("I'm saving for a new bike, 400 dollars by June"), "Bike");
  assert.equal(name("sto risparmiando per una vespa, 3000 euro entro l'estate"), "Vespa");
  assert.equal(name("j'économise pour un voyage au Japon, 2000 € d'ici août"), "Voyage");
  assert.equal(name("estoy ahorrando para una moto, 1500 euros"), "Moto");
  assert.equal(name("Ich spare für ein gebrauchtes Auto, 5000 Euro bis Dezember"), "Auto");
  // After words no concept has, it is whom the app is for.
  assert.equal(name("mileage tracker for a delivery driver"), "Mileage Tracker");
});

Deno.test("the prompt's word for a concept is one the concept writes so, not another form of its stem", () => {
  const concept = (id: string) => CONCEPTS.find((c) => c.id === id)!;
  const said = (prompt: string, id: string, language: "fr" | "es") =>
    itsWord(prompt, understand(prompt), concept(id), language);
  assert.equal(said("une liste de ce que j'ai stocké au garage", "inventory-item", "fr"), "");
  assert.equal(said("tengo que tomar vitaminas cada mañana", "medication-dose", "es"), "vitaminas");
});

Deno.test("the prompt's word for a concept that only begins like the concept's name is its own", () => {
  const concept = (id: string) => CONCEPTS.find((c) => c.id === id)!;
  const said = (prompt: string, id: string, language: "en" | "it" | "es" | "de") =>
    itsWord(prompt, understand(prompt), concept(id), language);
  assert.equal(said("le doy las medicinas a mi padre por la noche", "medication-dose", "es"), "medicinas");
  assert.equal(said("grandpa forgets his medicines after lunch", "medication-dose", "en"), "medicines");
  // Another form of a word of the concept's name gives way to it.
  assert.equal(said("devo dare i farmaci al nonno la sera", "medication-dose", "it"), "");
  assert.equal(said("ich will jeden Tag Kalorien zählen", "meal-log", "de"), "");
});

Deno.test("the name of a time is no name nor the end of one", () => {
  // After a word of the name and a function word or a deadline's, it says when, not what.
  assert.equal(name("spese del fine settimana"), "Spese");
  assert.equal(name("gastos del fin de semana"), "Gastos");
  assert.equal(name("mes pesées du matin"), "Pesées");
  assert.equal(name("une liste des sorties du week-end"), "Liste des sorties");
  assert.equal(name("Gewicht bis Sommer"), "Gewicht");
  assert.equal(name("Lesetagebuch für den Sommer"), "Lesetagebuch");
  // A time that opens a clause, and the verb after it, name nothing.
  assert.equal(name("d'inverno cucino zuppe, voglio un ricettario"), "Ricettario");
});

Deno.test("what the speaker says they are or run names the app when the main ask's own words do not", () => {
  assert.equal(
    name("I'm a piano tuner working from home. Prices depend on the piano: upright $90, grand $140."),
    "Piano Tuner",
  );
  assert.equal(name("Gestisco un negozio di bici. Riparazioni: cliente, bici, prezzo"), "Negozio di bici");
  assert.equal(
    name("je tiens une librairie et je veux suivre les commandes des clients"),
    "Librairie",
  );
  assert.equal(
    name("Tengo una academia de yoga. Necesito: nombre, teléfono y nivel de las alumnas"),
    "Academia de yoga",
  );
  assert.equal(
    name("Ich bin Hobbyschmied. Bei jedem Auftrag will ich eintragen: Kunde, Stück und Preis"),
    "Hobbyschmied",
  );
  // The main ask's own words, when they name what it keeps, still do.
  assert.equal(
    name("I'm a teacher and I want a quiz on world capitals for my class"),
    "World Capitals Quiz",
  );
});

Deno.test("a greeting that opens the prompt names nothing; the speaker's role or subject after it does", () => {
  assert.equal(
    name(
      "Sehr geehrte Damen und Herren, ich züchte Alpakas und benötige eine Liste meiner Tiere mit Name und Gewicht.",
    ),
    "Alpakas",
  );
  assert.equal(name("Bonjour, je suis fleuriste et je veux suivre les commandes de bouquets"), "Fleuriste");
  assert.equal(name("Madame, Monsieur, je tiens un gîte et je voudrais suivre les réservations."), "Gîte");
  assert.equal(name("Hola, tengo una peluquería canina y necesito apuntar las citas"), "Peluquería canina");
  assert.equal(name("Buongiorno! Colleziono francobolli e vorrei un elenco con paese e anno"), "Francobolli");
  // A greeting runs to the mark after it only when a few words come before it.
  assert.equal(greeting("Hi there! I run a small bakery", "en"), 9);
  assert.equal(greeting("hi i need a water tracker for my long days at the office", "en"), 2);
  assert.equal(greeting("Madame, Monsieur, notre fils", "fr"), 17);
  assert.equal(greeting("Ciao mamma, ti scrivo", "it"), 11);
  assert.equal(greeting("Hallowe'en party list", "de"), 0);
});

Deno.test("the speaker's role is said with or without an article and with verbs of keeping or collecting", () => {
  assert.equal(name("sono infermiera e faccio le notti, vorrei segnarle"), "Infermiera");
  assert.equal(name("Ich bin Tagesmutter und will die Betreuungszeiten erfassen"), "Tagesmutter");
  assert.equal(name("Je collectionne les timbres et je veux un catalogue avec pays et année"), "Timbres");
  assert.equal(name("Ich sammle Modellautos und will eine Liste mit Marke und Baujahr"), "Modellautos");
  // Words of the main ask that open with the verb of role name what follows it.
  assert.equal(name("Colecciono sellos antiguos y quiero una lista con país y año"), "Sellos antiguos");
  // (A word of size describes what is run; it names nothing.)
  assert.equal(name("Gestisco un piccolo agriturismo. Vorrei un'app per le prenotazioni"), "Agriturismo");
});

Deno.test("the role gives way to records its sentence counts and to what the request says is done to", () => {
  assert.equal(name("Je suis maîtresse de CP. Je veux noter les absences et les devoirs"), "Maîtresse de CP");
  assert.notEqual(
    name("Je suis maîtresse de CP, j'ai 24 élèves. Je veux noter les absences et les devoirs"),
    "Maîtresse de CP",
  );
  assert.equal(name("Sono un'insegnante di quinta, ho 20 alunni. Vorrei segnare le assenze"), "Assenze");
  assert.equal(name("Je suis prof de SVT. Je voudrais un quiz pour reconnaître les oiseaux"), "Oiseaux");
  assert.equal(
    name("Soy profesor de música. Quiero un quiz para reconocer los instrumentos"),
    "Instrumentos",
  );
});

Deno.test("an app of several kinds of records is named by what the speaker says they do in the opening", () => {
  assert.equal(
    name(
      "I coach a junior football team. I need the players with their positions and a log of the goals each one scores.",
    ),
    "Junior Football Team",
  );
  assert.equal(
    name(
      "Wir planen eine Radtour an die Ostsee. Ich brauche eine Packliste zum Abhaken, einen Tagesplan mit Etappen und eine Liste der Ausgaben.",
    ),
    "Radtour",
  );
  assert.equal(
    name(
      "On prépare une fête de quartier le 21 juin. Je voudrais la liste des bénévoles avec leur téléphone, les courses à faire avec les prix et un compte à rebours.",
    ),
    "Fête de quartier",
  );
  // Not what follows a preposition, nor a verb of its own, nor a relative clause's object.
  assert.equal(opening("I'm drowning in paper. I want a list of bills", "en", false), "");
  assert.equal(opening("We keep running out of things at home. I want", "en", false), "");
  assert.equal(opening("Rate the coffee shops I try around town. I want", "en", false), "");
  // Nor a request: a verb of intent, or an ask's cue alone; a request after the scene leaves it.
  assert.equal(opening("Ich will eine Gästeliste", "de", true), "");
  assert.equal(opening("we need a rota for the bins", "en", false), "");
  assert.equal(
    opening("Wir machen eine Schatzsuche und ich will eine Gästeliste", "de", true),
    "Schatzsuche",
  );
});

Deno.test("where the UI speaks another language and no concept knows the records, the screen's own title names", () => {
  assert.equal(name("skipping rope timer, in spanish"), "Temporizador");
  assert.equal(name("un cronómetro para el ajedrez en alemán"), "Timer");
  // A concept's name in the UI's language comes first.
  assert.equal(name("tabata timer in french please"), "Minuteur");
});

Deno.test("a prompt in a language the UI does not speak is named by its own words kept as written, or its concept's English name, and a translation by its screen", () => {
  // Where no concept names its subject in that language, the words the gloss does not hold are kept as written
  // (understand/gloss.ts), function words and the gloss's English words ("track") left out of the name; where
  // one does, the concept's English name names it (understand/foreign.ts).
  assert.equal(name("Jag samlar på nycklar och vill ha koll på dem: färg, storlek"), "Samlar Nycklar");
  assert.equal(name("Chcę aplikację do moich kamieni: nazwa, kolor"), "Kamieni");
  assert.equal(name("Jag driver en liten bokhandel och vill ha koll på böckerna: titel, pris"), "Books");
  assert.equal(name("Chcę aplikację do moich roślin: nazwa, podlewanie"), "Plants");
  // Translated, an app no concept knows is named by its main screen's title in the new language.
  const translated = (base: string, change: string) =>
    changeSpec(composeSpec(base, { tier: "light" }).spec, change).spec.name;
  assert.equal(translated("ear drops twice a day for a week", "translate it to Spanish"), "Recordatorios");
  assert.equal(translated("stretch breaks every hour at work", "translate it to Italian"), "Promemoria");
});

Deno.test("a participle after an auxiliary, and a verb of the speaker's ending before an article, are no name", () => {
  assert.equal(
    name("on a adopté un chiot. je veux noter ses repas toutes les 4 heures avec les grammes"),
    "Chiot",
  );
  assert.equal(
    name("organizamos una carrera solidaria en mayo. inscripciones: nombre, edad y talla de camiseta"),
    "Carrera solidaria",
  );
  // A noun of that ending before a preposition stays.
  assert.equal(name("préstamos a mis amigos con fecha y cantidad"), "Préstamos a mis amigos");
});

Deno.test("an app of one kind of records is named by the opening when the main ask's own words do not", () => {
  assert.equal(
    name("We foster puppies for the shelter. Bottle feeds every 4 hours with ml taken"),
    "Puppies",
  );
  assert.equal(
    name("I'm organising a school bake sale on 3 May. Sign-ups: name, what they bake, how many"),
    "School Bake Sale",
  );
  assert.equal(
    name(
      "abbiamo adottato un gattino, Micio, 2 mesi. mi serve un app per segnare le pappe (4 volte al giorno) e il peso",
    ),
    "Gattino",
  );
  assert.equal(
    name("acogemos gatitos de una protectora. quiero apuntar los biberones cada 3 horas con los ml"),
    "Gatitos",
  );
  // The main ask's own words name it when they say what the records are, unless those are of a general kind
  // ("repairs"), which the situation names.
  assert.equal(name("We bought an old farmhouse. I want a list of the plants in the garden"), "Plants");
  assert.equal(name("We bought an old farmhouse. I want a list of the repairs with cost"), "Old Farmhouse");
});

Deno.test("a German name typed in lower case gets its nouns' capitals", () => {
  assert.equal(name("tagebuch für meine pilze"), "Tagebuch für meine Pilze");
  assert.equal(name("erinnerung für meine tabletten morgens"), "Tabletten-Erinnerung");
  // A function word keeps its small letter, and so does a word too short to tell ("wg").
  assert.equal(name("putzplan für unsere wg"), "Putzplan für unsere wg");
});

Deno.test("an infinitive that opens a name before a determiner, and a relative clause, are no part of it", () => {
  assert.equal(name("una app para organizar las recetas de mi abuela"), "Recetas");
  assert.equal(name("necesito apuntar las facturas que emito cada mes"), "Facturas");
  // A noun of the same ending before "of" stays ("el taller de mi padre").
  assert.equal(name("el taller de mi padre"), "Taller");
});

Deno.test("in Italian, French and Spanish any word straight before a determiner is a verb, no part of a name", () => {
  assert.equal(name("annoto i libri che leggo"), "Libri");
  assert.equal(name("révise mes verbes irréguliers"), "Verbes irréguliers");
  // A noun takes what follows through a preposition and stays.
  assert.equal(name("diario della neonata"), "Diario della neonata");
  assert.equal(name("lista de la compra"), "Lista de la compra");
});

Deno.test("a verb is never a name: the noun phrase of its object in the prompt names the app", () => {
  // An infinitive a reminder, "to" or a wish introduces, before its object's determiner.
  assert.equal(name("ricordami di annaffiare i gerani ogni sera"), "Gerani");
  assert.equal(name("rappelle-moi de nettoyer la litière du chat le samedi"), "Litière du chat");
  assert.equal(name("recuérdame sacar la basura los martes y jueves"), "Basura");
  // An English verb with its particle, or the particle alone that a dropped verb left.
  assert.equal(name("remind me to take out the recycling every tuesday evening"), "Recycling");
  assert.equal(name("remind me to put away the laundry on sundays"), "Laundry");
  // A gerund a name ends on was cut before its object; taken in turns, the task is a rota's and its name holds
  // the object.
  assert.equal(name("we take turns buying coffee for the office, who is next"), "Coffee");
  // The verb of a relative clause whose speaker is left out.
  assert.equal(name("voglio sapere quello che spendo in benzina"), "Benzina");
  // An infinitive's ending alone is no verb ("potager"), nor a gerund before a cue or inside a name.
  assert.equal(name("rappel pour arroser le potager le soir"), "Potager");
  assert.equal(name("an app for my morning walks with distance"), "Morning Walks");
  assert.equal(name("a log of the running sessions I do"), "Running Sessions");
});

Deno.test("a name never ends on, nor is only, a preposition whose complement was cut", () => {
  assert.equal(name("une appli pour partager les courses entre colocataires"), "Courses");
  assert.equal(name("je dois noter ma tension avant chaque repas"), "Tension");
  assert.notEqual(name("a tip calculator that divides the check between friends"), "Between");
});

Deno.test("an imperative that opens a cue of several words stays with it: no name starts inside a cue", () => {
  assert.equal(name("cuenta atrás para la boda de mi hermana"), "Cuenta atrás");
  assert.equal(name("compte à rebours pour les vacances"), "Vacances");
  // Alone it is still the imperative it is.
  assert.equal(name("cuenta los vasos de agua que bebo"), "Vasos de agua");
});

Deno.test("where the pronoun is left out, a verb of the speaker's ending opens what they do", () => {
  assert.equal(
    name(
      "En junio organizamos una fiesta de disfraces en casa. Necesito la lista de invitados con su disfraz y la lista de la compra con precios.",
    ),
    "Fiesta de disfraces",
  );
  assert.equal(
    name(
      "Quest'estate organizziamo un torneo di calcetto. Mi serve la lista delle squadre con i giocatori e un calendario delle partite con i risultati.",
    ),
    "Torneo di calcetto",
  );
  assert.equal(
    opening("abbiamo adottato un cucciolo di labrador. mi serve", "it", false),
    "cucciolo di labrador",
  );
  // Not a noun after a determiner ("mis primos"), nor a verb in a relative clause.
  assert.equal(opening("Mis primos vienen en agosto. Quiero", "es", false), "");
  assert.equal(opening("La paella que hacemos cada año. Quiero", "es", false), "");
});

Deno.test("words that say only what is computed or over what time name nothing", () => {
  assert.equal(
    name("I'm a dog walker. I want to note each walk and see my total for the week"),
    "Dog Walker",
  );
  assert.equal(
    name("Ich bin Nachhilfelehrer. Ich will die Stunden jeden Tag eintragen und die Summe im Monat sehen"),
    "Nachhilfelehrer",
  );
  // With the records' own words they still do.
  assert.equal(name("my reading streak of days"), "Reading Streak");
});

Deno.test("a French description puts the records after their determiner and elides 'de' before a vowel", () => {
  const description = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.description;
  assert.equal(
    description("un catalogue des articles de ma boutique avec prix"),
    "Une appli pour présenter un catalogue d'articles.",
  );
  assert.equal(
    description("je veux noter mes matchs de tennis"),
    "Une appli pour noter vos matchs avec des totaux par jour.",
  );
  assert.equal(
    description("graphique de mon poids chaque semaine"),
    "Une appli pour noter vos pesées avec des totaux par jour et voir vos pesées en graphique.",
  );
});

Deno.test("the person a request serves does not name the app", () => {
  for (
    const prompt of [
      "an app to remind my mum to water her roses at 7pm",
      "remind my granny to feed the canaries every morning at 8",
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.ok(!/\b(mum|granny)\b/i.test(spec.name), `${prompt}: ${spec.name}`);
  }
  // Persons who are the records still name them.
  assert.match(
    composeSpec("a list of friends and family with their birthdays", { tier: "light" }).spec.name,
    /friends/i,
  );
});

Deno.test("a first-person verb that opens the clause before a determiner is no name, whatever its object ends on", () => {
  // (The object ends on words no name keeps: "cuenta", "conto" are verbs as well.)
  assert.equal(name("Llevo la cuenta de las horas que trabajo cada día, quiero apuntarlas"), "Horas");
  assert.equal(name("Llevo la cuenta de los kilómetros que hago en bici cada semana"), "Kilómetros");
  assert.equal(
    name("Tengo la lista de los regalos de navidad, quiero apuntar cada uno con el precio"),
    "Regalos de navidad",
  );
  assert.equal(name("Tengo il conto dei punti della briscola con gli amici"), "Punti della briscola");
});

Deno.test("a one-word name that is the speaker's verb where the prompt says it names nothing", () => {
  // After a pronoun, or, the pronoun left out, opening a clause before a determiner or after a question word.
  for (
    const prompt of [
      "Faccio il conto delle bollette di casa ogni mese",
      "Tengo i conti del condominio, voglio segnare ogni spesa",
      "Studio la chimica per l'esame, voglio un quiz",
      "je cours le dimanche matin, noter mes sorties",
    ]
  ) {
    const verb = prompt.split(/\s+/).find((w) => !/^(je|io)$/i.test(w))!;
    assert.notEqual(name(prompt).toLowerCase(), verb.toLowerCase(), prompt);
  }
  // A noun of the same ending before a preposition still names the app.
  assert.equal(name("diario del neonato: poppate e pannolini"), "Diario del neonato");
});

Deno.test("what the prompt says the app is for names it, before any one kind of its records", () => {
  assert.equal(
    name("un'app per la nostra squadra di pallavolo: partite, allenamenti e chi porta l'acqua"),
    "Squadra di pallavolo",
  );
  assert.equal(
    name("una app para el huerto comunitario: turnos de riego y lo que se cosecha"),
    "Huerto comunitario",
  );
  assert.equal(
    name("eine App für unseren Schrebergarten: Aussaat mit Datum und Ernte in kg"),
    "Schrebergarten",
  );
  // Too long for a title, it keeps what comes before where and when.
  assert.equal(
    name("une appli pour notre voyage en vélo en Italie en juin : étapes et dépenses"),
    "Voyage en vélo",
  );
  // What is done, or whom it is for, is no name.
  assert.notEqual(name("an app for my son to practise his spelling words").toLowerCase(), "son");
  assert.notEqual(name("un'app per contare le calorie di ogni pasto").toLowerCase(), "contare");
  assert.notEqual(name("an app for tracking my bike rides with distance").toLowerCase(), "tracking");
});

Deno.test("the records' plural names the app when it narrows the concept's name with the prompt's words", () => {
  assert.equal(name("how much I spend on coffee each month"), "Expenses on Coffee");
  assert.equal(name("quanto spendo in sigarette al mese"), "Spese in sigarette");
  assert.equal(name("cuánto gasto en café al mes"), "Gastos en café");
});

Deno.test("a German description puts a plural after 'von' in its dative", () => {
  const description = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.description;
  assert.equal(
    description("ich brauche eine Einkaufsliste für den Wochenmarkt"),
    "Eine App, um eine Liste von Artikeln zu führen.",
  );
  assert.equal(
    description("eine Liste meiner Weine mit Jahrgang und Preis"),
    "Eine App, um eine Liste von Weinen zu führen.",
  );
  assert.equal(
    description("Liste meiner Schüler mit Klasse und Telefon"),
    "Eine App, um eine Liste von Schülern zu führen.",
  );
  // A plural that already ends in "n", and a label the prompt's words made in the singular, stay.
  assert.equal(
    description("eine Liste meiner Pflanzen mit Standort"),
    "Eine App, um eine Liste von Pflanzen zu führen.",
  );
  assert.equal(
    description("eine Liste für unser Zeltlager mit Name"),
    "Eine App, um eine Liste von Zeltlager zu führen.",
  );
});

Deno.test("a question that asks about the records leaves the speaker's role or opening to name the app", () => {
  assert.equal(
    name("Ho un orto dietro casa e non ricordo mai quando ho annaffiato cosa"),
    "Orto dietro casa",
  );
  assert.equal(name("J'ai un potager et j'oublie toujours quand j'ai arrosé quoi"), "Potager");
  assert.equal(
    name("Ich habe einen Kräutergarten und vergesse immer, wann ich gegossen habe"),
    "Kräutergarten",
  );
});

Deno.test("persons a purpose word introduces leave the words before it to name the app", () => {
  assert.equal(name("i want a cribbage scorer for 2 players"), "Cribbage Scorer");
  assert.equal(name("un segnapunti per scopa per 4 giocatori"), "Segnapunti per scopa");
  assert.equal(name("je veux un marqueur pour le tarot pour 5 joueurs"), "Marqueur pour le tarot");
  assert.equal(name("un marcador de petanca para 6 jugadores"), "Marcador de petanca");
  assert.equal(name("ein Punktezähler für 4 Spieler"), "Punktezähler");
  // Numbers leave it: a name never holds one.
  assert.equal(name("bowling 10 pin scorer for 3 players"), "Bowling Pin Scorer");
});

Deno.test("a word of how the records are kept is no part of the name", () => {
  assert.equal(name("un diario dettagliato dei miei allenamenti di corsa"), "Allenamenti di corsa");
  assert.equal(name("registro semplicissimo delle uscite in barca"), "Registro delle uscite");
  assert.equal(name("un suivi détaillé de mes sorties en kayak"), "Suivi de mes sorties");
  assert.equal(name("un registro detallado de mis comidas"), "Registro de mis comidas");
  assert.equal(name("ein genaues Protokoll meiner Läufe"), "Protokoll meiner Läufe");
  assert.equal(name("a detailed log of my runs"), "Runs");
});

Deno.test("a name holds the whole of a hyphenated word it starts or ends inside, never a piece of one", () => {
  assert.equal(
    name("I need to track which after-school club each of my 2 kids goes to on which day"),
    "After-school Club",
  );
  // The prompt's hyphens stay.
  assert.equal(
    name("chaque soir le check-in des clients du gîte : nom, chambre et heure"),
    "Check-in des clients",
  );
  assert.equal(
    name("cada noche el check-in de los huéspedes: nombre, habitación y hora"),
    "Check-in de los huéspedes",
  );
  // A piece of one names nothing ("Check" of "check-in", "Buy" of "Buy-in").
  assert.notEqual(name("ogni sera il check-in degli ospiti del b&b: nome, camera e orario"), "Check");
  assert.equal(
    name(
      "Monthly quiz night with friends. Buy-in is $5. I want to keep the scores of each team every night.",
    ),
    "Quiz Night",
  );
  // The app's word joined to a name leaves it whole.
  assert.equal(name("Stundenplan-App für die Schule"), "Stundenplan für die Schule");
});

Deno.test("a concept named only by the word of a log or a list leaves the prompt's words to name the app", () => {
  assert.equal(name("a journal of my panic attacks"), "Panic Attacks");
  assert.equal(name("un journal de mes crises de toux"), "Crises de toux");
  // A concept the prompt names by its own words still names it.
  assert.equal(name("my dream journal"), "Dream Journal");
});

Deno.test("a person whom the app serves or who the speaker is names no app, unless the app keeps them", () => {
  assert.equal(
    name("mi abuela vive sola y quiero marcar cada noche si cenó y si tomó las pastillas"),
    "Medicamento",
  );
  assert.equal(name("ich bin pflegeschülerin und brauche ein quiz zu medikamenten"), "Medikamentenquiz");
  // The persons the app keeps name it.
  assert.equal(name("a list of my cousins with their birthdays"), "Cousins");
  assert.equal(name("quiero llevar mis alumnos: nombre y teléfono"), "Alumnos");
  assert.equal(name("eine Liste meiner Enkel mit Geburtstag"), "Enkel");
});

Deno.test("the app's kind word alone joins what the prompt says it is about after a preposition", () => {
  assert.equal(name("un diario para mi tos"), "Diario para mi tos");
  // Too long for a title with its kind word, the name is the subject: cut, it would lose its noun.
  assert.equal(name("un diario para los ataques de asma de mi hija"), "Ataques de asma");
  assert.equal(name("ein quiz über europäische hauptstädte"), "Europäische Hauptstädte");
  assert.equal(name("un quiz sugli animali della savana"), "Quiz di animali della savana");
  // What says which language the app speaks is no subject.
  assert.equal(name("a tabata timer in italian please"), "Timer");
});

Deno.test("a question of how many is named by what it asks about, not by its verb or its measure", () => {
  assert.equal(name("combien de fois je vais au marché par semaine"), "Marché");
  assert.equal(name("cuántas veces voy al mercado cada semana"), "Mercado");
  assert.equal(name("quante volte vado al mercato"), "Mercato");
  assert.equal(name("how many times do i go to the pool each month"), "Pool");
  // German puts the time before the object.
  assert.equal(name("wie oft fahre ich im monat mit dem bus"), "Bus");
  assert.equal(name("cuántos libros leo al año"), "Libros");
  // The noun a question of how many agrees with opens its phrase, which ends before the speaker's verb.
  assert.equal(name("quanti bicchieri di vino bevo a settimana"), "Bicchieri di vino");
  assert.equal(name("cuántos cafés tomo al día"), "Cafés");
  // A question of how much in its feminine form is a question too.
  assert.equal(name("quanta birra bevo a settimana"), "Birra");
  assert.equal(name("cuánta cerveza bebo a la semana"), "Cerveza");
});

Deno.test("a name is never what the speaker means to stop or start doing, but what the app keeps", () => {
  assert.equal(name("devo smettere di fumare, segnami ogni sigaretta"), "Sigarette");
  assert.equal(name("quiero dejar de fumar, cuenta mis cigarrillos"), "Cigarrillos");
  assert.equal(name("je veux arrêter de fumer, compte mes cigarettes"), "Cigarettes");
});

Deno.test("a name ends before the articulated forms of 'with' in Italian", () => {
  assert.equal(name("un quiz sulle capitali africane col punteggio"), "Quiz sulle capitali africane");
  assert.equal(name("lista dei libri coi voti"), "Lista dei libri");
});

Deno.test("the persons a kind word is of are what the app keeps", () => {
  assert.equal(name("turni dei volontari per la sagra del paese"), "Volontari per la sagra");
  assert.equal(
    name("planning des bénévoles pour la kermesse, qui tient quel stand"),
    "Bénévoles pour la kermesse",
  );
});

Deno.test("a German kind word for one thing is one compound word with it", () => {
  assert.equal(name("ein tagebuch für meinen garten"), "Gartentagebuch");
  assert.equal(name("ein quiz für den führerschein"), "Führerscheinquiz");
  // A long compound keeps a hyphen to be read, and a suffix that links with an "s" takes it.
  assert.equal(name("tagebuch für die fütterungen meiner schildkröte"), "Fütterungs-Tagebuch");
  assert.equal(name("ein timer fürs krafttraining"), "Krafttraining-Timer");
  assert.equal(
    name("schichtplan für unser sommerfest, wer macht wann welchen stand"),
    "Sommerfest-Schichtplan",
  );
  // Whom it is for is no part of it.
  assert.equal(name("Trainingsplan für meinen Sohn"), "Trainingsplan für meinen Sohn");
});

Deno.test("a name that opens on a figure of the records is named by what the figure is of", () => {
  assert.equal(name("total spent on coffee this month"), "Coffee");
  assert.equal(name("average sleep hours per night"), "Sleep Hours");
  assert.equal(name("il totale delle spese per la casa"), "Spese");
  assert.equal(name("le total de mes dépenses en essence"), "Dépenses");
  assert.equal(name("durchschnitt der schlafstunden pro nacht"), "Schlafstunden");
  // A word of a figure before what is to be done is no figure ("séries" are also streaks).
  assert.equal(withoutFigure("Séries à terminer", "fr"), "Séries à terminer");
});

Deno.test("the records' noun the prompt says names the app rather than a concept's name it does not say", () => {
  assert.equal(name("how many cigarettes i smoke a day"), "Cigarettes");
  assert.equal(name("wie viele zigaretten rauche ich am tag"), "Zigaretten");
  // The name said in the prompt stays.
  assert.equal(name("help me quit smoking"), "Quit Smoking");
});

Deno.test("the business the speaker runs names the app when its records are the business's trade", () => {
  assert.equal(
    name("I run a tiny candle shop and need to track the orders customers place"),
    "Tiny Candle Shop",
  );
  assert.equal(name("tengo una floristería y quiero apuntar los encargos de los clientes"), "Floristería");
  assert.equal(
    name("ich führe einen kleinen Friseursalon und will die Termine der Kundinnen eintragen"),
    "Friseursalon",
  );
  assert.equal(name("gestisco una piccola gelateria, devo segnare le ordinazioni dei clienti"), "Gelateria");
  assert.equal(name("je tiens une petite épicerie et je veux suivre les commandes des clients"), "Épicerie");
  // A role cut before a word of its own is no business's name.
  assert.notEqual(name("i run a small lawn mowing business and track my customers"), "Lawn");
});

Deno.test("a budget or a goal for an occasion is named by the occasion and the kind word", () => {
  assert.equal(name("budget for our vacation next summer"), "Vacation Budget");
  assert.equal(name("budget per la nostra vacanza"), "Budget vacanza");
  assert.equal(name("budget pour nos vacances"), "Budget vacances");
  assert.equal(name("presupuesto para nuestras vacaciones"), "Presupuesto vacaciones");
  assert.equal(name("Budget für unseren Urlaub"), "Urlaubbudget");
  // What the speaker does ("saving") is no kind word.
  assert.equal(name("I'm saving for a new laptop, 900 by christmas"), "Laptop");
});

Deno.test("a quiz about a topic is named by the whole topic and the kind word in the language's order", () => {
  assert.equal(name("a quiz about the solar system"), "Solar System Quiz");
  assert.equal(name("un quiz sur les rois de france"), "Quiz sur les rois de france");
  assert.equal(name("un quiz sobre los ríos de europa"), "Quiz sobre los ríos de europa");
  assert.equal(name("preguntas sobre la historia del arte"), "Quiz de historia del arte");
  assert.equal(name("ein Quiz über die Planeten"), "Planetenquiz");
  // A topic too long for a title loses its last complements, not a piece of one.
  assert.equal(name("un quiz sui pianeti del sistema solare"), "Quiz sui pianeti");
});

Deno.test("a name ends before a recurrence and holds no word of a timer's phases or rounds", () => {
  assert.equal(name("promemoria ogni ora"), "Promemoria");
  assert.equal(name("erinnerung jede stunde"), "Erinnerung");
  assert.equal(name("reminder every hour"), "Reminder");
  assert.equal(name("temporizador 30 seg trabajo 10 descanso 8 series"), "Temporizador");
  assert.equal(name("un chrono de gainage 30 secondes d'effort 10 de repos, 5 séries"), "Gainage");
});

Deno.test("the scene the speaker opens on names the app, after its time or before a request in its sentence", () => {
  assert.equal(
    name(
      "Next month I'm hosting a quiz night at the school. I want the teams, their scores per round and a leaderboard",
    ),
    "Quiz Night",
  );
  assert.equal(name("I drive an old land rover and want to log repairs and fuel"), "Old Land Rover");
  assert.equal(
    name(
      "quest'inverno facciamo il presepe vivente: la lista dei figuranti con il ruolo e il calendario delle prove",
    ),
    "Presepe vivente",
  );
  assert.equal(
    name("cet été je fais le chemin de stevenson, je veux noter les étapes et les dépenses"),
    "Chemin de stevenson",
  );
  assert.equal(
    name("en marzo hago la ruta del cares con amigos, quiero apuntar los gastos y quién paga"),
    "Ruta del cares",
  );
  // German puts the verb before the speaker after a time.
  assert.equal(
    name("Im Mai laufen wir einen Staffelmarathon und ich will die Läufer und ihre Zeiten eintragen"),
    "Staffelmarathon",
  );
  // Not a function word for a verb, whom it is with, or when.
  assert.equal(opening("I just moved flats and want to track the bills", "en", false), "");
  assert.equal(opening("We're fostering three kids and the school wants records", "en", false), "");
  assert.equal(opening("ci sposiamo il 20 maggio, voglio la lista degli invitati", "it", false), "");
  // A number after a function word says how many: what comes before it is the scene.
  assert.equal(opening("dirigo una banda di 40 musicisti, voglio segnare le prove", "it", false), "banda");
});

Deno.test("a number that 'of' opens at the end of a name says which and is left out", () => {
  assert.equal(name("ho una lambretta del 1968 e voglio segnare i pezzi e le spese"), "Lambretta");
  assert.equal(
    name("ich habe einen Mercedes von 1985 und will Reparaturen und Tankfüllungen eintragen"),
    "Mercedes",
  );
});

Deno.test("a verb is no name: after the speaker, or an infinitive that takes an object", () => {
  // English writes a verb as its noun: it is a verb where the prompt never says it as one.
  assert.notEqual(
    name("my brother and i share a car and keep fighting over it. list of what i borrowed and when"),
    "Borrowed",
  );
  assert.equal(name("I brew beer at home and want to track every brew: grams of hops, og and fg"), "Brew");
  assert.equal(name("llevo un bar pequeño y quiero apuntar lo que compro"), "Bar");
  // A noun of an infinitive's ending after a determiner is a noun.
  assert.equal(name("je veux un rappel pour nettoyer le clavier le samedi"), "Clavier");
});

Deno.test("a rota is named after its task, not the words of taking turns nor its verb", () => {
  assert.equal(name("we take turns cooking every evening"), "Cooking");
  assert.equal(name("le mie sorelle fanno a turno a stendere il bucato"), "Bucato");
  assert.equal(name("les collègues se relaient pour arroser les plantes du bureau"), "Plantes");
  assert.equal(name("die Mitbewohner bringen abwechselnd den Müll raus"), "Müll");
  assert.equal(name("wir wechseln uns jede woche beim einkaufen ab"), "Einkaufen");
});
