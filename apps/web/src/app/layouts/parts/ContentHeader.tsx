import { BilingualTitle } from '../../../shared/ui/BilingualTitle';
import { useRouteMeta } from '../../useRouteMeta';

/** The page title of the current route, above the screen. */
export function ContentHeader() {
  const route = useRouteMeta();
  if (!route) return null;
  return (
    <div className="content-header">
      <BilingualTitle titleKey={route.titleKey} />
    </div>
  );
}
