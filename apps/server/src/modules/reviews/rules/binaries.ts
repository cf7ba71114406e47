import { hasBinaryExtension, patchSaysBinary } from './paths.js';
import type { ReviewRule } from './types.js';

/**
 * Images and fonts are left out: GitHub shows images in the pull request, so they are reviewed by
 * eye, and both are usually small. They are still listed as skipped (binary) in the coverage.
 */
const REVIEWABLE_OR_SMALL = /\.(png|jpe?g|gif|webp|ico|bmp|woff2?|ttf|otf|eot)$/i;

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
    'A binary file other than an image or font is added or changed (no patch and a binary extension, or "Binary files differ").',
  check({ all }) {
    return all
      .filter((entry) => entry.status !== 'removed' && !REVIEWABLE_OR_SMALL.test(entry.filename))
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
