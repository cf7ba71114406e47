import { agreementName } from '../agreements/index.js';
import type { DigestData, ProjectDigest } from './content.js';
import { en, type DigestTexts } from './texts/en.js';
import { tr } from './texts/tr.js';

/*
 * Pure renderers of a digest: its subject, HTML (inline styles, one table column, readable at
 * phone width, every text from GitHub escaped) and plain text, in the reader's language and time
 * zone; numbers and dates through Intl.
 */

export interface RenderContext {
  /** The unsubscribe link of this user's digest. */
  unsubscribeUrl: string;
}

export interface RenderedDigest {
  subject: string;
  html: string;
  text: string;
}

const CATALOGUES: Record<'tr' | 'en', DigestTexts> = { tr, en };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only http(s) links are written into an href; anything else is dropped. */
const safeHref = (url: string | null): string | null =>
  url && /^https?:\/\//i.test(url) ? escapeHtml(url) : null;

interface Line {
  /** Plain text (never HTML). */
  text: string;
  /** Optional leading link: its text and address. */
  link?: { label: string; url: string | null };
}

interface Section {
  title: string;
  lines: Line[];
}

/** The formatting of one reader: language, time zone, Intl number and date formats. */
function formats(data: DigestData) {
  const locale = data.language === 'tr' ? 'tr-TR' : 'en-GB';
  const timeZone = data.timeZone ?? 'UTC';
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  const day = new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const hours = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
  const minutes = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'short',
  });
  const days = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  });
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
  return {
    language: data.language,
    number: (value: number) => number.format(value),
    signed: (value: number) => signed.format(value),
    date: (iso: string) => date.format(new Date(iso)),
    day: (iso: string) => day.format(new Date(iso)),
    /** A duration in hours: minutes under an hour, hours under two days, days above. */
    duration: (value: number) =>
      value < 1
        ? minutes.format(Math.round(value * 60))
        : value < 48
          ? hours.format(value)
          : days.format(value / 24),
  };
}

function sectionsOf(project: ProjectDigest, t: DigestTexts, f: ReturnType<typeof formats>) {
  const sections: Section[] = [];
  const pull = (line: { repository: string; number: number | null; title: string | null }) =>
    `${line.repository}${line.number !== null ? `#${line.number}` : ''}${line.title ? ` ${line.title}` : ''}`;
  const { merged } = project;
  if (merged && (merged.count > 0 || merged.previous > 0)) {
    const lines: Line[] = [
      {
        text: t.mergedLine(
          f.number(merged.count),
          f.number(merged.previous),
          f.signed(merged.count - merged.previous),
        ),
      },
    ];
    if (merged.medianHours !== null || merged.previousMedianHours !== null)
      lines.push({
        text: t.medianLine(
          merged.medianHours === null ? t.noValue : f.duration(merged.medianHours),
          merged.previousMedianHours === null ? t.noValue : f.duration(merged.previousMedianHours),
        ),
      });
    sections.push({ title: t.merged, lines });
  }
  if (project.waiting.length > 0)
    sections.push({
      title: t.waiting,
      lines: project.waiting.map((item) => ({
        link: { label: pull(item), url: item.url },
        text: t.waitingLine(f.duration(item.ageHours), item.author ?? t.unknownAuthor),
      })),
    });
  if (project.breaches.length > 0)
    sections.push({
      title: t.breaches,
      lines: project.breaches.map((item) => ({
        link: { label: pull(item), url: item.url },
        text: t.breachLine(
          agreementName(item.agreementKind, item.threshold ?? null, f.language),
          f.date(item.breachedAt),
        ),
      })),
    });
  if (project.changesRequested.length > 0)
    sections.push({
      title: t.changesRequested,
      lines: project.changesRequested.map((item) => ({
        link: { label: pull(item), url: item.url },
        text: t.changesRequestedLine(f.date(item.at)),
      })),
    });
  if (project.failures.length > 0)
    sections.push({
      title: t.failures,
      lines: project.failures.map((item) => ({
        text: `${item.repository}: ${t.failureLine(t.work[item.source] ?? item.source, item.code, f.date(item.at))}`,
      })),
    });
  if (project.analyses.length > 0)
    sections.push({
      title: t.analyses,
      lines: project.analyses.map((item) => {
        const parts: string[] = [];
        if (item.first) parts.push(t.firstAnalysis);
        if (item.newCycles.length > 0)
          parts.push(
            t.newCycles(
              item.newCycles.length,
              item.newCycles.map((cycle) => cycle.join(' ↔ ')).join('; '),
            ),
          );
        if (item.readme)
          parts.push(t.readmeScore(f.number(item.readme.before), f.number(item.readme.now)));
        if (item.staleBranches)
          parts.push(
            t.staleBranches(f.number(item.staleBranches.before), f.number(item.staleBranches.now)),
          );
        return { text: `${item.repository}: ${parts.join('; ')}` };
      }),
    });
  return sections;
}

