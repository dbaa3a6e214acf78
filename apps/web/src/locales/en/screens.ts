import audit from './audit.json';
import catalogue from './catalogue.json';
import centers from './centers.json';
import classes from './classes.json';
import door from './door.json';
import entries from './entries.json';
import expenditures from './expenditures.json';
import groups from './groups.json';
import imports from './imports.json';
import members from './members.json';
import outbox from './outbox.json';
import publicPages from './public.json';
import receipt from './receipt.json';
import retail from './retail.json';
import sales from './sales.json';
import settings from './settings.json';
import staff from './staff.json';

/** English of the product screens (a chunk of its own, see `./index`). */
export const resources = {
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
