// Types only: loading the contracts (zod) would cost `--help` more than everything else it does.
import type { AnalysisKind } from '@rota/contracts';

export interface CliOptions {
  path: string;
  ref: string | undefined;
  only: AnalysisKind[];
  json: boolean;
  help: boolean;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Every analysis, in report order (a test keeps it equal to the contracts' AnalysisKindSchema). */
export const ALL_KINDS: readonly AnalysisKind[] = [
  'structure',
  'branches',
  'readme',
  'diagram',
  'history',
];
const isKind = (kind: string): kind is AnalysisKind =>
  (ALL_KINDS as readonly string[]).includes(kind);

export const USAGE = `Usage: rota-analyze <path-or-git-dir> [--ref R] [--only ${ALL_KINDS.join(',')}] [--json]

Analyses a local git repository (a work tree or a bare repository) without checking anything out.

  --ref R       the commit, branch or tag to analyse (default: HEAD)
  --only LIST   comma-separated analyses to run (default: all)
  --json        print the results as JSON instead of a report
  -h, --help    show this help

Exit codes: 0 done, 1 analysis failed (not a repository, unknown ref, ...), 2 bad usage.`;

/** Parses argv (without node and the script). Throws UsageError with a sentence a user can act on. */
export function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = {
    path: '',
    ref: undefined,
    only: [...ALL_KINDS],
    json: false,
    help: false,
  };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = () => {
      const next = inline ?? argv[++i];
      if (next === undefined || next === '') throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '-h':
      case '--help':
        options.help = true;
        break;
      case '--json':
        options.json = true;
        break;
      case '--ref':
        options.ref = value();
        break;
      case '--only': {
        const kinds = value()
          .split(',')
          .map((kind) => kind.trim())
          .filter(Boolean);
        const unknown = kinds.filter((kind) => !isKind(kind));
        if (unknown.length)
          throw new UsageError(
            `unknown analysis: ${unknown.join(', ')} (choose from ${ALL_KINDS.join(', ')})`,
          );
        if (!kinds.length) throw new UsageError('--only needs at least one analysis');
        options.only = [...new Set(kinds.filter(isKind))];
        break;
      }
      case '--':
        positional.push(...argv.slice(i + 1));
        i = argv.length;
        break;
      default:
        if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option: ${arg}`);
        positional.push(arg);
    }
  }
  if (options.help) return options;
  if (positional.length !== 1) {
    throw new UsageError(
      positional.length === 0
        ? 'name the repository to analyse'
        : 'give exactly one repository path',
    );
  }
  options.path = positional[0]!;
  return options;
}
