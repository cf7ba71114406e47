/**
 * Detection check: one problem per rule, planted into a real pull request's diff. A plant either
 * inserts added lines at the top of a real file's first hunk (the hunk headers after it move down,
 * as they would in the real patch), adds a file to the pull request, or changes its metadata.
 * Each plant says where its rule must report it: file and line, or the file alone for path rules,
 * or nothing for rules about the pull request as a whole.
 */
import type { DiffEntry, ReviewInput } from '../../apps/server/src/modules/reviews/index.js';
import { isTestFile } from '../../apps/server/src/modules/reviews/index.js';

export interface Planted {
  input: ReviewInput;
  file: string | null;
  line: number | null;
}

export interface Plant {
  rule: string;
  what: string;
  /** Whether a real pull request can host this plant. */
  fits(input: ReviewInput): boolean;
  plant(input: ReviewInput): Planted;
}

const HUNK = /^@@ -(\d+(?:,\d+)?) \+(\d+)(?:,(\d+))? @@(.*)$/;

/**
 * `entry` with `lines` added at the start of its first hunk; their first line's number in the new
 * file is the hunk's new start. Later hunks start that many lines further down.
 */
export function insertLines(entry: DiffEntry, lines: string[]): { entry: DiffEntry; line: number } {
  let first: number | null = null;
  const out: string[] = [];
  for (const raw of entry.patch!.split('\n')) {
    const header = HUNK.exec(raw);
    if (!header) {
      out.push(raw);
      continue;
    }
    const start = Number(header[2]);
    const count = header[3] === undefined ? 1 : Number(header[3]);
    if (first === null) {
      // An added file's hunk starts at 1; a hunk adding to an empty file says +0,0.
      first = Math.max(start, 1);
      out.push(`@@ -${header[1]} +${first},${count + lines.length} @@${header[4]}`);
      out.push(...lines.map((text) => `+${text}`));
    } else {
      out.push(`@@ -${header[1]} +${start + lines.length},${count} @@${header[4]}`);
    }
  }
  return {
    entry: {
      ...entry,
      patch: out.join('\n'),
      additions: entry.additions + lines.length,
      changes: entry.changes + lines.length,
    },
    line: first!,
  };
}

/** An entry for a file the pull request adds, with GitHub's one-hunk patch. */
function addedEntry(filename: string, lines: string[]): DiffEntry {
  return {
    filename,
    status: 'added',
    additions: lines.length,
    deletions: 0,
    changes: lines.length,
    patch: `@@ -0,0 +1,${lines.length} @@\n${lines.map((text) => `+${text}`).join('\n')}`,
    sha: null,
  };
}

/** The pull request with `files`, its totals recounted as GitHub would report them. */
function withFiles(input: ReviewInput, files: DiffEntry[]): ReviewInput {
  return {
    pullRequest: {
      ...input.pullRequest,
      additions: files.reduce((sum, file) => sum + file.additions, 0),
      deletions: files.reduce((sum, file) => sum + file.deletions, 0),
      changedFiles: files.length,
    },
    files,
  };
}

type Pick = (entry: DiffEntry) => boolean;
const hasHunk: Pick = (entry) => entry.status !== 'removed' && /^@@ /.test(entry.patch ?? '');
const sourceFile: Pick = (entry) =>
  hasHunk(entry) && /^lib\/.*\.js$/.test(entry.filename) && !isTestFile(entry.filename);
const testFile: Pick = (entry) =>
  hasHunk(entry) && isTestFile(entry.filename) && /\.js$/.test(entry.filename);
const workflowFile: Pick = (entry) =>
  hasHunk(entry) && /^\.github\/workflows\/[^/]+\.ya?ml$/.test(entry.filename);
const manifestFile: Pick = (entry) => hasHunk(entry) && entry.filename === 'package.json';

/**
 * A plant of `lines` at the top of the first file `pick` accepts; the rule must report the line
 * `offset` lines below the first, or the file alone when `offset` is null.
 */
function linesInto(
  rule: string,
  what: string,
  pick: Pick,
  lines: string[],
  offset: number | null = 0,
): Plant {
  return {
    rule,
    what,
    fits: (input) => input.files.some(pick),
    plant(input) {
      const index = input.files.findIndex(pick);
      const { entry, line } = insertLines(input.files[index]!, lines);
      const files = input.files.map((file, at) => (at === index ? entry : file));
      return {
        input: withFiles(input, files),
        file: entry.filename,
        line: offset === null ? null : line + offset,
      };
    },
  };
}

/** A plant that adds a file; `line` is where its rule must point (null for path rules). */
function fileAdded(
  rule: string,
  what: string,
  entry: DiffEntry,
  line: number | null,
  fits: (input: ReviewInput) => boolean = () => true,
): Plant {
  return {
    rule,
    what,
    fits,
    plant: (input) => ({
      input: withFiles(input, [...input.files, entry]),
      file: entry.filename,
      line,
    }),
  };
}

/** Random-looking but fixed: the same token every run, made of letters and digits. */
function tokenBody(length: number, seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let state = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += alphabet[state % alphabet.length];
  }
  return out;
}

// Built from parts so this file's own source holds no focused or skipped test call.
const FOCUSED_CALL = 'it' + '.only';
const SKIPPED_CALL = 'it' + '.skip';

