import account from './account.json';
import acl from './acl.json';
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import misc from './misc.json';
import nav from './nav.json';
import titles from './titles.json';

/**
 * English for the shell and the sign-in pages, bundled with the entry. The screens' namespaces are
 * their own chunk (`./screens`), loaded beside it at start, so the sign-in page does not carry every
 * screen's words.
 */
export const resources = { common, nav, titles, auth, account, errors, misc, acl };
