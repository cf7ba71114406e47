import { AnalysisKindSchema } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { ALL_KINDS, parseArgs, UsageError } from './args.js';

describe('rota-analyze arguments', () => {
  it('defaults to every analysis of HEAD as a report', () => {
    expect(parseArgs(['repo'])).toEqual({
      path: 'repo',
      ref: undefined,
      only: ALL_KINDS,
      json: false,
      help: false,
    });
  });

  it('reads --ref, --only and --json in both spellings', () => {
    expect(parseArgs(['--ref', 'v1.0', '--only=branches,readme', '--json', 'repo'])).toMatchObject({
      path: 'repo',
      ref: 'v1.0',
      only: ['branches', 'readme'],
      json: true,
    });
    expect(parseArgs(['--', '-rf']).path).toBe('-rf');
  });

  it.each([
    [[], 'name the repository to analyse'],
    [['a', 'b'], 'give exactly one repository path'],
    [['--only', 'colors', 'repo'], 'unknown analysis: colors'],
    [['--ref'], '--ref needs a value'],
    [['--verbose', 'repo'], 'unknown option: --verbose'],
  ])('%j → %s', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });

  it('knows every analysis the contracts define, and no other', () => {
    expect([...ALL_KINDS].sort()).toEqual([...AnalysisKindSchema.options].sort());
  });

  it('accepts --help without a path', () => {
    expect(parseArgs(['--help']).help).toBe(true);
  });
});
