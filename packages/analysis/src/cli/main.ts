import { isAnalysisError } from '../errors.js';
import { parseArgs, USAGE, UsageError } from './args.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** A progress line is drawn only on a terminal. */
  interactive: boolean;
}

/** Runs the command line tool; returns the exit code (0 done, 1 analysis failed, 2 bad usage). */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`rota-analyze: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
  if (options.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  try {
    // Loaded only now, so `--help` and usage errors answer without loading the engine; run.ts in
    // turn loads only the analyses asked for.
    const [{ openRepository }, { runAnalyses }, { formatReport }] = await Promise.all([
      import('../git/repository.js'),
      import('../run.js'),
      import('./report.js'),
    ]);
    const { gitDir } = await openRepository(options.path);
    const started = Date.now();
    const results = await runAnalyses(gitDir, options.ref ?? 'HEAD', options.only, {
      onProgress: (stage, percent) => {
        if (io.interactive)
          io.stderr(`\r\x1b[2K${percent}% ${stage === 'done' ? '' : `${stage}…`}`);
      },
    });
    if (io.interactive) io.stderr(`\r\x1b[2K`);
    io.stdout(options.json ? `${JSON.stringify(results, null, 2)}\n` : formatReport(results));
    if (!options.json) io.stderr(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return 0;
  } catch (error) {
    if (isAnalysisError(error)) {
      io.stderr(
        `rota-analyze: ${error.message}${error.detail ? `\n  ${error.detail.split('\n')[0]}` : ''}\n`,
      );
      return 1;
    }
    io.stderr(
      `rota-analyze: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
}
