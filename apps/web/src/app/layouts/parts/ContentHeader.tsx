import { useRouteMeta } from '../../../shared/routing/useRouteMeta';
import { BilingualTitle } from '../../../shared/ui/BilingualTitle';

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
