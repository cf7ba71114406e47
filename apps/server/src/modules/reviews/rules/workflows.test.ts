import { describe, expect, it } from 'vitest';
import { addedFile, findingsOf, modifiedFile } from './test-kit.js';

const prTargetWorkflow = addedFile(
  '.github/workflows/preview.yml',
  [
    'name: Preview',
    'on:',
    '  pull_request_target:',
    '    types: [opened, synchronize]',
    'jobs:',
    '  build:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '        with:',
    '          ref: ${{ github.event.pull_request.head.sha }}',
    '      - run: npm ci && npm run build',
    '      - run: npx vercel deploy --token "$VERCEL_TOKEN"',
    '        env:',
    '          VERCEL_TOKEN: ${{ secrets.VERCEL_TOKEN }}',
  ].join('\n'),
);

describe('ci.pull-request-target-checkout', () => {
  it('reports a pull_request_target workflow checking out the head sha, at the ref line', () => {
    expect(findingsOf('ci.pull-request-target-checkout', [prTargetWorkflow])).toMatchObject([
      { file: '.github/workflows/preview.yml', line: 11, severity: 'critical', category: 'ci' },
    ]);
  });

  it('does not report pull_request_target without a head checkout, or pull_request with one', () => {
    const labeler = addedFile(
      '.github/workflows/labeler.yml',
      'on:\n  pull_request_target:\njobs:\n  label:\n    steps:\n      - uses: actions/labeler@v5',
    );
    const ci = addedFile(
      '.github/workflows/ci.yml',
      'on: pull_request\njobs:\n  test:\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.event.pull_request.head.sha }}',
    );
    expect(findingsOf('ci.pull-request-target-checkout', [labeler, ci])).toEqual([]);
  });
});

describe('ci.script-injection', () => {
  it('reports an issue title pasted into a run block and a head_ref in an inline run', () => {
    const workflow = modifiedFile(
      '.github/workflows/triage.yml',
      [
        '@@ -10,6 +10,12 @@ jobs:',
        '     runs-on: ubuntu-latest',
        '     steps:',
        '       - name: Greet',
        '         run: |',
        '           echo "Thanks for the report!"',
        '+          echo "Title: ${{ github.event.issue.title }}"',
        '+          gh issue edit ${{ github.event.issue.number }} --add-label triage',
        '+      - run: echo "branch ${{ github.head_ref }}"',
        '+      - name: Safe',
        '+        env:',
        '+          BODY: ${{ github.event.comment.body }}',
        '         run: echo "$BODY"',
      ].join('\n'),
    );
    expect(findingsOf('ci.script-injection', [workflow]).map((f) => [f.line, f.evidence])).toEqual([
      [15, 'echo "Title: ${{ github.event.issue.title }}"'],
      [17, '- run: echo "branch ${{ github.head_ref }}"'],
    ]);
  });

  it('does not report trusted fields, env: indirection, or workflows outside .github/workflows', () => {
    const safe = addedFile(
      '.github/workflows/release.yml',
      [
        'on: push',
        'jobs:',
        '  release:',
        '    steps:',
        '      - run: echo "${{ github.sha }} ${{ github.event.pull_request.number }}"',
        '      - env:',
        '          TITLE: ${{ github.event.pull_request.title }}',
        '        run: echo "$TITLE"',
      ].join('\n'),
    );
    const notAWorkflow = addedFile('docs/ci.yml', '- run: echo "${{ github.event.issue.title }}"');
    expect(findingsOf('ci.script-injection', [safe, notAWorkflow])).toEqual([]);
  });
});
