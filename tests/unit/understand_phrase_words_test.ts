// A lexicon phrase is matched against a prompt's tokens word by word, so it must be cut into words as a prompt is.
import assert from "node:assert/strict";
import { phraseAt, phraseWords } from "../../supabase/functions/_generator/understand/lexicon.ts";
import { words } from "../../supabase/functions/_generator/understand/text.ts";

Deno.test("a phrase ending in an elided article keeps it whole and stands in a prompt that elides it", () => {
  assert.deepEqual(phraseWords("de l'"), ["de", "l'"]);
  assert.deepEqual(phraseWords("dell'"), ["dell'"]);
  assert.deepEqual(phraseWords("de la"), ["de", "la"]);
  const tokens = words("le classement de l'équipe");
  assert.ok(phraseAt(tokens, 2, phraseWords("de l'")));
  assert.ok(!phraseAt(tokens, 2, phraseWords("de la")));
});
