import account from './account.json';
import acl from './acl.json';
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import misc from './misc.json';
import nav from './nav.json';
import outbox from './outbox.json';
import titles from './titles.json';

/** Every namespace of this language, bundled together (one chunk per language). */
export const resources = { common, nav, titles, auth, account, errors, misc, acl, outbox };
