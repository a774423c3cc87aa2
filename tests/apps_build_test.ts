// The generated apps build with the real Expo toolchain: every prompt of the fixed set (every kind, English
// and Italian, both tiers) is generated through the API and type-checked with `tsc --noEmit`, and one app
// holding every building block in every option (a checked-in German spec whose composed files are saved
// through the API) is type-checked too, bundled with `expo export` for android and web, and its web build
// used in headless Chromium.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  bundle,
  everyBlockApp,
  everyBlockSpec,
  generatePromptSet,
  ROOT,
  serveDist,
  typecheckAll,
  writeApp,
} from "../eval/app-set/build.ts";
import { APP_PROMPTS } from "../eval/app-set/prompts.ts";
import { composeApp } from "../supabase/functions/_generator/compose.ts";
import type { Locator, Page } from "playwright-core";
import { withBrowser } from "../scripts/lib/browser.ts";
import { BASE_URL, newUser, NO_STACK } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });
const OUT = join(ROOT, ".local/apps-test");

let building: ReturnType<typeof build> | undefined;
// Started by the first test that needs it, so a failure is that test's and not the whole run's.
const builtApps = () => building ??= build();

// Users of their own for the fixed set and the follow-ups: one user's hourly evaluation quota would not do.
async function build() {
  const client = async (label: string) => ({ base: BASE_URL, token: (await newUser(label)).token });
  const apps = await generatePromptSet(() => client("apps.set"));
  const blockUser = await newUser("apps.blocks");
  const everyBlock = await everyBlockApp({ base: BASE_URL, token: blockUser.token });
  await Deno.mkdir(OUT, { recursive: true });
  const started = performance.now();
  const dirs = [];
  for (const app of [...apps, everyBlock]) dirs.push(await writeApp(OUT, app));
  console.log(`written and installed in ${Math.round(performance.now() - started)} ms`);
  return { apps, everyBlock, dirs };
}

let bundling: ReturnType<typeof bundleEveryBlock> | undefined;
const bundledEveryBlock = () => bundling ??= bundleEveryBlock();

async function bundleEveryBlock() {
  const { everyBlock, dirs } = await builtApps();
  const dir = dirs.at(-1)!;
  return { everyBlock, dir, result: await bundle(dir, ["android", "web"]) };
}

t("every prompt of the fixed set is generated through the API as the kind it asks for", async () => {
  const { apps } = await builtApps();
  for (const [index, p] of APP_PROMPTS.entries()) {
    const app = apps[index];
    assert.equal(app.kind.split("+")[0], p.kind, p.id);
    assert.equal(app.language, p.language, p.id);
    assert.equal(app.filesSaved, app.files.length, `${p.id}: files_saved is what the project lists`);
  }
});

t("every generated app type-checks with tsc --noEmit", async () => {
  const { dirs } = await builtApps();
  const started = performance.now();
  const results = await typecheckAll(dirs);
  console.log(`tsc on ${dirs.length} apps in ${Math.round(performance.now() - started)} ms`);
  const failures = results.flatMap((r, i) => (r.ok ? [] : [`${dirs[i]}:\n${r.output}`]));
  assert.deepEqual(failures, []);
});

t("an app holding every building block bundles with expo export for android and web", async () => {
  const { everyBlock } = await builtApps();
  // The project holds exactly the files composed for the spec: those of the project's starting template
  // were all replaced.
  const composed = composeApp(everyBlockSpec());
  assert.deepEqual(everyBlock.files.map((f) => f.path), composed.map((f) => f.path).sort());
  assert.equal(everyBlock.filesSaved, composed.length);
  const blocks = new Set(
    everyBlock.files.filter((f) => f.path.startsWith("src/blocks/")).map((f) => f.path.slice(11, -4)),
  );
  const screens = everyBlockSpec().screens;
  for (const block of new Set(screens.map((screen) => screen.block))) {
    const component = `${block.charAt(0).toUpperCase()}${block.slice(1)}Block`;
    assert.ok(blocks.has(component), `the app has the ${component} block`);
  }
  assert.ok(blocks.has("ChoiceQuiz"), "the app has the multiple-choice quiz");
  const { dir, result } = await bundledEveryBlock();
  console.log(`expo export android + web in ${result.ms} ms`);
  assert.ok(result.ok, result.output);
  const dist = [...Deno.readDirSync(join(dir, "dist/_expo/static/js"))].map((entry) => entry.name).sort();
  assert.deepEqual(dist, ["android", "web"]);
  assert.ok(Deno.statSync(join(dir, "dist/index.html")).isFile);
  // The bundles hold this app's routes (each importing its block), not another app's.
  const routes = everyBlock.files.map((f) => f.path).filter((path) => path.startsWith("src/app/"));
  for (const platform of dist) {
    const js = join(dir, "dist/_expo/static/js", platform);
    const code = [...Deno.readDirSync(js)].map((entry) => Deno.readTextFileSync(join(js, entry.name))).join(
      "",
    );
    for (const route of routes) {
      assert.ok(code.includes(`./${route.slice("src/app/".length)}`), `${platform} bundles ${route}`);
    }
  }
});

