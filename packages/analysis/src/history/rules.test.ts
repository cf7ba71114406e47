import { describe, expect, it } from 'vitest';
import { identityKey, isBot } from './identity.js';
import { LogParser, type LogCommit } from './log-parser.js';
import { findPullRequest } from './pull-requests.js';

describe('findPullRequest', () => {
  it.each([
    ['Merge pull request #123 from octo/feature-x', '', 123, 'github-merge'],
    ['Add dark mode (#4567)', '', 4567, 'squash'],
    ['Add dark mode (#4567) ', '', 4567, 'squash'],
    [
      "Merge branch 'fix' into 'main'",
      'Fix it\n\nSee merge request group/sub/project!89',
      89,
      'gitlab-merge-request',
    ],
    ["Merge branch 'fix' into 'main'", 'See merge request !5\n', 5, 'gitlab-merge-request'],
    ['Merged in feature/login (pull request #17)', '', 17, 'bitbucket-merge'],
    ['Merged PR 301: Add login', '', 301, 'azure-devops-merge'],
  ])('%s → #%d', (subject, body, number, pattern) => {
    expect(findPullRequest(subject, body)).toEqual({ number, pattern });
  });

  it.each([
    ['Fix #12 in parser', ''],
    ['(#12) at the start', ''],
    ['Merge pull request from nowhere', ''],
    ['Merge branch main', 'we should see merge request !3 later'],
    ['Bump to (#0)', ''],
    ['Huge (#99999999999999999999)', ''],
  ])('%s → none', (subject, body) => {
    expect(findPullRequest(subject, body)).toBeNull();
  });
});

describe('author identity and bots', () => {
  it('merges e-mails case-insensitively and folds both GitHub no-reply forms', () => {
    expect(identityKey('A', 'Alice@Example.COM ')).toBe('alice@example.com');
    expect(identityKey('A', '12345+octo@users.noreply.github.com')).toBe(
      identityKey('A', 'octo@users.noreply.github.com'),
    );
    expect(identityKey('Same Name', '')).toBe('name:same name');
  });

  it.each([
    ['dependabot[bot]', '49699333+dependabot[bot]@users.noreply.github.com'],
    ['Renovate Bot', 'bot@renovateapp.com'],
    ['GitHub Action', 'action@github.com'],
    ['github-actions', '41898282+github-actions[bot]@users.noreply.github.com'],
    ['Snyk bot', 'snyk-bot@snyk.io'],
    ['mergify', 'noreply@mergify.io'],
    ['Someone', 'greenkeeper@users.noreply.github.com'],
    ['my-app[bot]', 'app@example.com'],
  ])('%s <%s> is a bot', (name, email) => {
    expect(isBot(name, email)).toBe(true);
  });

  it.each([
    ['Abbot Costello', 'abbot@example.com'],
    ['Robot Person', 'robot@example.com'],
    ['Renovate Homes', 'sales@renovate-homes.example'],
  ])('%s <%s> is a person', (name, email) => {
    expect(isBot(name, email)).toBe(false);
  });
});

describe('LogParser', () => {
  // Two commits as `git log -z --numstat --format=LOG_FORMAT` prints them: the first with a body,
  // a rename, a binary file and an ordinary file; the second a merge without numstat.
  const stream = Buffer.from(
    [
      '\x1e' + 'a'.repeat(40),
      'p1',
      'Ann',
      'ann@x',
      '1700000000',
      'Subject',
      'Body\n1\t2\tfake\n',
      '',
      '\n3\t1\t',
      'old name',
      'new\tname',
      '-\t-\timg.png',
      '10\t0\tsrc/ü.ts',
      '\x1e' + 'b'.repeat(40),
      'p1 p2',
      'Bo',
      'bo@x',
      '1700000100',
      'Merge',
      '',
      '',
    ].join('\0'),
  );
  const parse = (chunks: Buffer[]): LogCommit[] => {
    const commits: LogCommit[] = [];
    const parser = new LogParser((commit) => commits.push(commit));
    chunks.forEach((chunk) => parser.push(chunk));
    parser.end();
    return commits;
  };

  it('reads headers by position and numstat entries, skipping rename paths', () => {
    const [first, second] = parse([stream]);
    expect(first).toMatchObject({
      sha: 'a'.repeat(40),
      parentCount: 1,
      authorTime: 1700000000,
      body: 'Body\n1\t2\tfake\n',
      additions: 13,
      deletions: 1,
      binaryFiles: 1,
      filesChanged: 3,
    });
    expect(second).toMatchObject({ parentCount: 2, additions: 0, filesChanged: 0 });
  });

  it('gives the same result however the stream is cut at NUL boundaries', () => {
    const whole = parse([stream]);
    const cuts = [...stream.keys()].filter((index) => stream[index] === 0);
    for (const cut of cuts) {
      expect(parse([stream.subarray(0, cut + 1), stream.subarray(cut + 1)])).toEqual(whole);
    }
    expect(
      parse(cuts.map((cut, i) => stream.subarray(i === 0 ? 0 : cuts[i - 1]! + 1, cut + 1))),
    ).toEqual(whole);
  });
});
