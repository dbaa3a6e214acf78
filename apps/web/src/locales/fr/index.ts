import account from './account.json';
import acl from './acl.json';
import audit from './audit.json';
import auth from './auth.json';
import catalogue from './catalogue.json';
import centers from './centers.json';
import classes from './classes.json';
import common from './common.json';
import door from './door.json';
import entries from './entries.json';
import errors from './errors.json';
import expenditures from './expenditures.json';
import groups from './groups.json';
import imports from './imports.json';
import members from './members.json';
import misc from './misc.json';
import nav from './nav.json';
import outbox from './outbox.json';
import publicPages from './public.json';
import receipt from './receipt.json';
import retail from './retail.json';
import sales from './sales.json';
import settings from './settings.json';
import staff from './staff.json';
import titles from './titles.json';

/** Every namespace of this language, bundled together (one chunk per language). */
export const resources = {
  common,
  nav,
  titles,
  auth,
  account,
  errors,
  misc,
  acl,
  outbox,
  members,
  groups,
  centers,
  staff,
  settings,
  public: publicPages,
  imports,
  audit,
  catalogue,
  expenditures,
  receipt,
  retail,
  sales,
  door,
  entries,
  classes,
};
