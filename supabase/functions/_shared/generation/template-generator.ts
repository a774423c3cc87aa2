// Offline generator: assembles a runnable Expo app from fixed templates chosen by keywords in the prompt,
// so the whole pipeline (runner, storage, wallet) works locally without a model provider.
import type {
  GeneratedFile,
  GenerationAttachment,
  GenerationRequest,
  GenerationResult,
  Generator,
  ModelTier,
} from "../ports/generation.ts";

/** Flat EUR price per run by tier, so local runs exercise the wallet spend like a paid model would. */
export const TEMPLATE_PRICES_EUR = {
  light: "0.0500",
  full: "0.2000",
} as const satisfies Record<ModelTier, string>;

// CODE: any source file (.ts, .tsx, .js); CONFIG: project and tool settings; DOC: prose for people.
const FILE_TYPE = { code: "CODE", config: "CONFIG", doc: "DOC" } as const;

// What a model would read before the prompt (instructions, templates); keeps reported usage realistic.
const INSTRUCTION_TOKENS = 400;
const CHARS_PER_TOKEN = 4;

const MAX_SCREENS = 4;
// The description is the prompt's opening sentences: enough to read as a sentence, short enough for a header.
const MIN_DESCRIPTION_LENGTH = 40;
const MAX_DESCRIPTION_LENGTH = 200;
const MAX_SLUG_LENGTH = 50;
const FALLBACK_SLUG = "my-app";

const EXPO_DEPENDENCIES = {
  "expo": "~52.0.0",
  "expo-status-bar": "~2.0.1",
  "react": "18.3.1",
  "react-native": "0.76.9",
};

const EXPO_DEV_DEPENDENCIES = {
  "@babel/core": "^7.25.2",
  "@types/react": "~18.3.12",
  "typescript": "~5.3.3",
};

const APP_VERSION = "1.0.0";

/** A TS/JS string literal for arbitrary text: JSON escaping plus the two line separators JSON leaves raw. */
function stringLiteral(text: string): string {
  return JSON.stringify(text).replace(
    /[\u2028\u2029]/g,
    (separator) => `\\u${separator.charCodeAt(0).toString(16)}`,
  );
}

function toSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, "");
  return slug.length > 0 ? slug : FALLBACK_SLUG;
}

function summarize(prompt: string): string {
  const collapsed = prompt.replace(/\s+/g, " ").trim();
  let summary = "";
  for (const sentence of collapsed.split(/(?<=[.!?])\s/)) {
    if (summary.length >= MIN_DESCRIPTION_LENGTH) break;
    summary = summary.length === 0 ? sentence : `${summary} ${sentence}`;
  }
  if (summary.length > MAX_DESCRIPTION_LENGTH) {
    const cut = summary.slice(0, MAX_DESCRIPTION_LENGTH);
    const lastSpace = cut.lastIndexOf(" ");
    summary = `${lastSpace > 0 ? cut.slice(0, lastSpace) : cut}…`;
  }
  return summary.charAt(0).toUpperCase() + summary.slice(1);
}

// Inline markup is escaped anywhere; block markup ("# ", "- ", "1. ", "> ") only matters at the line start.
function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\`*_{}[\]<>|~]/g, (special) => `\\${special}`)
    .replace(/^[#+=-]/, (marker) => `\\${marker}`)
    .replace(/^(\d+)([.)])/, "$1\\$2");
}

function fencedBlock(text: string): string {
  const longestBacktickRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longestBacktickRun + 1));
  return `${fence}text\n${text}\n${fence}`;
}

type ScreenKind = "list" | "timer" | "counter" | "notes" | "quiz" | "weather" | "calculator";

interface ScreenSpec {
  key: string;
  component: string;
  tabLabel: string;
  feature: string;
  source: string;
}

const KIND_KEYWORDS: Record<ScreenKind, string[]> = {
  list: ["todo", "todos", "task", "tasks", "list", "shopping", "grocery", "groceries", "checklist"],
  timer: ["timer", "timers", "pomodoro", "stopwatch", "countdown"],
  counter: ["counter", "tally", "habit", "habits", "clicker"],
  notes: ["note", "notes", "journal", "diary", "memo", "memos"],
  quiz: ["quiz", "quizzes", "trivia", "flashcard", "flashcards"],
  weather: ["weather", "forecast"],
  calculator: ["calculator", "calc"],
};

interface DetectedKind {
  kind: ScreenKind;
  matchedWord: string;
}

function promptWords(prompt: string): string[] {
  return prompt.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)?.map((word) =>
    word.replace(/-/g, "")
  ) ?? [];
}

/** The app kinds the prompt asks for, in the order it first mentions them. */
function detectKinds(prompt: string): DetectedKind[] {
  const words = promptWords(prompt);
  const found: { kind: ScreenKind; matchedWord: string; position: number }[] = [];
  for (const [kind, keywords] of Object.entries(KIND_KEYWORDS) as [ScreenKind, string[]][]) {
    const position = words.findIndex((word) => keywords.includes(word));
    if (position >= 0) found.push({ kind, matchedWord: words[position], position });
  }
  return found
    .sort((a, b) => a.position - b.position)
    .slice(0, MAX_SCREENS)
    .map(({ kind, matchedWord }) => ({ kind, matchedWord }));
}

const THEME_SOURCE = `export const colors = {
  background: "#F5F6FA",
  surface: "#FFFFFF",
  primary: "#4F46E5",
  primaryText: "#FFFFFF",
  text: "#1F2937",
  muted: "#6B7280",
  border: "#E5E7EB",
  danger: "#DC2626",
  success: "#16A34A",
};

export const spacing = {
  xs: 4,
  sm: 8,
  md: 16,
  lg: 24,
};
`;

const ACTION_BUTTON_SOURCE = `import { Pressable, StyleSheet, Text } from "react-native";
import { colors, spacing } from "../theme";

type ActionButtonProps = {
  label: string;
  onPress: () => void;
  variant?: "primary" | "secondary" | "danger";
  disabled?: boolean;
};

export function ActionButton({ label, onPress, variant = "primary", disabled = false }: ActionButtonProps) {
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityState={{ disabled }}
      disabled={disabled}
      onPress={onPress}
      style={({ pressed }) => [styles.base, styles[variant], (pressed || disabled) && styles.dimmed]}
    >
      <Text style={[styles.label, variant === "secondary" && styles.secondaryLabel]}>{label}</Text>
    </Pressable>
  );
}

