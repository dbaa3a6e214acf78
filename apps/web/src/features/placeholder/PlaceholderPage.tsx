import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteMeta } from '../../shared/routing/useRouteMeta';
import { BilingualTitle } from '../../shared/ui/BilingualTitle';

/**
 * Stand-in for product screens not built yet: the page's bilingual title (from the route) and a
 * short note. In the staff layout the title is already in the content header.
 */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const route = useRouteMeta();
  const fullPage = route?.meta.layout === 'full';
  return (
    <div
      className={fullPage ? 'misc-screen' : 'screen'}
      data-testid="screen-coming-soon"
      data-placeholder-for={route?.titleKey}
    >
      <Card variant="borderless">
        {fullPage && route && <BilingualTitle titleKey={route.titleKey} />}
        <Result
          icon={<ClockCircleOutlined aria-hidden />}
          title={t('misc:placeholder.title')}
          subTitle={t('misc:placeholder.text')}
        />
      </Card>
    </div>
  );
}
