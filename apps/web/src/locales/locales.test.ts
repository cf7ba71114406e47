import { describe, expect, it } from 'vitest';
import agreementsEn from './agreements/en.json';
import agreementsTr from './agreements/tr.json';
import analysisEn from './analysis/en.json';
import analysisTr from './analysis/tr.json';
import analyticsEn from './analytics/en.json';
import analyticsTr from './analytics/tr.json';
import chatEn from './chat/en.json';
import chatTr from './chat/tr.json';
import dashboardEn from './dashboard/en.json';
import dashboardTr from './dashboard/tr.json';
import en from './en.json';
import failuresEn from './failures/en.json';
import failuresTr from './failures/tr.json';
import itemsEn from './items/en.json';
import itemsTr from './items/tr.json';
import pullRequestsEn from './pull-requests/en.json';
import pullRequestsTr from './pull-requests/tr.json';
import reviewsEn from './reviews/en.json';
import reviewsTr from './reviews/tr.json';
import teamsEn from './teams/en.json';
import teamsTr from './teams/tr.json';
import tr from './tr.json';

type Tree = { [key: string]: unknown };

/** Every leaf as a dotted path with its value. */
function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? leaves(value as Tree, path)
      : [[path, value] as [string, unknown]];
  });
}

// The app's own texts, and the analyses' and pull requests' (loaded with their code, not the
// sign-in page).
describe.each([
  ['app', tr, en],
  ['analysis', analysisTr, analysisEn],
  ['pull requests', pullRequestsTr, pullRequestsEn],
  ['reviews', reviewsTr, reviewsEn],
  ['analytics', analyticsTr, analyticsEn],
  ['agreements', agreementsTr, agreementsEn],
  ['dashboard', dashboardTr, dashboardEn],
  ['failures', failuresTr, failuresEn],
  ['chat', chatTr, chatEn],
  ['items', itemsTr, itemsEn],
  ['teams', teamsTr, teamsEn],
])('locale files (%s)', (_name, trTree, enTree) => {
  const trLeaves = leaves(trTree);
  const enLeaves = leaves(enTree);

  it('have exactly the same keys', () => {
    const trKeys = trLeaves.map(([key]) => key).sort();
    const enKeys = enLeaves.map(([key]) => key).sort();
    expect(trKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !trKeys.includes(key))).toEqual([]);
  });

  it('have no empty or non-text values', () => {
    const bad = [...trLeaves.map((l) => ['tr', ...l]), ...enLeaves.map((l) => ['en', ...l])].filter(
      ([, , value]) => typeof value !== 'string' || value.trim() === '',
    );
    expect(bad).toEqual([]);
  });

  it('use the same interpolation variables in both languages', () => {
    const variables = (value: unknown) =>
      String(value)
        .match(/{{[^}]*}}/g)
        ?.sort()
        .join(',') ?? '';
    const enByKey = new Map(enLeaves);
    const mismatched = trLeaves
      .filter(([key, value]) => variables(value) !== variables(enByKey.get(key)))
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});

// One voice per language (docs/i18n.md): formal "siz" in Turkish, British spelling in English.
// JavaScript's \b knows ASCII letters only, so Turkish words are bounded with \p{L} look-arounds.
const INFORMAL_TURKISH =
  /(?<!\p{L})(sen|senin|sana|seni|projeni|hesabını|parolanı|\p{L}+(?:ebilirsin|abilirsin|melisin|malısın|[iıuü]yorsun))(?!\p{L})/iu;
const AMERICAN_ENGLISH =
  /\b(analyz(e|ed|es|ing|er)|color|center|canceled|canceling|organiz\w*|recogniz\w*|behavior|favorite|initializ\w*)\b/i;

describe('one voice per language', () => {
  const all = (tree: Tree) => leaves(tree).map(([key, value]) => [key, String(value)] as const);
  it('Turkish speaks to the user as "siz"', () => {
    const informal = [
      ...all(tr),
      ...all(analysisTr),
      ...all(pullRequestsTr),
      ...all(reviewsTr),
      ...all(analyticsTr),
      ...all(agreementsTr),
      ...all(dashboardTr),
      ...all(chatTr),
      ...all(teamsTr),
    ].filter(([, value]) => INFORMAL_TURKISH.test(value));
    expect(informal.map(([key, value]) => `${key}: ${value}`)).toEqual([]);
  });
  it('English uses British spelling (analyse, analysed, analysing)', () => {
    const american = [
      ...all(en),
      ...all(analysisEn),
      ...all(pullRequestsEn),
      ...all(reviewsEn),
      ...all(analyticsEn),
      ...all(agreementsEn),
      ...all(dashboardEn),
      ...all(chatEn),
      ...all(teamsEn),
    ].filter(([, value]) => AMERICAN_ENGLISH.test(value));
    expect(american).toEqual([]);
  });
  it('writes every count through Intl ({{count, number}}), so 12388 reads 12.388 or 12,388', () => {
    const raw = [
      ...all(tr),
      ...all(en),
      ...all(analysisTr),
      ...all(analysisEn),
      ...all(pullRequestsTr),
      ...all(pullRequestsEn),
      ...all(reviewsTr),
      ...all(reviewsEn),
      ...all(analyticsTr),
      ...all(analyticsEn),
      ...all(agreementsTr),
      ...all(agreementsEn),
      ...all(dashboardTr),
      ...all(dashboardEn),
      ...all(chatTr),
      ...all(chatEn),
      ...all(teamsTr),
      ...all(teamsEn),
    ].filter(([, value]) => /{{\s*count\s*}}/.test(value));
    expect(raw).toEqual([]);
  });
});

it('the locale sets do not overlap (the analyses and pull requests add keys, never replace the app’s)', () => {
  const sets = [
    en,
    analysisEn,
    pullRequestsEn,
    reviewsEn,
    analyticsEn,
    agreementsEn,
    dashboardEn,
    chatEn,
    teamsEn,
  ].map((tree) => leaves(tree).map(([key]) => key));
  const seen = new Set<string>();
  const repeated = sets.flat().filter((key) => seen.has(key) || !seen.add(key));
  expect(repeated).toEqual([]);
});