const styles = StyleSheet.create({
  base: {
    alignItems: "center",
    justifyContent: "center",
    borderRadius: 10,
    paddingHorizontal: spacing.md,
    paddingVertical: spacing.sm + 2,
  },
  primary: { backgroundColor: colors.primary },
  secondary: { backgroundColor: colors.surface, borderColor: colors.border, borderWidth: 1 },
  danger: { backgroundColor: colors.danger },
  dimmed: { opacity: 0.6 },
  label: { color: colors.primaryText, fontSize: 16, fontWeight: "600" },
  secondaryLabel: { color: colors.text },
});
`;

const SCREEN_BASE_STYLES = `  container: { flex: 1, padding: spacing.md, gap: spacing.md },
  title: { color: colors.text, fontSize: 22, fontWeight: "700" },
  muted: { color: colors.muted, fontSize: 14 },`;

function listScreen(matchedWord: string): ScreenSpec {
  const shopping = ["shopping", "grocery", "groceries"].includes(matchedWord);
  const checklist = matchedWord === "checklist";
  const title = shopping ? "Shopping list" : checklist ? "Checklist" : "Tasks";
  const placeholder = shopping ? "Add an item" : checklist ? "Add a step" : "Add a task";
  const emptyText = shopping
    ? "Nothing to buy yet."
    : checklist
    ? "No steps yet."
    : "No tasks yet. Add one above.";
  const source = `import { useRef, useState } from "react";
import { FlatList, Pressable, StyleSheet, Text, TextInput, View } from "react-native";
import { ActionButton } from "../components/ActionButton";
import { colors, spacing } from "../theme";

const TITLE = ${stringLiteral(title)};
const PLACEHOLDER = ${stringLiteral(placeholder)};
const EMPTY_TEXT = ${stringLiteral(emptyText)};

type ListItem = {
  id: string;
  text: string;
  done: boolean;
};

export function ListScreen() {
  const [items, setItems] = useState<ListItem[]>([]);
  const [draft, setDraft] = useState("");
  const nextId = useRef(1);

  const handleAdd = () => {
    const text = draft.trim();
    if (text.length === 0) {
      return;
    }
    const id = String(nextId.current);
    nextId.current += 1;
    setItems((current) => [...current, { id, text, done: false }]);
    setDraft("");
  };

  const handleToggle = (id: string) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, done: !item.done } : item)));
  };

  const handleDelete = (id: string) => {
    setItems((current) => current.filter((item) => item.id !== id));
  };

  const remaining = items.filter((item) => !item.done).length;

  return (
    <View style={styles.container}>
      <Text style={styles.title}>{TITLE}</Text>
      <Text style={styles.muted}>
        {remaining} of {items.length} left
      </Text>
      <View style={styles.inputRow}>
        <TextInput
          style={styles.input}
          value={draft}
          onChangeText={setDraft}
          placeholder={PLACEHOLDER}
          returnKeyType="done"
          onSubmitEditing={handleAdd}
        />
        <ActionButton label="Add" onPress={handleAdd} disabled={draft.trim().length === 0} />
      </View>
      <FlatList
        data={items}
        keyExtractor={(item) => item.id}
        contentContainerStyle={styles.list}
        ListEmptyComponent={<Text style={styles.muted}>{EMPTY_TEXT}</Text>}
        renderItem={({ item }) => (
          <View style={styles.row}>
            <Pressable
              style={styles.rowText}
              accessibilityRole="checkbox"
              accessibilityState={{ checked: item.done }}
              onPress={() => handleToggle(item.id)}
            >
              <Text style={[styles.itemText, item.done && styles.doneText]}>
                {item.done ? "✓ " : "○ "}
                {item.text}
              </Text>
            </Pressable>
            <ActionButton label="Delete" variant="danger" onPress={() => handleDelete(item.id)} />
          </View>
        )}
      />
    </View>
  );
}

const styles = StyleSheet.create({
${SCREEN_BASE_STYLES}
  inputRow: { flexDirection: "row", gap: spacing.sm },
  input: {
    flex: 1,
    backgroundColor: colors.surface,
    borderColor: colors.border,
    borderRadius: 10,
    borderWidth: 1,
    paddingHorizontal: spacing.md,
    fontSize: 16,
  },
  list: { gap: spacing.sm },
  row: {
    flexDirection: "row",
    alignItems: "center",
    gap: spacing.sm,
    backgroundColor: colors.surface,
    borderRadius: 10,
    padding: spacing.sm,
  },
  rowText: { flex: 1 },
  itemText: { color: colors.text, fontSize: 16 },
  doneText: { color: colors.muted, textDecorationLine: "line-through" },
});
`;
  return {
    key: "list",
    component: "ListScreen",
    tabLabel: shopping ? "Shopping" : checklist ? "Checklist" : "Tasks",
    feature: `${title}: add items, tick them off and delete them.`,
    source,
  };
}

function countdownTimerScreen(matchedWord: string): ScreenSpec {
  const pomodoro = matchedWord === "pomodoro";
  const title = pomodoro ? "Pomodoro" : "Countdown";
  const durationSeconds = pomodoro ? 25 * 60 : 5 * 60;
  const completedLabel = pomodoro ? "Focus sessions completed" : "Countdowns finished";
  const source = `import { useEffect, useState } from "react";
import { StyleSheet, Text, View } from "react-native";
import { ActionButton } from "../components/ActionButton";
import { colors, spacing } from "../theme";

const TITLE = ${stringLiteral(title)};
const COMPLETED_LABEL = ${stringLiteral(completedLabel)};
const DURATION_SECONDS = ${durationSeconds};

function formatTime(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return String(minutes).padStart(2, "0") + ":" + String(seconds).padStart(2, "0");
}

function describeStatus(secondsLeft: number, running: boolean): string {
  if (running) {
    return "Running";
  }
  if (secondsLeft === 0) {
    return "Done!";
  }
  return secondsLeft === DURATION_SECONDS ? "Ready" : "Paused";
}

