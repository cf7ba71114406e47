import type { TechnicalDiagram } from '@rota/contracts';
import { DIAGRAM_ROLES } from '../../model/enums';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Sample({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 48 20"
      className="h-5 w-12 shrink-0 text-slate-600 dark:text-slate-300"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

const arrow = (dash?: string, width = 1.5, colour = 'currentColor') => (
  <>
    <line
      x1="2"
      y1="10"
      x2="40"
      y2="10"
      stroke={colour}
      strokeWidth={width}
      strokeDasharray={dash}
    />
    <path d="M40 5 L47 10 L40 15 Z" fill={colour} />
  </>
);

/** What the shapes and lines mean, and which roles the components here play. */
export function DiagramLegend({ diagram }: { diagram: TechnicalDiagram }) {
  const { t } = useTranslation();
  const roles = DIAGRAM_ROLES.map((role) => ({
    role,
    count: diagram.nodes.filter((node) => node.kind === 'component' && node.role === role).length,
  })).filter((item) => item.count > 0);
  const items: Array<[ReactNode, string]> = [
    [
      <rect
        key="c"
        x="4"
        y="2"
        width="40"
        height="16"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />,
      t('analysis.diagram.legend.component'),
    ],
    [
      <g key="x" fill="none" stroke="currentColor" strokeWidth="1.5" strokeDasharray="4 3">
        <ellipse cx="24" cy="4" rx="14" ry="3" />
        <path d="M10 4 V16 A14 3 0 0 0 38 16 V4" />
      </g>,
      t('analysis.diagram.legend.external'),
    ],
    [arrow(), t('analysis.diagram.legend.imports')],
    [arrow('3 3'), t('analysis.diagram.legend.uses')],
    [
      <rect
        key="k"
        x="4"
        y="2"
        width="40"
        height="16"
        rx="2"
        fill="none"
        stroke="#d9534f"
        strokeWidth="2.5"
      />,
      t('analysis.diagram.legend.cycle'),
    ],
    [arrow(undefined, 3.5), t('analysis.diagram.legend.cycleEdge')],
  ];
  return (
    <div className="flex flex-col gap-3" data-testid="diagram-legend">
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {items.map(([sample, text]) => (
          <li key={text} className="flex items-center gap-2">
            <Sample>{sample}</Sample>
            {text}
          </li>
        ))}
      </ul>
      {roles.length > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <span className="font-medium">{t('analysis.diagram.rolesLabel')}</span>{' '}
          {roles
            .map(({ role, count }) => `${t(`analysis.diagram.roles.${role}`)} (${count})`)
            .join(' · ')}
        </p>
      )}
    </div>
  );
}
