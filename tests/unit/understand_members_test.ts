import { hasAsks as has, lacksAsk as lacks } from "./fixtures/ask_types.ts";

Deno.test("who among a group named does something is people, in the five languages", () => {
  has("our darts team, who throws first each night", "people");
  has("the office plant fund, who chipped in", "people");
  has("coro della parrocchia chi porta le sedie", "people");
  has("ufficio acquisti, chi ordina la carta", "people");
  has("la troupe de théâtre, qui apporte les costumes", "people");
  has("le club de tennis qui réserve le terrain", "people");
  has("cuadrilla de fiestas, quién compra el hielo", "people");
  has("la peña del barrio quién paga la cena", "people");
  has("unsere Band, wer bringt das Schlagzeug mit", "people");
  has("im Kirchenchor wer singt am Sonntag", "people");
  // (Without a group or persons named, a question of who alone asks for no one to list.)
  lacks("who invented the telephone", "people");
  lacks("chi ha scritto questo libro", "people");
});
