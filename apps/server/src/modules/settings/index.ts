/**
 * A user's settings (spec §3): notification flags, integrations and preferences (theme, language,
 * time zone), each the user's choice or Rota's default.
 */
export { settingsRoutes } from './routes.js';
export { SettingsService } from './service.js';
