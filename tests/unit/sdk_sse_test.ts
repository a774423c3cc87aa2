// The SDK's Server-Sent Events parser over every line form the WHATWG standard names, fed whole, one
// character at a time, and split at every position (so a CRLF or a field split across chunks is covered).
import assert from "node:assert/strict";
import { type SseEvent, SseParser } from "../../sdk/src/sse.ts";

/** Parses `text` fed in the given pieces; answers the events and the parser's final state. */
function parse(pieces: string[], lastEventId?: string) {
  const parser = new SseParser(lastEventId);
  const events: SseEvent[] = pieces.flatMap((p) => parser.push(p));
  return { events, lastEventId: parser.lastEventId, retry: parser.retry };
}

/** The same result however the stream is cut into chunks. */
function parseEveryWay(text: string, lastEventId?: string) {
  const whole = parse([text], lastEventId);
  assert.deepEqual(parse([...text], lastEventId), whole, "one character at a time");
  for (let i = 1; i < text.length; i++) {
    assert.deepEqual(parse([text.slice(0, i), text.slice(i)], lastEventId), whole, `split at ${i}`);
  }
  return whole;
}

const ev = (data: string, id = "", event = "message"): SseEvent => ({ event, data, id });

Deno.test("SSE: the service's own stream: retry first, then id, event and JSON data", () => {
  const r = parseEveryWay(
    'retry: 1000\n\nid: 1\nevent: status\ndata: {"status":"queued"}\n\n: heartbeat\n\n' +
      'id: 2\nevent: progress\ndata: {"phase":"saving"}\n\n',
  );
  assert.deepEqual(r.events, [
    ev('{"status":"queued"}', "1", "status"),
    ev('{"phase":"saving"}', "2", "progress"),
  ]);
  assert.equal(r.retry, 1000);
  assert.equal(r.lastEventId, "2");
});

Deno.test("SSE: lines end in LF, CRLF or CR, mixed in one stream", () => {
  const r = parseEveryWay("data: a\r\n\r\ndata: b\r\rdata: c\n\ndata: d\r\ndata: e\r\n\n");
  assert.deepEqual(r.events, [ev("a"), ev("b"), ev("c"), ev("d\ne")]);
});

Deno.test("SSE: a CR at the end of a chunk and the LF that starts the next are one line end", () => {
  assert.deepEqual(parse(["data: x\r", "\ndata: y\r", "\n\r", "\n"]).events, [ev("x\ny")]);
});

Deno.test("SSE: data lines join with LF, and a data line with no value adds an empty line", () => {
  const r = parseEveryWay("data: one\ndata\ndata:\ndata: two\n\ndata\n\n");
  assert.deepEqual(r.events, [ev("one\n\n\ntwo"), ev("")]);
});

Deno.test("SSE: one space after the colon is dropped, no more; no space is fine", () => {
  const r = parseEveryWay("data:x\n\ndata:  two spaces\n\ndata: a: b\n\n");
  assert.deepEqual(r.events, [ev("x"), ev(" two spaces"), ev("a: b")]);
});

Deno.test("SSE: comments and unknown fields are ignored; field names are case-sensitive", () => {
  const r = parseEveryWay(":comment\n: another\nfoo: bar\nData: no\nEVENT: no\ndata: yes\n\n");
  assert.deepEqual(r.events, [ev("yes")]);
});

Deno.test("SSE: the event type applies to one event, then is message again", () => {
  const r = parseEveryWay("event: status\ndata: 1\n\ndata: 2\n\nevent\ndata: 3\n\n");
  assert.deepEqual(r.events, [ev("1", "", "status"), ev("2"), ev("3")]);
});

Deno.test("SSE: an id stays for later events, an empty id clears it, an id with NUL is ignored", () => {
  const r = parseEveryWay("id: 7\ndata: a\n\ndata: b\n\nid\ndata: c\n\nid: 9\nid: x\0y\ndata: d\n\n");
  assert.deepEqual(r.events, [ev("a", "7"), ev("b", "7"), ev("c", ""), ev("d", "9")]);
});

Deno.test("SSE: an id without data dispatches nothing but is remembered for resuming", () => {
  const r = parseEveryWay("id: 41\n\nevent: status\n\n");
  assert.deepEqual(r.events, []);
  assert.equal(r.lastEventId, "41");
});

Deno.test("SSE: the last event id starts from the one resumed after", () => {
  assert.deepEqual(parseEveryWay("data: a\n\n", "12").events, [ev("a", "12")]);
});

Deno.test("SSE: retry takes ASCII digits only", () => {
  assert.equal(parseEveryWay("retry: 250\n\n").retry, 250);
  assert.equal(parseEveryWay("retry:0\n").retry, 0);
  for (
    const bad of ["retry: 1a\n", "retry: -5\n", "retry: 1.5\n", "retry:\n", "retry:  5\n", "retry: ５\n"]
  ) {
    assert.equal(parseEveryWay(bad).retry, undefined, JSON.stringify(bad));
  }
  assert.equal(parseEveryWay("retry: 100\nretry: x\n").retry, 100, "a bad value keeps the last good one");
});

Deno.test("SSE: an event not closed by a blank line is not dispatched", () => {
  const r = parseEveryWay("data: done\n\ndata: cut off\nid: 3");
  assert.deepEqual(r.events, [ev("done")]);
});

Deno.test("SSE: a byte order mark at the very start is dropped, and only there", () => {
  assert.deepEqual(parseEveryWay("\uFEFFdata: a\n\n").events, [ev("a")]);
  assert.deepEqual(parse(["data: a\n\n", "\uFEFFdata: b\n\n"]).events, [ev("a")]);
});
