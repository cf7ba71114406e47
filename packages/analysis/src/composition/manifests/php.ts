import { dependencyTable, parseJson } from './javascript.js';
import { record, requireObject, strings, text, type ManifestReader } from './types.js';

/** Composer's platform packages (php, ext-*, lib-*) are requirements on the runtime, not packages. */
const PLATFORM = /^(php|php-64bit|hhvm|composer(-plugin|-runtime)?-api|ext-.+|lib-.+)$/i;

export const composerReader: ManifestReader = {
  kind: 'composer',
  ecosystem: 'php',
  dependencyKey: 'composer',
  matches: (_path, name) => name === 'composer.json',
  read(source) {
    const json = requireObject(parseJson(source), 'composer.json');
    const all = [
      ...dependencyTable(json.require, 'runtime'),
      ...dependencyTable(json['require-dev'], 'dev'),
    ];
    const php = text(record(json.require).php);
    const license = Array.isArray(json.license)
      ? strings(json.license).join(' OR ') || null
      : text(json.license);
    return {
      name: text(json.name),
      version: text(json.version),
      license,
      dependencies: all.filter((item) => !PLATFORM.test(item.name)),
      runtimes: php ? [{ name: 'php', version: php }] : [],
      entryPoints: strings(json.bin).map((target) => ({
        kind: 'php-bin' as const,
        target,
        name: null,
        command: null,
      })),
    };
  },
};
