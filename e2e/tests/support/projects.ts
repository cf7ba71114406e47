import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Account } from './app.js';
import type { Language, Theme } from './texts.js';

/** What the API answers to register/login; the app keeps the same under `token`, `refreshToken`, `user`. */
export interface Session {
  token: string;
  refreshToken: string;
  user: { id: string; name?: string | null; email: string };
}

export async function registerSession(
  request: APIRequestContext,
  account: Account,
): Promise<Session> {
  const response = await request.post('/api/auth/register', { data: account });
  expect(response.status(), `register ${account.email}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { data: Session }).data;
}

/**
 * Starts signed in, as a returning user whose browser already holds the session and preferences:
 * stored on a same-origin API page before the SPA first loads. Saves the login form's round trip
 * for tests about other pages (the login form has its own tests).
 */
export async function openSignedIn(
  page: Page,
  session: Session,
  prefs: { language: Language; theme: Theme },
  path: string,
): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(
    ({ session, prefs }) => {
      localStorage.setItem('token', session.token);
      localStorage.setItem('refreshToken', session.refreshToken);
      localStorage.setItem('user', JSON.stringify(session.user));
      localStorage.setItem('language', prefs.language);
      localStorage.setItem('theme', prefs.theme);
    },
    { session, prefs },
  );
  await page.goto(path);
}

export interface ProjectInput {
  name: string;
  description?: string;
  review_prompt?: string;
  status?: 'active' | 'inactive' | 'archived';
  repos?: Array<{ url: string; branch?: string; name?: string }>;
}

export interface CreatedProject {
  id: string;
  name: string;
  repos: Array<{ id: string; url: string }>;
}

export async function createProjectViaApi(
  request: APIRequestContext,
  session: Session,
  project: ProjectInput,
): Promise<CreatedProject> {
  const response = await request.post('/api/projects', {
    data: project,
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.status(), `create ${project.name}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { data: CreatedProject }).data;
}

export async function addMemberViaApi(
  request: APIRequestContext,
  session: Session,
  projectId: string,
  member: { name: string; role?: string; github_login?: string; contributions?: number },
): Promise<void> {
  const response = await request.post(`/api/projects/${projectId}/members`, {
    data: member,
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.status(), `add member: ${await response.text()}`).toBe(201);
}

/** The visible texts of the projects screens, written out per language (see texts.ts for why). */
export const projectTexts = {
  tr: {
    pageTitle: 'Projeler',
    newProject: 'Yeni proje',
    createDialog: 'Yeni proje',
    emptyTitle: 'Henüz proje yok',
    noMatches: 'Eşleşen proje yok',
    search: 'Projelerde ara',
    status: 'Durum',
    name: 'Proje adı',
    description: 'Açıklama',
    reviewPrompt: 'İnceleme talimatı',
    repoUrl: 'Depo adresi',
    branch: 'Dal',
    addRepo: 'Depo ekle',
    create: 'Projeyi oluştur',
    save: 'Değişiklikleri kaydet',
    edit: 'Düzenle',
    delete: 'Sil',
    editDialog: (name: string) => `${name} projesini düzenle`,
    deleteDialog: 'Projeyi sil',
    deleteConfirm: 'Projeyi sil',
    deleteNames: (name: string) => `${name} projesi kalıcı olarak silinecek.`,
    deleteRepos: (count: number) => `${count} depo bağlantısı`,
    deleteMembers: (count: number) => `${count} ekip üyesi`,
    created: (name: string) => `${name} oluşturuldu`,
    updated: (name: string) => `${name} güncellendi`,
    deleted: (name: string) => `${name} silindi`,
    statusInactive: 'Pasif',
    repoCount: (count: number) => `${count} depo`,
    reposSection: 'Depolar',
    teamSection: 'Ekip',
    memberName: 'Ad',
    memberRole: 'Rol',
    addMember: 'Üye ekle',
    memberAdded: (name: string) => `${name} ekibe eklendi`,
    removeMember: (name: string) => `${name} adlı üyeyi ekipten çıkar`,
    removeMemberDialog: 'Üyeyi ekipten çıkar',
    removeMemberConfirm: 'Ekipten çıkar',
    noTeam: 'Henüz ekip üyesi eklenmedi.',
    overviewTab: 'Genel bakış',
    projectNameMin: 'Proje adı en az 2 karakter olmalıdır',
    invalidRepositoryUrl: 'Geçersiz depo adresi',
    duplicateRepo: 'Bu depo projede zaten var',
  },
  en: {
    pageTitle: 'Projects',
    newProject: 'New project',
    createDialog: 'New project',
    emptyTitle: 'No projects yet',
    noMatches: 'No matching projects',
    search: 'Search projects',
    status: 'Status',
    name: 'Project name',
    description: 'Description',
    reviewPrompt: 'Review prompt',
    repoUrl: 'Repository URL',
    branch: 'Branch',
    addRepo: 'Add repository',
    create: 'Create project',
    save: 'Save changes',
    edit: 'Edit',
    delete: 'Delete',
    editDialog: (name: string) => `Edit ${name}`,
    deleteDialog: 'Delete project',
    deleteConfirm: 'Delete project',
    deleteNames: (name: string) => `The project ${name} will be deleted for good.`,
    deleteRepos: (count: number) => `${count} repository link${count === 1 ? '' : 's'}`,
    deleteMembers: (count: number) => `${count} team member${count === 1 ? '' : 's'}`,
    created: (name: string) => `${name} created`,
    updated: (name: string) => `${name} updated`,
    deleted: (name: string) => `${name} deleted`,
    statusInactive: 'Inactive',
    repoCount: (count: number) => `${count} repositor${count === 1 ? 'y' : 'ies'}`,
    reposSection: 'Repositories',
    teamSection: 'Team',
    memberName: 'Name',
    memberRole: 'Role',
    addMember: 'Add member',
    memberAdded: (name: string) => `${name} added to the team`,
    removeMember: (name: string) => `Remove ${name} from the team`,
    removeMemberDialog: 'Remove from the team',
    removeMemberConfirm: 'Remove from team',
    noTeam: 'No team members added yet.',
    overviewTab: 'Overview',
    projectNameMin: 'Project name must be at least 2 characters',
    invalidRepositoryUrl: 'Invalid repository URL',
    duplicateRepo: 'This repository is already in the project',
  },
} as const satisfies Record<Language, Record<string, unknown>>;
