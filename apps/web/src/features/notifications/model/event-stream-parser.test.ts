import { describe, expect, it } from 'vitest';
import { EventStreamParser, type StreamEvent } from './event-stream-parser';

const STREAM =
  ': connected\n\n' +
  'event: unread\ndata: {"unread":3}\n\n' +
  ':ping\r\n\r\n' +
  'event: notification\r\ndata: {"id":"a",\r\ndata:"x":"ç"}\r\n\r\n' +
  'id: 7\nretry: 1000\nunknown: field\nevent:unread\ndata:{"unread":4}\r\r' +
  'data: plain\n\n';

const EXPECTED: StreamEvent[] = [
  { event: 'unread', data: '{"unread":3}' },
  { event: 'notification', data: '{"id":"a",\n"x":"ç"}' },
  { event: 'unread', data: '{"unread":4}' },
  { event: 'message', data: 'plain' },
];

function feed(chunks: string[]): StreamEvent[] {
  const parser = new EventStreamParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

describe('the event-stream parser', () => {
  it('reads events, skipping heartbeats, comments and unknown fields, on \\n, \\r\\n and \\r', () => {
    expect(feed([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events however the text is split in two', () => {
    for (let cut = 0; cut <= STREAM.length; cut += 1)
      expect(feed([STREAM.slice(0, cut), STREAM.slice(cut)]), `cut at ${cut}`).toEqual(EXPECTED);
  });

  it('gives the same events one character at a time', () => {
    expect(feed([...STREAM])).toEqual(EXPECTED);
  });

  it('keeps a "\\r" at a chunk end from splitting the "\\n" after it into a blank line', () => {
    // Were the "\n" read as a second line end, the blank line would end the event early.
    expect(feed(['data: a\r', '\ndata: b\r', '\n\r', '\n'])).toEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('dispatches nothing for a blank line without data, nor for an unfinished event', () => {
    expect(feed(['\n\n', 'event: unread\n\n', 'data: never ended\n'])).toEqual([]);
  });
});
