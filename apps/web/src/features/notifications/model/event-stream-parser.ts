/**
 * Server-Sent Events read from text chunks that may split anywhere: in a field, between "\r" and
 * "\n", between two events (the HTML standard's event-stream format). Comment lines (": ping",
 * the server's heartbeat) and unknown fields are skipped; an event is dispatched at its blank line.
 */
export interface StreamEvent {
  /** The `event:` field; "message" when the event named none. */
  event: string;
  /** The `data:` lines joined by "\n". */
  data: string;
}

export class EventStreamParser {
  private buffer = '';
  private afterCarriageReturn = false;
  private data: string[] = [];
  private event = '';

  /** Takes the next chunk of text and returns the events it completed, in order. */
  push(chunk: string): StreamEvent[] {
    const events: StreamEvent[] = [];
    let text = this.buffer + chunk;
    if (this.afterCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.afterCarriageReturn = false;
    let start = 0;
    for (let index = 0; index < text.length; index += 1) {
      const char = text[index];
      if (char !== '\n' && char !== '\r') continue;
      const event = this.line(text.slice(start, index));
      if (event) events.push(event);
      if (char === '\r') {
        if (index + 1 === text.length) this.afterCarriageReturn = true;
        else if (text[index + 1] === '\n') index += 1;
      }
      start = index + 1;
    }
    this.buffer = text.slice(start);
    return events;
  }

  private line(line: string): StreamEvent | null {
    if (line === '') {
      const event =
        this.data.length > 0
          ? { event: this.event || 'message', data: this.data.join('\n') }
          : null;
      this.data = [];
      this.event = '';
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    return null;
  }
}
