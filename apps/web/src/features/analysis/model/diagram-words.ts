import type { DiagramWords } from '@rota/contracts';
import type { TFunction } from 'i18next';

/** The diagram's words in the UI language, for `diagramMermaid` and the components table. */
export function diagramWords(t: TFunction): DiagramWords {
  return {
    role: (role) => t(`analysis.diagram.roles.${role}`),
    lines: (count) => t('analysis.diagram.linesCount', { count }),
    otherComponent: t('analysis.diagram.otherComponent'),
    rootFiles: t('analysis.diagram.rootFiles'),
    externalSystems: t('analysis.diagram.externalsTitle'),
  };
}
