import { i18n } from '../../lib/i18n';
import en from '../../locales/items/en.json';
import tr from '../../locales/items/tr.json';

/**
 * The item lists' texts are added when a page that opens them loads. Importing this module for
 * its effect is enough.
 */
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('tr', 'translation', tr, true, false);
