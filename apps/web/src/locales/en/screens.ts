import audit from './audit.json';
import centers from './centers.json';
import groups from './groups.json';
import imports from './imports.json';
import members from './members.json';
import outbox from './outbox.json';
import publicPages from './public.json';
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
  sales,
};
