import { i18n } from '../../lib/i18n';
import en from '../../locales/pull-requests/en.json';
import tr from '../../locales/pull-requests/tr.json';

/**
 * The pull requests tab's texts are added when the project page's code loads, not bundled with
 * the sign-in page (as the analyses' are). Importing this module for its effect is enough.
 */
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('tr', 'translation', tr, true, false);
