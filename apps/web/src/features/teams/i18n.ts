import { i18n } from '../../lib/i18n';
import en from '../../locales/teams/en.json';
import tr from '../../locales/teams/tr.json';

/**
 * The texts of teams, identities and a person's figures are added when their code loads, not
 * bundled with the sign-in page. Importing this module for its effect is enough.
 */
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('tr', 'translation', tr, true, false);