const KEY_BODY = tokenBody(64, 7);

export const PLANTS: Plant[] = [
  linesInto('secret.provider-token', 'GitHub token in lib/*.js', sourceFile, [
    `var githubToken = 'ghp_${tokenBody(36, 1)}';`,
  ]),
  linesInto(
    'secret.private-key',
    'RSA private key block in lib/*.js',
    sourceFile,
    [
      'var deployKey = [',
      "  '-----BEGIN RSA PRIVATE KEY-----',",
      `  '${KEY_BODY}',`,
      "  '-----END RSA PRIVATE KEY-----'",
      "].join('\\n');",
    ],
    1,
  ),
  linesInto(
    'ci.pull-request-target-checkout',
    'pull_request_target + checkout of the head in a workflow',
    workflowFile,
    [
      '  pull_request_target:',
      '      - uses: actions/checkout@v4',
      '        with:',
      '          ref: ${{ github.event.pull_request.head.sha }}',
    ],
    3,
  ),
  linesInto('secret.generic-credential', 'literal password in lib/*.js', sourceFile, [
    "var sessionPassword = 'q7Vx2mLp9Rz4Kt8w';",
  ]),
  fileAdded(
    'file.sensitive',
    '.env file added',
    addedEntry('.env', ['SESSION_SECRET=k2j4h5g6f7d8s9a0']),
    null,
  ),
  linesInto('diff.conflict-marker', 'conflict markers in lib/*.js', sourceFile, [
    '<<<<<<< HEAD',
    "var mode = 'strict';",
    '=======',
    "var mode = 'loose';",
    '>>>>>>> feature',
  ]),
  linesInto('tests.focused', 'a focused test call', testFile, [
    `  ${FOCUSED_CALL}('should respond', function () {})`,
  ]),
  linesInto('ci.script-injection', '${{ github.event.pull_request.title }} in run:', workflowFile, [
    '      - run: echo "${{ github.event.pull_request.title }}"',
  ]),
  fileAdded(
    'db.destructive-migration',
    'DROP TABLE in migrations/*.sql',
    addedEntry('migrations/002_drop_sessions.sql', [
      '-- sessions move to the store',
      'DROP TABLE sessions;',
    ]),
    2,
  ),
  linesInto('tests.skipped', 'a skipped test call', testFile, [
    `  ${SKIPPED_CALL}('should respond later', function () {})`,
  ]),
  {
    rule: 'pr.too-large',
    what: '1,100-line file added',
    fits: () => true,
    // A finding about the whole pull request: no file, no line.
    plant: (input) => ({
      ...fileAdded(
        '',
        '',
        addedEntry(
          'lib/status-table.js',
          Array.from({ length: 1100 }, (_, n) => `exports.v${n} = ${n};`),
        ),
        null,
      ).plant(input),
      file: null,
    }),
  },
  linesInto(
    'deps.manifest-without-lockfile',
    'dependency added to package.json without a lockfile',
    manifestFile,
    ['    "left-pad": "1.3.0",'],
    null,
  ),
  fileAdded(
    'file.generated-edit',
    'dist/ file edited',
    addedEntry('dist/express.js', ["'use strict';", 'module.exports = require("../lib/express");']),
    null,
  ),
  fileAdded(
    'file.binary',
    'binary archive added (no patch)',
    {
      filename: 'assets/bundle.zip',
      status: 'added',
      additions: 0,
      deletions: 0,
      changes: 0,
      sha: null,
    },
    null,
  ),
  {
    rule: 'pr.missing-description',
    what: 'description emptied',
    fits: () => true,
    plant: (input) => ({
      input: { ...input, pullRequest: { ...input.pullRequest, body: '' } },
      file: null,
      line: null,
    }),
  },
  {
    rule: 'tests.missing',
    what: 'test files taken out of a pull request that had them',
    fits: (input) => input.files.some(sourceFile) && input.files.some(testFile),
    plant: (input) => ({
      input: withFiles(
        input,
        input.files.filter((entry) => !isTestFile(entry.filename)),
      ),
      file: null,
      line: null,
    }),
  },
  linesInto('code.debug-leftover', 'console.log in lib/*.js', sourceFile, [
    "  console.log('req', req.url);",
  ]),
  linesInto('code.suppressed-check', 'eslint-disable-next-line in lib/*.js', sourceFile, [
    '  // eslint-disable-next-line no-unused-vars',
  ]),
  fileAdded(
    'deps.lockfile-only',
    'package-lock.json changed, no manifest',
    {
      filename: 'package-lock.json',
      status: 'modified',
      additions: 1,
      deletions: 1,
      changes: 2,
      patch:
        '@@ -3,3 +3,3 @@\n   "lockfileVersion": 3,\n-  "version": "5.1.0",\n+  "version": "5.1.1",',
      sha: null,
    },
    null,
    (input) => !input.files.some((entry) => entry.filename.endsWith('package.json')),
  ),
  linesInto('code.todo', 'TODO comment in lib/*.js', sourceFile, [
    '  // TODO: handle a missing router',
  ]),
  {
    rule: 'pr.title-convention',
    what: 'title "WIP"',
    fits: () => true,
    plant: (input) => ({
      input: { ...input, pullRequest: { ...input.pullRequest, title: 'WIP' } },
      file: null,
      line: null,
    }),
  },
];