/**
 * The every-block app's web build in a fresh browser, as a person uses it: `open` shows a screen by its key,
 * `text` is what the page shows, `chip` the chips and buttons of a label; other sites are not reached. Its
 * data lives in the browser's storage, so each screen starts from the spec's samples and keeps what was done
 * on the screens before it.
 */
async function inEveryBlockApp(
  fn: (app: {
    page: Page;
    dir: string;
    errors: string[];
    open: (tab: string) => Promise<void>;
    text: () => Promise<string>;
    chip: (name: string) => Locator;
  }) => Promise<void>,
) {
  const { dir, result } = await bundledEveryBlock();
  assert.ok(result.ok, result.output);
  const site = serveDist(join(dir, "dist"));
  try {
    await withBrowser(async (context) => {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(String(err)));
      await page.route((url) => !url.href.startsWith(site.url), (route) => route.abort());
      const screens = everyBlockSpec().screens;
      // The first screen is the app's index.
      const open = async (tab: string) => {
        await page.goto(`${site.url}${tab === screens[0].key ? "" : tab}`, { waitUntil: "networkidle" });
        await page.getByText(screens.find((s) => s.key === tab)!.title).first().waitFor();
      };
      const text = () => page.locator("body").innerText();
      const chip = (name: string) => page.getByRole("button", { name, exact: true });
      await fn({ page, dir, errors, open, text, chip });
      assert.deepEqual(errors, []);
    });
  } finally {
    await site.stop();
  }
}

