import { hasBinaryExtension, patchSaysBinary } from './paths.js';
import type { ReviewRule } from './types.js';

/**
 * Binary files make every clone heavier forever and cannot be reviewed. GitHub's files API gives
 * no byte size, so a binary is recognised by its extension with no patch, or by git's "Binary files
 * … differ" notice; Git LFS pointers are text and never match.
 */
export const binaryFileRule: ReviewRule = {
  id: 'file.binary',
  severity: 'medium',
  category: 'maintainability',
  confidence: 0.7,
  description:
    'A binary file is added or changed (no patch and a binary extension, or "Binary files differ").',
  check({ all }) {
    return all
      .filter((entry) => entry.status !== 'removed')
      .filter(
        (entry) =>
          patchSaysBinary(entry.patch) ||
          (entry.patch === undefined && hasBinaryExtension(entry.filename)),
      )
      .map((entry) => ({
        file: entry.filename,
        line: null,
        title: 'Binary file in the repository',
        message:
          'This binary cannot be reviewed and stays in every clone forever, even if deleted later. ' +
          'Keep large assets in Git LFS or release storage, and generated builds out of the repository.',
      }));
  },
};