export function TimerScreen() {
  const [secondsLeft, setSecondsLeft] = useState(DURATION_SECONDS);
  const [running, setRunning] = useState(false);
  const [completed, setCompleted] = useState(0);

  useEffect(() => {
    if (!running) {
      return;
    }
    const intervalId = setInterval(() => {
      setSecondsLeft((current) => Math.max(current - 1, 0));
    }, 1000);
    return () => clearInterval(intervalId);
  }, [running]);

  useEffect(() => {
    if (running && secondsLeft === 0) {
      setRunning(false);
      setCompleted((count) => count + 1);
    }
  }, [running, secondsLeft]);

  const handleStartPause = () => {
    if (secondsLeft === 0) {
      setSecondsLeft(DURATION_SECONDS);
      setRunning(true);
      return;
    }
    setRunning((current) => !current);
  };

  const handleReset = () => {
    setRunning(false);
    setSecondsLeft(DURATION_SECONDS);
  };

  return (
    <View style={styles.container}>
      <Text style={styles.title}>{TITLE}</Text>
      <View style={styles.clock}>
        <Text style={styles.time}>{formatTime(secondsLeft)}</Text>
        <Text style={styles.muted}>{describeStatus(secondsLeft, running)}</Text>
      </View>
      <View style={styles.controls}>
        <ActionButton label={running ? "Pause" : "Start"} onPress={handleStartPause} />
        <ActionButton label="Reset" variant="secondary" onPress={handleReset} />
      </View>
      <Text style={styles.muted}>
        {COMPLETED_LABEL}: {completed}
      </Text>
    </View>
  );
}

const styles = StyleSheet.create({
${SCREEN_BASE_STYLES}
  clock: { alignItems: "center", paddingVertical: spacing.lg },
  time: { color: colors.text, fontSize: 64, fontVariant: ["tabular-nums"], fontWeight: "700" },
  controls: { flexDirection: "row", justifyContent: "center", gap: spacing.md },
});
`;
  return {
    key: "timer",
    component: "TimerScreen",
    tabLabel: "Timer",
    feature: `${title} timer (${durationSeconds / 60} minutes) with start, pause and reset.`,
    source,
  };
}

function stopwatchScreen(): ScreenSpec {
  const source = `import { useEffect, useState } from "react";
import { FlatList, StyleSheet, Text, View } from "react-native";
import { ActionButton } from "../components/ActionButton";
import { colors, spacing } from "../theme";

const TICK_MS = 100;

