import './layouts.css';
import { Outlet } from 'react-router';
import { usePreferences } from '../../shared/preferences';
import { AntdProvider } from '../providers/AntdProvider';
import { LanguageSelect } from './parts/LanguageSelect';

/** Full-page layout: sign-in, public and error pages. No menu; a language switcher in the corner. */
export default function FullLayout() {
  const { skin } = usePreferences();
  return (
    <AntdProvider>
      <div className="layout-full" data-testid="layout-full" data-skin={skin}>
        <div className="layout-full__tools">
          <LanguageSelect />
        </div>
        <main id="main-content" className="layout-full__main">
          <Outlet />
        </main>
      </div>
    </AntdProvider>
  );
}