t(
  "the every-block app's new blocks work in the browser, in German and in the spec's dark theme",
  () =>
    inEveryBlockApp(async ({ page, dir, open, text, chip }) => {
      // Backgrounds in use, as the browser paints them.
      const backgrounds = () =>
        page.evaluate<string[]>(
          "[...document.querySelectorAll('div')].map((el) => getComputedStyle(el).backgroundColor)",
        );

      await open("quiz");
      assert.ok((await backgrounds()).includes("rgb(15, 23, 42)"), "the spec's dark theme");
      // The spec asks for large text: the quiz's 22-point question is drawn at 29 px, 16-point text at 21 px.
      const sizes = await page.evaluate<string[]>(
        "[...document.querySelectorAll('div')].map((el) => getComputedStyle(el).fontSize)",
      );
      assert.ok(
        sizes.includes("29px") && sizes.includes("21px"),
        `large text (${[...new Set(sizes)].join(", ")})`,
      );
      for (const pick of ["12", "Rhein", "3798 m"]) {
        await page.getByText(pick, { exact: true }).click();
        await page.getByText("Weiter", { exact: true }).click();
      }
      const quiz = await text();
      for (
        const shown of [
          "1/3",
          "Bestwert: 1",
          "Zum Wiederholen",
          "Deine Antwort: 12",
          "Richtige Antwort: 16",
        ]
      ) {
        assert.ok(quiz.includes(shown), `the quiz shows ${shown}`);
      }
      assert.ok(!quiz.includes("Deine Antwort: Rhein"), "a right answer is not listed for review");

      await open("mahlzeiten");
      const fed = async () => Number((await text()).match(/(\d+) Mahlzeit(?:en)?,/)?.[1]);
      // The log's two figures, each charted over its own period: the value of the current one is its last.
      const figure = async (title: string) =>
        (await page.getByText(title, { exact: true }).locator("xpath=..").innerText()).trim().split("\n").at(
          -1,
        )!;
      const before = await fed();
      const weekBefore = Number(await figure("Anzahl · Pro Woche"));
      await page.getByText("Jetzt eintragen").click();
      await page.getByText(new RegExp(`^${before + 1} Mahlzeit`)).waitFor();
      assert.equal(Number(await figure("Anzahl · Pro Woche")), weekBefore + 1);
      // Today's total amount is the one today's card shows.
      const todayMl = (await text()).match(/Mahlzeit(?:en)?, [^,]+, ([\d.,]+\s?ml)/)?.[1];
      assert.ok(todayMl, await text());
      assert.equal(
        (await figure("Summe · Menge · Pro Tag")).replace(/\s/g, " "),
        todayMl.replace(/\s/g, " "),
      );

      await open("familie");
      const max = async () => Number((await text()).match(/Max\s+(\d+) Punkte/)?.[1]);
      assert.equal(await max(), 3);
      await page.getByRole("checkbox", { name: "Zimmer aufräumen" }).click();
      await page.getByText("13 Punkte", { exact: true }).waitFor();
      const iceCream = page.getByRole("button", { name: "Einlösen: Eis essen (20)" });
      assert.ok(await iceCream.nth(1).isDisabled(), "13 points do not buy a 20-point reward");

      // A photo field: the browser's file chooser gives the picture, the list row shows it, and it is kept.
      await open("aufgaben");
      await page.getByText("+ Aufgabe hinzufügen", { exact: true }).click();
      await page.getByLabel("Titel").fill("Fahrrad putzen");
      const chooser = page.waitForEvent("filechooser");
      await page.getByText("Foto auswählen", { exact: true }).click();
      await (await chooser).setFiles(join(dir, "assets/icon.png"));
      await page.getByRole("img", { name: "Foto" }).waitFor();
      await page.getByText("Speichern", { exact: true }).click();
      await page.getByText("Fahrrad putzen", { exact: true }).waitFor();
      await open("aufgaben");
      const row = page.getByRole("img", { name: "Foto" });
      await row.waitFor();
      assert.equal(await row.count(), 1, "only the record with a photo shows one");
      const painted = await page.evaluate<string>(
        "[...document.querySelectorAll('[aria-label=Foto], [aria-label=Foto] *')]" +
          ".map((el) => getComputedStyle(el).backgroundImage).join(' ')",
      );
      assert.match(painted, /url\("data:image\/png;base64,/, "the row's picture is the chosen file");

      // A choice naming no values: the list's chips are the values its records hold, the form offers them and
      // takes a new one typed, which the list then offers as a filter chip of its own.
      await open("spiele");
      assert.deepEqual([await chip("Strategie").count(), await chip("Party").count()], [1, 1]);
      await page.getByText("+ Spiel hinzufügen", { exact: true }).click();
      await page.getByLabel("Genre", { exact: true }).waitFor();
      assert.deepEqual([await chip("Strategie").count(), await chip("Party").count()], [1, 1]);
      await page.getByLabel("Name", { exact: true }).fill("Tetris");
      await page.getByLabel("Partien", { exact: true }).fill("3");
      await page.getByLabel("Genre", { exact: true }).fill("Arcade ");
      await page.getByText("Speichern", { exact: true }).click();
      await page.getByText("Tetris", { exact: true }).waitFor();
      await open("spiele");
      await chip("Arcade").click();
      await page.getByText("Catan", { exact: true }).waitFor({ state: "detached" });
      const arcade = await text();
      assert.ok(arcade.includes("Tetris") && !arcade.includes("Codenames"), arcade);
      assert.match(arcade, /Summe: 3\b/, "the total is that of the filtered list");
      assert.equal(await chip("Arcade").getAttribute("aria-selected"), "true");
      // Another record's form offers the new genre to tap.
      await page.getByText("Alle", { exact: true }).click();
      await page.getByText("Codenames", { exact: true }).click();
      await chip("Arcade").click();
      assert.equal(await page.getByLabel("Genre", { exact: true }).inputValue(), "Arcade");
      await page.getByText("Speichern", { exact: true }).click();
      await page.getByLabel("Genre", { exact: true }).waitFor({ state: "detached" });
      await open("spiele");
      await chip("Arcade").click();
      await page.getByText("Catan", { exact: true }).waitFor({ state: "detached" });
      assert.ok((await text()).includes("Codenames"));

      await open("stundenplan");
      const week = await text();
      for (const shown of ["Montag", "08:00–09:30", "Mathematik", "R 12 · Frau Keller", "Mittwoch"]) {
        assert.ok(week.includes(shown), `the timetable shows ${shown}`);
      }
      assert.ok(week.indexOf("Montag") < week.indexOf("Mittwoch"), "days in the week's order");

      await open("sparziel");
      assert.match(await text(), /[\d.]+,\d\d\s€ von 4\.000,00\s€/);

      // A weight to reach is its latest reading (72,1 kg of the two), 2,1 kg from 70 kg, never a sum.
      await open("wunschgewicht");
      const weight = await text();
      assert.match(weight, /72,1\s?kg von 70\s?kg/);
      assert.match(weight, /noch 2,1\s?kg/);
      // A limit shows how far it was passed: the two costs add up to 123,90 € of 100 €.
      await open("nebenkosten");
      assert.match(await text(), /23,90\s€ über der Grenze/);
      // Without an amount field a limit counts the records: the three meals of the samples and those added
      // on the log before, of two.
      await open("mahlzeitenlimit");
      const counted = (await text()).match(/(\d+) von 2\s+(\d+) über der Grenze/);
      assert.ok(
        counted && Number(counted[1]) >= 3 && Number(counted[1]) - 2 === Number(counted[2]),
        await text(),
      );

      await open("erinnerungen");
      const reminders = await text();
      assert.ok(reminders.includes("Täglich um 08:00, 13:00, 20:00"), reminders);
      assert.match(reminders, /Di\.?, Fr\.? um 19:30/);
      // A monthly reminder (the third card) shows its days of the month and takes one more from its stepper.
      assert.ok(reminders.includes("Monatlich am Tag 1, 15 um 09:00"), reminders);
      const dayStepper = page.getByLabel("Tag im Monat", { exact: true }).nth(2).locator("xpath=..");
      for (let i = 0; i < 4; i++) await dayStepper.getByText("+", { exact: true }).click();
      await page.getByText("Tag hinzufügen", { exact: true }).nth(2).click();
      await page.getByText("Monatlich am Tag 1, 5, 15 um 09:00").waitFor();

      // Birthdays count to their next return, not to the day of birth: in the browser's own days.
      await open("geburtstage");
      const nextReturn = await page.evaluate<number[]>(`[[3, 14], [9, 2]].map(([m, d]) => {
        const today = new Date(); today.setHours(12, 0, 0, 0);
        let next = new Date(today.getFullYear(), m - 1, d, 12);
        if (next < today) next = new Date(today.getFullYear() + 1, m - 1, d, 12);
        return Math.round((next - today) / 86400000);
      })`);
      const shown = (n: number) => (n === 0 ? "Heute" : n === 1 ? "noch 1 Tag" : `noch ${n} Tage`);
      for (const n of nextReturn) await page.getByText(shown(n), { exact: true }).waitFor();
      assert.ok(!(await text()).includes("vor "), "no birthday counts back to the day of birth");

      // Currencies with no rate in the spec convert at the rate typed, and keep it.
      await open("umrechnen");
      await page.getByText("Währung", { exact: true }).click();
      await page.getByText("Kurs: 1 USD =").waitFor();
      assert.ok(!(await text()).includes("1 EUR ="), "no result before a rate is typed");
      await page.getByLabel("Kurs USD").fill("0,5");
      await page.getByText("1 EUR = 2 USD").waitFor();
      await open("umrechnen");
      await page.getByText("Währung", { exact: true }).click();
      await page.getByText("1 EUR = 2 USD").waitFor();

      // The settings switch overrides the spec's theme, everywhere and for good.
      await open("einstellungen");
      await page.getByRole("switch", { name: "Dunkelmodus" }).click();
      await open("stundenplan");
      const light = await backgrounds();
      assert.ok(
        light.includes("rgb(245, 246, 250)") && !light.includes("rgb(15, 23, 42)"),
        "light after the switch",
      );
    }),
);

// The spec names no values for the catalog's and the budget's categories nor for the family's persons, and
// only some of the split's payers: every block offers the values the records hold, takes a new one typed,
// and filters by it.
t(
  "a choice without named values is offered, typed and filtered by in every block that shows it",
  () =>
    inEveryBlockApp(async ({ page, open, text, chip }) => {
      // The catalog's category chips are the products' categories.
      await open("laden");
      await chip("Gebäck").click();
      await page.getByText("Bauernbrot", { exact: true }).waitFor({ state: "detached" });
      assert.ok((await text()).includes("Brezel"));
      assert.deepEqual([await chip("Brot").count(), await chip("Kuchen").count()], [1, 1]);

      // The budget's form offers each category held to tap (and its list one to filter by) and takes a new one.
      await open("budget");
      assert.equal(await chip("Miete").count(), 2, "the form's chip and the list's");
      await page.getByPlaceholder("Titel").fill("Zugticket");
      await page.getByPlaceholder("Betrag").fill("45");
      await page.getByLabel("Kategorie", { exact: true }).fill("Reisen ");
      await page.getByText("Hinzufügen", { exact: true }).click();
      await page.getByText("Zugticket", { exact: true }).waitFor();
      assert.equal(await chip("Reisen").count(), 2, "the new category is offered and filters");
      assert.match(
        await text(),
        /Nach Kategorie\s+Lebensmittel\s+86,40\s€\s+Miete\s+950,00\s€\s+Reisen\s+45,00\s€/,
        "and is charted",
      );
      // The list's chips come after the form's.
      await chip("Reisen").last().click();
      await page.getByText("Wocheneinkauf", { exact: true }).waitFor({ state: "detached" });
      assert.equal(await chip("Reisen").last().getAttribute("aria-selected"), "true");
      await page.getByPlaceholder("Titel").fill("Bus");
      await page.getByPlaceholder("Betrag").fill("3");
      await chip("Reisen").first().click();
      assert.equal(await page.getByLabel("Kategorie", { exact: true }).inputValue(), "Reisen");
      await page.getByText("Hinzufügen", { exact: true }).click();
      await page.getByText("Bus", { exact: true }).waitFor();
      const travel = await text();
      assert.ok(travel.includes("Zugticket") && !travel.includes("Gehalt ·"), travel);

      // A payer typed in the split is one more person sharing every expense: 150 € among four is 37,50 € each,
      // so David, who paid 26,10 €, owes Anna what Clara's 37,50 € leave her short (9 €) and Ben 2,40 €.
      await open("teilen");
      assert.equal(await chip("Clara").count(), 2, "a person the spec names, who paid nothing yet");
      await page.getByPlaceholder("Titel").fill("Pizza");
      await page.getByPlaceholder("Betrag").fill("26,10");
      await page.getByLabel("Bezahlt von", { exact: true }).fill("David");
      await page.getByText("Hinzufügen", { exact: true }).click();
      await page.getByText(/David schuldet Anna 9,00\s€/).waitFor();
      assert.match(
        await text(),
        /Clara schuldet Anna 37,50\s€\s+David schuldet Anna 9,00\s€\s+David schuldet Ben 2,40\s€/,
      );
      await chip("David").last().click();
      await page.getByText("Strom", { exact: true }).waitFor({ state: "detached" });
      assert.ok((await text()).includes("Pizza"));

      // A person typed in a task's form is one more card on the family's board, earning the task's points.
      await open("familie");
      await page.getByText("+ Hausarbeit hinzufügen", { exact: true }).click();
      await page.getByLabel("Wer", { exact: true }).waitFor();
      assert.deepEqual([await chip("Lena").count(), await chip("Max").count()], [1, 1]);
      await page.getByLabel("Aufgabe", { exact: true }).fill("Müll rausbringen");
      await page.getByLabel("Wer", { exact: true }).fill("Tom");
      await page.getByLabel("Punkte", { exact: true }).fill("4");
      await page.getByText("Speichern", { exact: true }).click();
      await page.getByText("0 Punkte", { exact: true }).waitFor();
      await page.getByRole("checkbox", { name: "Müll rausbringen" }).click();
      await page.getByText("4 Punkte", { exact: true }).waitFor();
      assert.match(await text(), /Tom\s+4 Punkte/);
      // A task saved with nobody named stays on the board, on a card of its own.
      await page.getByText("+ Hausarbeit hinzufügen", { exact: true }).click();
      await page.getByLabel("Aufgabe", { exact: true }).fill("Blumen gießen");
      await page.getByText("Speichern", { exact: true }).click();
      await page.getByRole("checkbox", { name: "Blumen gießen" }).waitFor();
      assert.match(await text(), /—\s+Blumen gießen/);
    }),
);
