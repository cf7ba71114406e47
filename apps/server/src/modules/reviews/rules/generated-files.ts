import { addedLines } from './hunks.js';
import { generatedOrVendored } from './paths.js';
import type { ReviewRule } from './types.js';

/**
 * Hand edits to generated or vendored code are lost at the next regeneration or update. The files
 * are listed in the review's coverage as skipped; this rule says why that matters.
 */
export const generatedEditRule: ReviewRule = {
  id: 'file.generated-edit',
  severity: 'medium',
  category: 'maintainability',
  confidence: 0.8,
  description:
    'A generated or vendored file is edited (vendor/, node_modules/, dist/, *.min.js, *.pb.go, "DO NOT EDIT" headers).',
  check({ all }) {
    return all.flatMap((entry) => {
      if (entry.status === 'removed') return [];
      const kind = generatedOrVendored(entry.filename, addedLines(entry.patch));
      if (!kind) return [];
      return [
        {
          file: entry.filename,
          line: null,
          title: kind === 'vendored' ? 'Vendored file edited' : 'Generated file edited',
          message:
            kind === 'vendored'
              ? 'This file belongs to vendored third-party code; changes here are lost at the next ' +
                'update. Change the dependency upstream or pin a patched version instead.'
              : 'This file is generated; hand edits are lost at the next generation. Change its ' +
                'source or the generator and regenerate. Its lines were not reviewed.',
        },
      ];
    });
  },
};
