/**
 * Parser for `git log -z --numstat --format=LOG_FORMAT` output, fed buffer by buffer (each ending
 * at a NUL) so a log of any length is read in bounded memory.
 *
 * With -z every header field ends with NUL (set by the format), the commit ends with NUL, and each
 * numstat entry is `added\tdeleted\tpath` NUL-terminated; a rename is `added\tdeleted\t` followed
 * by the old and the new path as two more NUL-terminated tokens. The header is a fixed number of
 * fields starting with \x1e, so a subject or body containing anything but NUL cannot be taken for
 * a numstat line, and paths are consumed by position (and never decoded: only counts are kept).
 */
export const LOG_FORMAT = '%x1e%H%x00%P%x00%aN%x00%aE%x00%at%x00%s%x00%b';
const HEADER_FIELDS = 7;

export interface LogCommit {
  sha: string;
  parentCount: number;
  authorName: string;
  authorEmail: string;
  /** Unix seconds. */
  authorTime: number;
  subject: string;
  body: string;
  additions: number;
  deletions: number;
  /** Files git reports as binary (`-\t-`): no line counts. */
  binaryFiles: number;
  filesChanged: number;
}

const RECORD_START = 0x1e;
const NEWLINE = 0x0a;
const TAB = 0x09;
const DASH = 0x2d;

export class LogParser {
  private fields: string[] = [];
  private current: LogCommit | null = null;
  /** Path tokens still to skip after a rename entry. */
  private skip = 0;

  constructor(private readonly onCommit: (commit: LogCommit) => void) {}

  /** `chunk` must end right after a NUL (streamGitChunks with separator '\0' guarantees it). */
  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      let end = chunk.indexOf(0, start);
      if (end === -1) end = chunk.length;
      this.token(chunk, start, end);
      start = end + 1;
    }
  }

  end(): void {
    this.emit();
  }

  private token(chunk: Buffer, start: number, end: number): void {
    if (this.fields.length > 0) {
      this.fields.push(chunk.toString('utf8', start, end));
      if (this.fields.length === HEADER_FIELDS) this.startCommit();
      return;
    }
    if (this.skip > 0) {
      this.skip -= 1;
      return;
    }
    while (start < end && chunk[start] === NEWLINE) start += 1;
    if (start === end) return;
    if (chunk[start] === RECORD_START) {
      this.emit();
      this.fields.push(chunk.toString('latin1', start + 1, end));
      return;
    }
    if (this.current) this.numstat(chunk, start, end);
  }

  private startCommit(): void {
    const [sha, parents, authorName, authorEmail, time, subject, body] = this.fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    this.fields = [];
    this.current = {
      sha,
      parentCount: parents ? parents.split(' ').length : 0,
      authorName,
      authorEmail,
      authorTime: Number(time),
      subject,
      body,
      additions: 0,
      deletions: 0,
      binaryFiles: 0,
      filesChanged: 0,
    };
  }

  /** `added\tdeleted\tpath`, or `-\t-\tpath` for binary files; anything else is ignored. */
  private numstat(chunk: Buffer, start: number, end: number): void {
    const commit = this.current!;
    let at = start;
    const readCount = (): number | null => {
      if (chunk[at] === DASH) {
        at += 1;
        return chunk[at++] === TAB ? -1 : null;
      }
      let value = 0;
      const first = at;
      while (at < end && chunk[at]! >= 0x30 && chunk[at]! <= 0x39)
        value = value * 10 + chunk[at++]! - 0x30;
      return at > first && chunk[at++] === TAB ? value : null;
    };
    const added = readCount();
    const deleted = added === null ? null : readCount();
    if (added === null || deleted === null) return;
    commit.filesChanged += 1;
    if (added === -1 || deleted === -1) commit.binaryFiles += 1;
    else {
      commit.additions += added;
      commit.deletions += deleted;
    }
    // An empty path means a rename or copy: the old and new paths follow as two tokens.
    if (at >= end) this.skip = 2;
  }

  private emit(): void {
    if (this.current) this.onCommit(this.current);
    this.current = null;
  }
}