function formatElapsed(elapsedMs: number): string {
  const totalSeconds = Math.floor(elapsedMs / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const tenths = Math.floor((elapsedMs % 1000) / 100);
  return String(minutes).padStart(2, "0") + ":" + String(seconds).padStart(2, "0") + "." + tenths;
}

export function TimerScreen() {
  const [elapsedMs, setElapsedMs] = useState(0);
  const [running, setRunning] = useState(false);
  const [laps, setLaps] = useState<number[]>([]);

  useEffect(() => {
    if (!running) {
      return;
    }
    const intervalId = setInterval(() => {
      setElapsedMs((current) => current + TICK_MS);
    }, TICK_MS);
    return () => clearInterval(intervalId);
  }, [running]);

  const handleStartPause = () => {
    setRunning((current) => !current);
  };

  const handleLap = () => {
    setLaps((current) => [elapsedMs, ...current]);
  };

  const handleReset = () => {
    setRunning(false);
    setElapsedMs(0);
    setLaps([]);
  };

  return (
    <View style={styles.container}>
      <Text style={styles.title}>Stopwatch</Text>
      <View style={styles.clock}>
        <Text style={styles.time}>{formatElapsed(elapsedMs)}</Text>
      </View>
      <View style={styles.controls}>
        <ActionButton label={running ? "Pause" : "Start"} onPress={handleStartPause} />
        <ActionButton label="Lap" variant="secondary" onPress={handleLap} disabled={!running} />
        <ActionButton label="Reset" variant="secondary" onPress={handleReset} />
      </View>
      <FlatList
        data={laps}
        keyExtractor={(_, index) => String(laps.length - index)}
        renderItem={({ item, index }) => (
          <Text style={styles.lap}>
            Lap {laps.length - index}: {formatElapsed(item)}
          </Text>
        )}
      />
    </View>
  );
}

const styles = StyleSheet.create({
${SCREEN_BASE_STYLES}
  clock: { alignItems: "center", paddingVertical: spacing.lg },
  time: { color: colors.text, fontSize: 56, fontVariant: ["tabular-nums"], fontWeight: "700" },
  controls: { flexDirection: "row", justifyContent: "center", gap: spacing.md },
  lap: { color: colors.text, fontSize: 16, paddingVertical: spacing.xs },
});
`;
  return {
    key: "timer",
    component: "TimerScreen",
    tabLabel: "Stopwatch",
    feature: "Stopwatch with start, pause, laps and reset.",
    source,
  };
}

function counterScreen(matchedWord: string): ScreenSpec {
  const habit = matchedWord === "habit" || matchedWord === "habits";
  const title = habit ? "Habit streak" : "Counter";
  const unit = habit ? "days in a row" : "taps";
  const goalLines = habit
    ? `      <View style={styles.progressTrack}>
        <View style={[styles.progressFill, { flex: progress }]} />
        <View style={{ flex: 1 - progress }} />
      </View>
      <Text style={styles.muted}>
        Goal: {GOAL} days ({Math.round(progress * 100)}%)
      </Text>
`
    : "";
  const source = `import { useState } from "react";
import { StyleSheet, Text, View } from "react-native";
import { ActionButton } from "../components/ActionButton";
import { colors, spacing } from "../theme";

const TITLE = ${stringLiteral(title)};
const UNIT = ${stringLiteral(unit)};
${habit ? "const GOAL = 30;\n" : ""}
export function CounterScreen() {
  const [count, setCount] = useState(0);
${habit ? "  const progress = Math.min(count / GOAL, 1);\n" : ""}
  const handleIncrement = () => {
    setCount((current) => current + 1);
  };

  const handleDecrement = () => {
    setCount((current) => Math.max(current - 1, 0));
  };

  const handleReset = () => {
    setCount(0);
  };

  return (
    <View style={styles.container}>
      <Text style={styles.title}>{TITLE}</Text>
      <View style={styles.display}>
        <Text style={styles.count}>{count}</Text>
        <Text style={styles.muted}>{UNIT}</Text>
      </View>
${goalLines}      <View style={styles.controls}>
        <ActionButton label="−" variant="secondary" onPress={handleDecrement} disabled={count === 0} />
        <ActionButton label="+" onPress={handleIncrement} />
      </View>
      <ActionButton label="Reset" variant="secondary" onPress={handleReset} />
    </View>
  );
}

const styles = StyleSheet.create({
${SCREEN_BASE_STYLES}
  display: { alignItems: "center", paddingVertical: spacing.lg },
  count: { color: colors.text, fontSize: 72, fontWeight: "700" },
  controls: { flexDirection: "row", justifyContent: "center", gap: spacing.lg },
  progressTrack: {
    flexDirection: "row",
    height: 10,
    borderRadius: 5,
    overflow: "hidden",
    backgroundColor: colors.border,
  },
  progressFill: { backgroundColor: colors.success },
});
`;
  return {
    key: "counter",
    component: "CounterScreen",
    tabLabel: habit ? "Habit" : "Counter",
    feature: habit
      ? "Habit streak counter with a 30-day goal and progress bar."
      : "Counter with increment, decrement and reset.",
    source,
  };
}

function notesScreen(matchedWord: string): ScreenSpec {
  const journal = ["journal", "diary"].includes(matchedWord);
  const title = journal ? "Journal" : "Notes";
  const placeholder = journal ? "How was your day?" : "Write a note";
  const emptyText = journal ? "No entries yet." : "No notes yet.";
  const source = `import { useRef, useState } from "react";
import { FlatList, StyleSheet, Text, TextInput, View } from "react-native";
import { ActionButton } from "../components/ActionButton";
import { colors, spacing } from "../theme";

const TITLE = ${stringLiteral(title)};
const PLACEHOLDER = ${stringLiteral(placeholder)};
const EMPTY_TEXT = ${stringLiteral(emptyText)};

type Note = {
  id: string;
  text: string;
};

export function NotesScreen() {
  const [notes, setNotes] = useState<Note[]>([]);
  const [draft, setDraft] = useState("");
  const [editingId, setEditingId] = useState<string | null>(null);
  const nextId = useRef(1);

  const handleSave = () => {
    const text = draft.trim();
    if (text.length === 0) {
      return;
    }
    if (editingId === null) {
      const id = String(nextId.current);
      nextId.current += 1;
      setNotes((current) => [{ id, text }, ...current]);
    } else {
      setNotes((current) => current.map((note) => (note.id === editingId ? { ...note, text } : note)));
      setEditingId(null);
    }
    setDraft("");
  };

  const handleEdit = (note: Note) => {
    setEditingId(note.id);
    setDraft(note.text);
  };

  const handleCancelEdit = () => {
    setEditingId(null);
    setDraft("");
  };

  const handleDelete = (id: string) => {
    setNotes((current) => current.filter((note) => note.id !== id));
    if (editingId === id) {
      handleCancelEdit();
    }
  };

  return (
    <View style={styles.container}>
      <Text style={styles.title}>{TITLE}</Text>
      <TextInput
        style={styles.input}
        value={draft}
        onChangeText={setDraft}
        placeholder={PLACEHOLDER}
        multiline
      />
      <View style={styles.actions}>
        <ActionButton
          label={editingId === null ? "Add" : "Save changes"}
          onPress={handleSave}
          disabled={draft.trim().length === 0}
        />
        {editingId !== null && <ActionButton label="Cancel" variant="secondary" onPress={handleCancelEdit} />}
      </View>
      <FlatList
        data={notes}
        keyExtractor={(note) => note.id}
        contentContainerStyle={styles.list}
        ListEmptyComponent={<Text style={styles.muted}>{EMPTY_TEXT}</Text>}
        renderItem={({ item }) => (
          <View style={[styles.card, item.id === editingId && styles.editingCard]}>
            <Text style={styles.noteText}>{item.text}</Text>
            <View style={styles.actions}>
              <ActionButton label="Edit" variant="secondary" onPress={() => handleEdit(item)} />
              <ActionButton label="Delete" variant="danger" onPress={() => handleDelete(item.id)} />
            </View>
          </View>
        )}
      />
    </View>
  );
}

const styles = StyleSheet.create({
${SCREEN_BASE_STYLES}
  input: {
    minHeight: 96,
    backgroundColor: colors.surface,
    borderColor: colors.border,
    borderRadius: 10,
    borderWidth: 1,
    padding: spacing.md,
    fontSize: 16,
    textAlignVertical: "top",
  },
  actions: { flexDirection: "row", gap: spacing.sm },
  list: { gap: spacing.sm },
  card: { backgroundColor: colors.surface, borderRadius: 10, gap: spacing.sm, padding: spacing.md },
  editingCard: { borderColor: colors.primary, borderWidth: 2 },
  noteText: { color: colors.text, fontSize: 16 },
});
`;
  return {
    key: "notes",
    component: "NotesScreen",
    tabLabel: title,
    feature: `${title}: write, edit and delete ${journal ? "entries" : "notes"}.`,
    source,
  };
}

interface QuizQuestion {
  prompt: string;
  options: string[];
  answerIndex: number;
}

const QUIZ_QUESTIONS: QuizQuestion[] = [
  {
    prompt: "Which planet is known as the Red Planet?",
    options: ["Venus", "Mars", "Jupiter"],
    answerIndex: 1,
  },
  { prompt: "How many continents are there?", options: ["5", "6", "7"], answerIndex: 2 },
  {
    prompt: "What is the largest ocean on Earth?",
    options: ["Atlantic", "Indian", "Pacific"],
    answerIndex: 2,
  },
  {
    prompt: "Which gas do plants absorb from the air?",
    options: ["Oxygen", "Carbon dioxide", "Helium"],
    answerIndex: 1,
  },
  { prompt: "How many sides does a hexagon have?", options: ["6", "8", "5"], answerIndex: 0 },
];

function quizScreen(matchedWord: string): ScreenSpec {
  const flashcards = matchedWord.startsWith("flashcard");
  const title = flashcards ? "Flashcards" : matchedWord === "trivia" ? "Trivia" : "Quiz";
  const source = `import { useState } from "react";
import { Pressable, StyleSheet, Text, View } from "react-native";
import { ActionButton } from "../components/ActionButton";
import { colors, spacing } from "../theme";

const TITLE = ${stringLiteral(title)};

type Question = {
  prompt: string;
  options: string[];
  answerIndex: number;
};

const QUESTIONS: Question[] = ${JSON.stringify(QUIZ_QUESTIONS, null, 2)};

export function QuizScreen() {
  const [questionIndex, setQuestionIndex] = useState(0);
  const [selectedIndex, setSelectedIndex] = useState<number | null>(null);
  const [score, setScore] = useState(0);

  const handleSelect = (optionIndex: number) => {
    if (selectedIndex !== null) {
      return;
    }
    setSelectedIndex(optionIndex);
    if (optionIndex === QUESTIONS[questionIndex].answerIndex) {
      setScore((current) => current + 1);
    }
  };

  const handleNext = () => {
    setSelectedIndex(null);
    setQuestionIndex((current) => current + 1);
  };

  const handleRestart = () => {
    setQuestionIndex(0);
    setSelectedIndex(null);
    setScore(0);
  };

  if (questionIndex >= QUESTIONS.length) {
    return (
      <View style={styles.container}>
        <Text style={styles.title}>{TITLE}</Text>
        <Text style={styles.result}>
          You scored {score} of {QUESTIONS.length}
        </Text>
        <ActionButton label="Play again" onPress={handleRestart} />
      </View>
    );
  }

  const question = QUESTIONS[questionIndex];
  const answered = selectedIndex !== null;

  return (
    <View style={styles.container}>
      <Text style={styles.title}>{TITLE}</Text>
      <Text style={styles.muted}>
        Question {questionIndex + 1} of {QUESTIONS.length} · Score {score}
      </Text>
      <Text style={styles.question}>{question.prompt}</Text>
      {question.options.map((option, optionIndex) => (
        <Pressable
          key={option}
          accessibilityRole="button"
          onPress={() => handleSelect(optionIndex)}
          style={[
            styles.option,
            answered && optionIndex === question.answerIndex && styles.correctOption,
            answered && optionIndex === selectedIndex && optionIndex !== question.answerIndex && styles.wrongOption,
          ]}
        >
          <Text style={styles.optionText}>{option}</Text>
        </Pressable>
      ))}
      {answered && (
        <View style={styles.feedback}>
          <Text style={styles.muted}>{selectedIndex === question.answerIndex ? "Correct!" : "Not quite."}</Text>
          <ActionButton
            label={questionIndex + 1 === QUESTIONS.length ? "See score" : "Next question"}
            onPress={handleNext}
          />
        </View>
      )}
    </View>
  );
}

const styles = StyleSheet.create({
${SCREEN_BASE_STYLES}
  question: { color: colors.text, fontSize: 20, fontWeight: "600" },
  option: {
    backgroundColor: colors.surface,
    borderColor: colors.border,
    borderRadius: 10,
    borderWidth: 2,
    padding: spacing.md,
  },
  correctOption: { borderColor: colors.success },
  wrongOption: { borderColor: colors.danger },
  optionText: { color: colors.text, fontSize: 16 },
  feedback: { gap: spacing.sm },
  result: { color: colors.text, fontSize: 28, fontWeight: "700", textAlign: "center" },
});
`;
  return {
    key: "quiz",
    component: "QuizScreen",
    tabLabel: title,
    feature: `${title}: ${QUIZ_QUESTIONS.length} multiple-choice questions with a running score.`,
    source,
  };
}

function weatherScreen(): ScreenSpec {
  const source = `import { useEffect, useMemo, useState } from "react";
import { FlatList, StyleSheet, Text, View } from "react-native";
import { ActionButton } from "../components/ActionButton";
import { colors, spacing } from "../theme";

type DayForecast = {
  day: string;
  condition: string;
  icon: string;
  high: number;
  low: number;
};

const DAYS = ["Today", "Tomorrow", "In 2 days", "In 3 days", "In 4 days"];
const CONDITIONS = [
  { condition: "Sunny", icon: "☀️" },
  { condition: "Partly cloudy", icon: "⛅" },
  { condition: "Cloudy", icon: "☁️" },
  { condition: "Light rain", icon: "🌦️" },
  { condition: "Thunderstorms", icon: "⛈️" },
  { condition: "Windy", icon: "💨" },
];
const SIMULATED_LATENCY_MS = 600;

// Sample data until a weather API is connected; each refresh shifts the pattern so the list visibly updates.
function buildForecast(refreshCount: number): DayForecast[] {
  return DAYS.map((day, index) => {
    const seed = refreshCount * 7 + index * 3;
    const high = 14 + ((seed * 5) % 12);
    return { day, ...CONDITIONS[seed % CONDITIONS.length], high, low: high - 4 - (seed % 5) };
  });
}

export function WeatherScreen() {
  const [refreshCount, setRefreshCount] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const forecast = useMemo(() => buildForecast(refreshCount), [refreshCount]);
  const today = forecast[0];

  useEffect(() => {
    if (!refreshing) {
      return;
    }
    const timeoutId = setTimeout(() => {
      setRefreshCount((current) => current + 1);
      setRefreshing(false);
    }, SIMULATED_LATENCY_MS);
    return () => clearTimeout(timeoutId);
  }, [refreshing]);

  const handleRefresh = () => {
    setRefreshing(true);
  };

  return (
    <View style={styles.container}>
      <Text style={styles.title}>Weather</Text>
      <View style={styles.today}>
        <Text style={styles.todayIcon}>{today.icon}</Text>
        <Text style={styles.todayTemperature}>{today.high}°</Text>
        <Text style={styles.muted}>{today.condition}</Text>
      </View>
      <ActionButton label={refreshing ? "Refreshing…" : "Refresh"} onPress={handleRefresh} disabled={refreshing} />
      <FlatList
        data={forecast}
        keyExtractor={(item) => item.day}
        refreshing={refreshing}
        onRefresh={handleRefresh}
        contentContainerStyle={styles.list}
        renderItem={({ item }) => (
          <View style={styles.row}>
            <Text style={styles.day}>{item.day}</Text>
            <Text style={styles.condition}>
              {item.icon} {item.condition}
            </Text>
            <Text style={styles.temperatures}>
              {item.high}° / {item.low}°
            </Text>
          </View>
        )}
      />
      <Text style={styles.muted}>Sample forecast. Connect a weather service for live data.</Text>
    </View>
  );
}

const styles = StyleSheet.create({
${SCREEN_BASE_STYLES}
  today: { alignItems: "center", backgroundColor: colors.surface, borderRadius: 16, padding: spacing.lg },
  todayIcon: { fontSize: 48 },
  todayTemperature: { color: colors.text, fontSize: 48, fontWeight: "700" },
  list: { gap: spacing.sm },
  row: {
    flexDirection: "row",
    alignItems: "center",
    backgroundColor: colors.surface,
    borderRadius: 10,
    padding: spacing.md,
  },
  day: { flex: 1, color: colors.text, fontSize: 16, fontWeight: "600" },
  condition: { flex: 1.5, color: colors.text, fontSize: 16 },
  temperatures: { color: colors.muted, fontSize: 16 },
});
`;
  return {
    key: "weather",
    component: "WeatherScreen",
    tabLabel: "Weather",
    feature: "Weather: a five-day sample forecast with pull-to-refresh.",
    source,
  };
}

function calculatorScreen(): ScreenSpec {
  const source = `import { useState } from "react";
import { Pressable, StyleSheet, Text, View } from "react-native";
import { colors, spacing } from "../theme";

type Operator = "+" | "−" | "×" | "÷";

const KEY_ROWS = [
  ["C", "±", "%", "÷"],
  ["7", "8", "9", "×"],
  ["4", "5", "6", "−"],
  ["1", "2", "3", "+"],
  ["0", ".", "="],
];
const ERROR_TEXT = "Error";

function isOperator(key: string): key is Operator {
  return key === "+" || key === "−" || key === "×" || key === "÷";
}

function applyOperator(left: number, right: number, operator: Operator): number {
  switch (operator) {
    case "+":
      return left + right;
    case "−":
      return left - right;
    case "×":
      return left * right;
    case "÷":
      return right === 0 ? Number.NaN : left / right;
  }
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) {
    return ERROR_TEXT;
  }
  return String(Number.parseFloat(value.toPrecision(12)));
}

