// Offline prompt evaluator: cheap, deterministic checks that keep obvious junk out of the paid pipeline
// and choose a model tier without calling a model.
import type {
  EvaluationHints,
  ModelTier,
  PromptEvaluator,
  PromptVerdict,
} from "../_shared/ports/generation.ts";
import { composeSpec, refusal } from "./compose-spec/index.ts";

const MIN_LETTERS = 10;
const MIN_DISTINCT_WORDS = 2;
// Words without an app-related term need more substance before they count as a description.
const MIN_DISTINCT_WORDS_WITHOUT_APP_TERM = 3;
const MIN_PLAUSIBLE_WORD_RATIO = 0.6;
const MAX_PLAUSIBLE_WORD_LENGTH = 24;

const FULL_TIER_MIN_WORDS = 40;
const FULL_TIER_MIN_FEATURES = 4;

const KEYBOARD_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm", "1234567890"];
const MIN_KEYBOARD_RUN = 4;

function wordSet(words: string): Set<string> {
  return new Set(words.split(/\s+/).filter((word) => word.length > 0));
}

const FUNCTION_WORDS = wordSet(`
  a an the and or but so if then than that this these those it its i im me my we our us you your they their
  them he she his her to of in on at by for from with without into onto about over under after before while
  when where which who whom what how why can could should would will shall may might must do does did done
  be is are was were been being have has had get gets got let lets please want need like love just also
  some any all each every more most many much few very really too not no yes one two three four five six
  seven eight nine ten first second last next other own same such only as up down out off again there here
`);

const APP_WORDS = wordSet(`
  app apps application applications mobile phone tablet ios android screen screens page pages tab tabs view
  make build create generate design develop write code show display list lists item items add adds adding
  edit delete remove save saves store search filter sort track tracks tracking tracker log logs record
  todo todos task tasks checklist shopping grocery groceries note notes journal diary memo reminder reminders
  calendar schedule planner plan event events date dates time timer timers pomodoro stopwatch countdown alarm
  clock counter count tally habit habits goal goals streak progress stats statistics chart charts graph
  quiz trivia flashcard flashcards question questions answer answers score scores game games play player
  weather forecast temperature calculator calculate converter unit units currency budget expense expenses
  money finance income bank wallet recipe recipes food meal meals dish dishes cook cooking kitchen diet
  water workout workouts fitness exercise gym run running steps health sleep mood meditation book books
  reading movie movies music song songs playlist photo photos picture pictures image images camera gallery
  video map maps location places travel trip trips city user users profile profiles account login
  signup password settings dark light mode theme color colors button buttons form input text category
  categories tag tags favourite favourites favorite favorites share contact contacts chat message messages
  friends social feed post posts comment comments like likes vote poll notification notifications simple
  basic small clean minimal modern beautiful nice cool fun easy quick daily weekly monthly personal home
  dashboard study learn learning language words vocabulary kids school homework class classes
  student students team project projects work office inventory store shop product products order orders
  cart checkout payment payments subscription backend server database sync cloud api offline online
  timeline days week month year hours minutes seconds history summary total sum average
`);

const COMPLEX_FEATURE_WORDS = wordSet(`
  auth authentication login logins signin signup password passwords account accounts payment payments pay
  stripe subscription subscriptions checkout purchase purchases backend server servers api apis database
  databases sync synced syncing cloud map maps location locations gps geolocation chat chats messaging
  realtime multiplayer notifications screens navigation admin
`);

const COMPLEX_FEATURE_PHRASES = [
  "log in",
  "sign in",
  "sign up",
  "real time",
  "multiple screens",
  "push notification",
];

function stripDiacritics(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "");
}