export function digestSubject(data: DigestData): string {
  const t = CATALOGUES[data.language];
  const count = data.projects.length;
  return data.frequency === 'weekly' ? t.subjectWeekly(count) : t.subjectDaily(count);
}

/** The chat lines of one project's part (plain text), for the chat destinations. */
export function projectLines(data: DigestData, project: ProjectDigest): string[] {
  const t = CATALOGUES[data.language];
  return sectionsOf(project, t, formats(data)).flatMap((section) => [
    section.title,
    ...section.lines.map((line) => `- ${line.link ? `${line.link.label}: ` : ''}${line.text}`),
  ]);
}

export function renderText(data: DigestData, context: RenderContext): string {
  const t = CATALOGUES[data.language];
  const f = formats(data);
  const out: string[] = [
    data.frequency === 'weekly' ? t.headingWeekly : t.headingDaily,
    t.period(f.date(data.from), f.date(data.to)),
    t.peopleOnly,
    '',
  ];
  for (const project of data.projects) {
    out.push(`== ${project.name} ==`, `${t.openProject}: ${project.link}`);
    for (const section of sectionsOf(project, t, f)) {
      out.push('', section.title);
      for (const line of section.lines)
        out.push(
          `- ${line.link ? `${line.link.label}${line.link.url ? ` <${line.link.url}>` : ''}: ` : ''}${line.text}`,
        );
    }
    out.push('');
  }
  out.push('--', t.footer, `${t.unsubscribe}: ${context.unsubscribeUrl}`);
  return `${out.join('\n')}\n`;
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

export function renderHtml(data: DigestData, context: RenderContext): string {
  const t = CATALOGUES[data.language];
  const f = formats(data);
  const e = escapeHtml;
  const heading = data.frequency === 'weekly' ? t.headingWeekly : t.headingDaily;
  const projects = data.projects
    .map((project) => {
      const link = safeHref(project.link);
      const sections = sectionsOf(project, t, f)
        .map((section) => {
          const items = section.lines
            .map((line) => {
              const href = line.link ? safeHref(line.link.url) : null;
              const label = line.link
                ? href
                  ? `<a href="${href}" style="color:#1d4ed8;text-decoration:underline;word-break:break-word;">${e(line.link.label)}</a><br>`
                  : `<span style="font-weight:600;">${e(line.link.label)}</span><br>`
                : '';
              const detail = line.link
                ? `<span style="font-size:13px;color:#6b7280;">${e(line.text)}</span>`
                : `<span style="color:#1f2937;">${e(line.text)}</span>`;
              return `<tr><td style="padding:4px 0;${FONT}font-size:14px;line-height:20px;color:#1f2937;word-break:break-word;">${label}${detail}</td></tr>`;
            })
            .join('');
          return `<tr><td style="padding:12px 0 4px 0;${FONT}font-size:13px;font-weight:700;color:#111827;text-transform:uppercase;letter-spacing:0.03em;">${e(section.title)}</td></tr>${items}`;
        })
        .join('');
      const open = link
        ? `<a href="${link}" style="${FONT}font-size:13px;color:#1d4ed8;">${e(t.openProject)} →</a>`
        : '';
      return `<tr><td style="padding:16px;border:1px solid #e5e7eb;border-radius:8px;background:#ffffff;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
<tr><td style="${FONT}font-size:18px;font-weight:700;color:#111827;padding-bottom:2px;word-break:break-word;">${e(project.name)}</td></tr>
<tr><td style="padding-bottom:4px;">${open}</td></tr>
${sections}
</table></td></tr><tr><td style="height:12px;line-height:12px;font-size:0;">&nbsp;</td></tr>`;
    })
    .join('\n');
  const unsubscribe = safeHref(context.unsubscribeUrl);
  return `<!DOCTYPE html>
<html lang="${data.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(digestSubject(data))}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
<tr><td style="padding:0 0 4px 0;${FONT}font-size:22px;font-weight:700;color:#111827;">${e(heading)}</td></tr>
<tr><td style="padding:0 0 4px 0;${FONT}font-size:14px;color:#374151;">${e(t.period(f.date(data.from), f.date(data.to)))}</td></tr>
<tr><td style="padding:0 0 16px 0;${FONT}font-size:12px;color:#6b7280;">${e(t.peopleOnly)}</td></tr>
${projects}
<tr><td style="padding:8px 0;${FONT}font-size:12px;color:#6b7280;">${e(t.footer)}${unsubscribe ? ` <a href="${unsubscribe}" style="color:#6b7280;">${e(t.unsubscribe)}</a>` : ''}</td></tr>
</table></td></tr></table>
</body></html>
`;
}

export function renderDigest(data: DigestData, context: RenderContext): RenderedDigest {
  return {
    subject: digestSubject(data),
    html: renderHtml(data, context),
    text: renderText(data, context),
  };
}