export function CalculatorScreen() {
  const [display, setDisplay] = useState("0");
  const [storedValue, setStoredValue] = useState<number | null>(null);
  const [pendingOperator, setPendingOperator] = useState<Operator | null>(null);
  const [waitingForOperand, setWaitingForOperand] = useState(false);

  const clear = () => {
    setDisplay("0");
    setStoredValue(null);
    setPendingOperator(null);
    setWaitingForOperand(false);
  };

  const inputDigit = (digit: string) => {
    if (waitingForOperand || display === ERROR_TEXT) {
      setDisplay(digit);
      setWaitingForOperand(false);
      return;
    }
    setDisplay(display === "0" ? digit : display + digit);
  };

  const inputDecimalPoint = () => {
    if (waitingForOperand || display === ERROR_TEXT) {
      setDisplay("0.");
      setWaitingForOperand(false);
      return;
    }
    if (!display.includes(".")) {
      setDisplay(display + ".");
    }
  };

  const toggleSign = () => {
    if (display === "0" || display === ERROR_TEXT) {
      return;
    }
    setDisplay(display.startsWith("-") ? display.slice(1) : "-" + display);
  };

  const applyPercent = () => {
    setDisplay(formatNumber(Number.parseFloat(display) / 100));
  };

  const chooseOperator = (operator: Operator) => {
    const current = Number.parseFloat(display);
    if (storedValue !== null && pendingOperator !== null && !waitingForOperand) {
      const result = applyOperator(storedValue, current, pendingOperator);
      setDisplay(formatNumber(result));
      setStoredValue(result);
    } else {
      setStoredValue(current);
    }
    setPendingOperator(operator);
    setWaitingForOperand(true);
  };

  const evaluate = () => {
    if (storedValue === null || pendingOperator === null) {
      return;
    }
    const result = applyOperator(storedValue, Number.parseFloat(display), pendingOperator);
    setDisplay(formatNumber(result));
    setStoredValue(null);
    setPendingOperator(null);
    setWaitingForOperand(true);
  };

  const handleKey = (key: string) => {
    if (key === "C") {
      clear();
    } else if (key === "±") {
      toggleSign();
    } else if (key === "%") {
      applyPercent();
    } else if (key === "=") {
      evaluate();
    } else if (key === ".") {
      inputDecimalPoint();
    } else if (isOperator(key)) {
      chooseOperator(key);
    } else {
      inputDigit(key);
    }
  };

  return (
    <View style={styles.container}>
      <Text style={styles.title}>Calculator</Text>
      <View style={styles.display}>
        <Text style={styles.displayText} numberOfLines={1} adjustsFontSizeToFit>
          {display}
        </Text>
      </View>
      {KEY_ROWS.map((row) => (
        <View key={row.join("")} style={styles.keyRow}>
          {row.map((key) => (
            <Pressable
              key={key}
              accessibilityRole="button"
              onPress={() => handleKey(key)}
              style={({ pressed }) => [
                styles.key,
                key === "0" && styles.wideKey,
                (isOperator(key) || key === "=") && styles.operatorKey,
                key === pendingOperator && waitingForOperand && styles.activeOperatorKey,
                pressed && styles.pressedKey,
              ]}
            >
              <Text style={[styles.keyText, (isOperator(key) || key === "=") && styles.operatorKeyText]}>{key}</Text>
            </Pressable>
          ))}
        </View>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({
${SCREEN_BASE_STYLES}
  display: {
    alignItems: "flex-end",
    justifyContent: "flex-end",
    minHeight: 96,
    backgroundColor: colors.surface,
    borderRadius: 16,
    padding: spacing.md,
  },
  displayText: { color: colors.text, fontSize: 48, fontWeight: "300" },
  keyRow: { flexDirection: "row", gap: spacing.sm },
  key: {
    flex: 1,
    alignItems: "center",
    justifyContent: "center",
    aspectRatio: 1,
    backgroundColor: colors.surface,
    borderRadius: 999,
  },
  wideKey: { flex: 2, aspectRatio: undefined },
  operatorKey: { backgroundColor: colors.primary },
  activeOperatorKey: { opacity: 0.7 },
  pressedKey: { opacity: 0.5 },
  keyText: { color: colors.text, fontSize: 24 },
  operatorKeyText: { color: colors.primaryText },
});
`;
  return {
    key: "calculator",
    component: "CalculatorScreen",
    tabLabel: "Calculator",
    feature: "Calculator with the four operations, percent and sign change.",
    source,
  };
}

function homeScreen(): ScreenSpec {
  const source = `import { useState } from "react";
import { StyleSheet, Text, TextInput, View } from "react-native";
import { APP_DESCRIPTION } from "../appInfo";
import { ActionButton } from "../components/ActionButton";
import { colors, spacing } from "../theme";

export function HomeScreen() {
  const [name, setName] = useState("");
  const [likes, setLikes] = useState(0);
  const trimmedName = name.trim();

  const handleLike = () => {
    setLikes((current) => current + 1);
  };

  return (
    <View style={styles.container}>
      <Text style={styles.title}>Welcome{trimmedName.length > 0 ? ", " + trimmedName : ""}!</Text>
      <Text style={styles.description}>{APP_DESCRIPTION}</Text>
      <View style={styles.card}>
        <Text style={styles.label}>What should we call you?</Text>
        <TextInput style={styles.input} value={name} onChangeText={setName} placeholder="Your name" />
      </View>
      <View style={styles.card}>
        <Text style={styles.label}>{likes === 0 ? "Enjoying the app?" : "Liked " + likes + " times"}</Text>
        <ActionButton label="♥ Like" onPress={handleLike} />
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
${SCREEN_BASE_STYLES}
  description: { color: colors.text, fontSize: 16, lineHeight: 22 },
  card: { backgroundColor: colors.surface, borderRadius: 16, gap: spacing.sm, padding: spacing.md },
  label: { color: colors.text, fontSize: 16, fontWeight: "600" },
  input: {
    backgroundColor: colors.background,
    borderColor: colors.border,
    borderRadius: 10,
    borderWidth: 1,
    padding: spacing.sm,
    fontSize: 16,
  },
});
`;
  return {
    key: "home",
    component: "HomeScreen",
    tabLabel: "Home",
    feature: "Home screen introducing the app, with a name field and a like button.",
    source,
  };
}

function aboutScreen(features: string[]): ScreenSpec {
  const source = `import { ScrollView, StyleSheet, Text } from "react-native";
import { APP_DESCRIPTION, APP_NAME, APP_VERSION } from "../appInfo";
import { colors, spacing } from "../theme";

const FEATURES = ${JSON.stringify(features, null, 2)};

export function AboutScreen() {
  return (
    <ScrollView contentContainerStyle={styles.container}>
      <Text style={styles.title}>{APP_NAME}</Text>
      <Text style={styles.muted}>Version {APP_VERSION}</Text>
      <Text style={styles.description}>{APP_DESCRIPTION}</Text>
      <Text style={styles.heading}>Features</Text>
      {FEATURES.map((feature) => (
        <Text key={feature} style={styles.feature}>
          • {feature}
        </Text>
      ))}
    </ScrollView>
  );
}

const styles = StyleSheet.create({
${SCREEN_BASE_STYLES}
  description: { color: colors.text, fontSize: 16, lineHeight: 22 },
  heading: { color: colors.text, fontSize: 18, fontWeight: "600" },
  feature: { color: colors.text, fontSize: 16 },
});
`;
  return {
    key: "about",
    component: "AboutScreen",
    tabLabel: "About",
    feature: "About screen with the app's description and feature list.",
    source,
  };
}

function screenFor({ kind, matchedWord }: DetectedKind): ScreenSpec {
  switch (kind) {
    case "list":
      return listScreen(matchedWord);
    case "timer":
      return matchedWord === "stopwatch" ? stopwatchScreen() : countdownTimerScreen(matchedWord);
    case "counter":
      return counterScreen(matchedWord);
    case "notes":
      return notesScreen(matchedWord);
    case "quiz":
      return quizScreen(matchedWord);
    case "weather":
      return weatherScreen();
    case "calculator":
      return calculatorScreen();
  }
}

/** The app's screens: one per detected kind, a home screen when nothing matched, plus About on the full tier. */
function screensFor(prompt: string, model: ModelTier): ScreenSpec[] {
  const detected = detectKinds(prompt).map(screenFor);
  const screens = detected.length > 0 ? detected : [homeScreen()];
  if (model === "full" && detected.length > 0) {
    screens.push(aboutScreen(screens.map((screen) => screen.feature)));
  }
  return screens;
}

const APP_STYLES = `  root: { flex: 1, backgroundColor: colors.background },
  appName: {
    color: colors.text,
    fontSize: 24,
    fontWeight: "700",
    paddingBottom: spacing.sm,
    paddingHorizontal: spacing.md,
    paddingTop: spacing.lg,
  },
  content: { flex: 1 },`;

function singleScreenApp(screen: ScreenSpec): string {
  return `import { StatusBar } from "expo-status-bar";
import { SafeAreaView, StyleSheet, Text, View } from "react-native";
import { APP_NAME } from "./src/appInfo";
import { ${screen.component} } from "./src/screens/${screen.component}";
import { colors, spacing } from "./src/theme";

export default function App() {
  return (
    <SafeAreaView style={styles.root}>
      <StatusBar style="dark" />
      <Text style={styles.appName}>{APP_NAME}</Text>
      <View style={styles.content}>
        <${screen.component} />
      </View>
    </SafeAreaView>
  );
}

const styles = StyleSheet.create({
${APP_STYLES}
});
`;
}

function tabbedApp(screens: ScreenSpec[]): string {
  const screenImports = screens
    .map((screen) => `import { ${screen.component} } from "./src/screens/${screen.component}";\n`)
    .join("");
  const tabs = screens
    .map((screen) => `  { key: ${stringLiteral(screen.key)}, label: ${stringLiteral(screen.tabLabel)} },\n`)
    .join("");
  const panels = screens
    .map((screen) =>
      `        <View style={activeTab === ${stringLiteral(screen.key)} ? styles.content : styles.hidden}>
          <${screen.component} />
        </View>
`
    )
    .join("");
  return `import { StatusBar } from "expo-status-bar";
import { useState } from "react";
import { Pressable, SafeAreaView, StyleSheet, Text, View } from "react-native";
import { APP_NAME } from "./src/appInfo";
${screenImports}import { colors, spacing } from "./src/theme";

const TABS = [
${tabs}] as const;

type TabKey = (typeof TABS)[number]["key"];

export default function App() {
  const [activeTab, setActiveTab] = useState<TabKey>(TABS[0].key);

  return (
    <SafeAreaView style={styles.root}>
      <StatusBar style="dark" />
      <Text style={styles.appName}>{APP_NAME}</Text>
      <View style={styles.tabBar} accessibilityRole="tablist">
        {TABS.map((tab) => (
          <Pressable
            key={tab.key}
            accessibilityRole="tab"
            accessibilityState={{ selected: activeTab === tab.key }}
            onPress={() => setActiveTab(tab.key)}
            style={[styles.tab, activeTab === tab.key && styles.activeTab]}
          >
            <Text style={[styles.tabLabel, activeTab === tab.key && styles.activeTabLabel]}>{tab.label}</Text>
          </Pressable>
        ))}
      </View>
      {/* Every screen stays mounted so switching tabs keeps its state (a running timer keeps running). */}
      <View style={styles.content}>
${panels}      </View>
    </SafeAreaView>
  );
}

const styles = StyleSheet.create({
${APP_STYLES}
  hidden: { display: "none" },
  tabBar: {
    flexDirection: "row",
    backgroundColor: colors.border,
    borderRadius: 10,
    marginHorizontal: spacing.md,
    padding: spacing.xs,
  },
  tab: { flex: 1, alignItems: "center", borderRadius: 8, paddingVertical: spacing.sm },
  activeTab: { backgroundColor: colors.surface },
  tabLabel: { color: colors.muted, fontSize: 14, fontWeight: "600" },
  activeTabLabel: { color: colors.text },
});
`;
}

function appInfoSource(appName: string, description: string): string {
  return `// Text from the app's request lives only in these string constants, so it is always shown as text.
export const APP_NAME = ${stringLiteral(appName)};
export const APP_DESCRIPTION = ${stringLiteral(description)};
export const APP_VERSION = ${stringLiteral(APP_VERSION)};
`;
}

function packageJson(slug: string): string {
  const manifest = {
    name: slug,
    version: APP_VERSION,
    private: true,
    main: "node_modules/expo/AppEntry.js",
    scripts: {
      start: "expo start",
      android: "expo start --android",
      ios: "expo start --ios",
    },
    dependencies: EXPO_DEPENDENCIES,
    devDependencies: EXPO_DEV_DEPENDENCIES,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function appJson(appName: string, slug: string): string {
  const config = {
    expo: {
      name: appName,
      slug,
      version: APP_VERSION,
      orientation: "portrait",
      icon: "./assets/icon.png",
      userInterfaceStyle: "light",
      splash: { resizeMode: "contain", backgroundColor: "#F5F6FA" },
      ios: { supportsTablet: true },
      android: { adaptiveIcon: { foregroundImage: "./assets/icon.png", backgroundColor: "#FFFFFF" } },
    },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

const TSCONFIG_JSON = `${
  JSON.stringify({ extends: "expo/tsconfig.base", compilerOptions: { strict: true } }, null, 2)
}\n`;

const BABEL_CONFIG_SOURCE = `module.exports = function (api) {
  api.cache(true);
  return {
    presets: ["babel-preset-expo"],
  };
};
`;

const GITIGNORE = `node_modules/
.expo/
dist/
web-build/
*.log
.DS_Store
`;

function attachmentName(attachment: GenerationAttachment): string {
  return attachment.path.split("/").pop() || attachment.path;
}

function readme(
  request: GenerationRequest,
  description: string,
  screens: ScreenSpec[],
  sourcePaths: string[],
): string {
  const features = screens.map((screen) => `- ${escapeMarkdown(screen.feature)}`).join("\n");
  const attachments = request.attachments.length === 0 ? "" : `
## Attachments

Files sent with the prompt (listed for reference; the app does not use them yet):

${
    request.attachments
      .map((attachment) =>
        `- ${escapeMarkdown(attachmentName(attachment))} (${escapeMarkdown(attachment.type)})`
      )
      .join("\n")
  }
`;
  return `# ${escapeMarkdown(request.appName)}

${escapeMarkdown(description)}

## Prompt

${fencedBlock(request.prompt)}

## Features

${features}
${attachments}
## Getting started

\`\`\`sh
npm install
npx expo start
\`\`\`

Scan the QR code with Expo Go, or press \`a\` for Android or \`i\` for iOS.

## Project structure

${sourcePaths.map((path) => `- \`${path}\``).join("\n")}
`;
}

export class TemplateGenerator implements Generator {
  generate(request: GenerationRequest): Promise<GenerationResult> {
    const slug = toSlug(request.appName);
    const description = summarize(request.prompt);
    const screens = screensFor(request.prompt, request.model);
    const app = screens.length === 1 ? singleScreenApp(screens[0]) : tabbedApp(screens);

    const code = (path: string, contents: string): GeneratedFile => ({
      path,
      contents,
      type: FILE_TYPE.code,
    });
    const config = (path: string, contents: string): GeneratedFile => ({
      path,
      contents,
      type: FILE_TYPE.config,
    });
    const projectFiles: GeneratedFile[] = [
      config("package.json", packageJson(slug)),
      config("app.json", appJson(request.appName, slug)),
      config("tsconfig.json", TSCONFIG_JSON),
      config(".gitignore", GITIGNORE),
      code("babel.config.js", BABEL_CONFIG_SOURCE),
      code("App.tsx", app),
      code("src/appInfo.ts", appInfoSource(request.appName, description)),
      code("src/theme.ts", THEME_SOURCE),
      code("src/components/ActionButton.tsx", ACTION_BUTTON_SOURCE),
      ...screens.map((screen) => code(`src/screens/${screen.component}.tsx`, screen.source)),
    ];
    const readmeFile: GeneratedFile = {
      path: "README.md",
      contents: readme(request, description, screens, projectFiles.map((file) => file.path)),
      type: FILE_TYPE.doc,
    };
    const files = [...projectFiles, readmeFile];

    const outputChars = files.reduce((total, file) => total + file.contents.length, 0);
    return Promise.resolve({
      files,
      usage: {
        tokensIn: Math.ceil(request.prompt.length / CHARS_PER_TOKEN) + INSTRUCTION_TOKENS,
        tokensOut: Math.ceil(outputChars / CHARS_PER_TOKEN),
      },
      model: `template-${request.model}`,
      provider: "template",
      costEur: TEMPLATE_PRICES_EUR[request.model],
    });
  }
}