function wordsOf(prompt: string): string[] {
  return stripDiacritics(prompt).toLowerCase().replace(/['’]/g, "").match(/\p{L}+/gu) ?? [];
}

function isKeyboardRun(word: string): boolean {
  if (word.length < MIN_KEYBOARD_RUN) return false;
  return KEYBOARD_ROWS.some((row) => row.includes(word) || [...row].reverse().join("").includes(word));
}

function isPlausibleWord(word: string): boolean {
  if (FUNCTION_WORDS.has(word) || APP_WORDS.has(word)) return true;
  // Vowel and keyboard checks only make sense for Latin words; other scripts get the benefit of the doubt.
  if (!/^[a-z]+$/.test(word)) return true;
  if (word.length > MAX_PLAUSIBLE_WORD_LENGTH) return false;
  if (/(.)\1\1/.test(word)) return false;
  if (!/[aeiouy]/.test(word)) return false;
  if (/[^aeiouy]{5,}/.test(word)) return false;
  return !isKeyboardRun(word);
}

function rejectionReason(prompt: string): string | null {
  if (prompt.length === 0) return "The prompt is empty; describe the app you want.";
  const letters = prompt.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return "The prompt has no words; describe the app you want.";
  if (letters.length < MIN_LETTERS) return "The prompt is too short; describe the app in a few more words.";
  if (new Set(letters.map((letter) => letter.toLowerCase())).size === 1) {
    return "The prompt is a single repeated character; describe the app you want.";
  }

  // Stray single letters ("3 d game", "favourite s") say nothing either way.
  const words = wordsOf(prompt).filter((word) => word.length > 1 || FUNCTION_WORDS.has(word));
  const plausibleWords = words.filter(isPlausibleWord);
  if (words.length === 0 || plausibleWords.length / words.length < MIN_PLAUSIBLE_WORD_RATIO) {
    return "The prompt looks like random typing; describe the app in plain words.";
  }
  const distinctWords = new Set(plausibleWords);
  if (words.length > 1 && distinctWords.size === 1) {
    return "The prompt repeats a single word; describe the app you want.";
  }
  if (distinctWords.size < MIN_DISTINCT_WORDS) {
    return "The prompt is too short; describe the app in a few more words.";
  }
  const mentionsAppTerm = plausibleWords.some((word) => APP_WORDS.has(word));
  const contentWords = [...distinctWords].filter((word) => !FUNCTION_WORDS.has(word));
  if (!mentionsAppTerm && contentWords.length < MIN_DISTINCT_WORDS_WITHOUT_APP_TERM) {
    return "The prompt doesn't describe an app; say what the app should do.";
  }
  return null;
}

function chooseModelTier(prompt: string): ModelTier {
  const words = wordsOf(prompt);
  if (words.length >= FULL_TIER_MIN_WORDS) return "full";
  if (words.some((word) => COMPLEX_FEATURE_WORDS.has(word))) return "full";
  const spaced = ` ${words.join(" ")} `;
  if (COMPLEX_FEATURE_PHRASES.some((phrase) => spaced.includes(` ${phrase} `))) return "full";
  const features = prompt.split(/,|;|\band\b|\bplus\b|\balso\b/i).filter((part) => part.trim().length > 0);
  return features.length >= FULL_TIER_MIN_FEATURES ? "full" : "light";
}

/** Names an app as the offline generator does: from what the prompt is about, in its language. */
export function deriveAppName(prompt: string): string {
  return composeSpec(prompt, { tier: "light" }).spec.name;
}

export class HeuristicEvaluator implements PromptEvaluator {
  readonly local = true;
  evaluate(prompt: string, hints: EvaluationHints): Promise<PromptVerdict> {
    const trimmed = prompt.trim();
    const reason = rejectionReason(trimmed);
    if (reason !== null) return Promise.resolve({ ok: false, reason });
    // An app no building block can serve (live data, play between phones) would only pretend: refused.
    const unserviceable = refusal(trimmed);
    if (unserviceable !== null) {
      return Promise.resolve({
        ok: false,
        reason:
          `This app cannot be made offline: ${unserviceable}. Describe what it should keep on the phone.`,
      });
    }
    const appName = hints.appName?.trim() || (hints.followUp ? undefined : deriveAppName(trimmed));
    return Promise.resolve({ ok: true, model: hints.model ?? chooseModelTier(trimmed), appName });
  }
}
