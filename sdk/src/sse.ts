// Server-Sent Events parsing as the WHATWG HTML standard's "event stream interpretation" specifies it
// (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation): lines end
// in CRLF, LF or CR (also across chunk boundaries); `:` starts a comment; a field without a colon has an
// empty value; one space after the colon is dropped; `data` lines join with LF; `id` sets the last event
// id (kept for later events, ignored when it holds NUL); `retry` takes ASCII digits only; a blank line
// dispatches; an event without data is not dispatched; an unfinished event at the end of the stream is
// dropped.

/** One dispatched event: its type (`message` when unnamed), data, and the last event id seen so far. */
export interface SseEvent {
  event: string;
  data: string;
  id: string;
}

/** Feeds decoded text in any chunking; answers the events each chunk completes. */
export class SseParser {
  /** The last event id buffer: resend it as `Last-Event-ID` when reconnecting. */
  lastEventId: string;
  /** The reconnection time in ms the stream last asked for, if it did. */
  retry: number | undefined;
  #line = "";
  #afterCr = false;
  #started = false;
  #data: string[] = [];
  #event = "";

  constructor(lastEventId = "") {
    this.lastEventId = lastEventId;
  }

  push(chunk: string): SseEvent[] {
    if (!this.#started && chunk.length > 0) {
      this.#started = true;
      if (chunk.startsWith("\uFEFF")) chunk = chunk.slice(1);
    }
    const out: SseEvent[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === "\n" && this.#afterCr) {
        this.#afterCr = false; // the LF of a CRLF whose CR ended the line already
        continue;
      }
      this.#afterCr = c === "\r";
      if (c === "\r" || c === "\n") {
        const event = this.#processLine(this.#line);
        this.#line = "";
        if (event) out.push(event);
      } else {
        // Take the run of ordinary characters at once.
        let j = i + 1;
        while (j < chunk.length && chunk[j] !== "\r" && chunk[j] !== "\n") j++;
        this.#line += chunk.slice(i, j);
        i = j - 1;
      }
    }
    return out;
  }

  #processLine(line: string): SseEvent | undefined {
    if (line === "") return this.#dispatch();
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "event":
        this.#event = value;
        break;
      case "data":
        this.#data.push(value);
        break;
      case "id":
        if (!value.includes("\0")) this.lastEventId = value;
        break;
      case "retry":
        if (/^[0-9]+$/.test(value)) this.retry = Number(value);
        break;
    }
  }

  #dispatch(): SseEvent | undefined {
    const data = this.#data;
    const event = this.#event || "message";
    this.#data = [];
    this.#event = "";
    if (data.length === 0) return;
    return { event, data: data.join("\n"), id: this.lastEventId };
  }
}
