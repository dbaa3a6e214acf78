import './catalogue.css';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type CreditPackage, useCreditPackage, useSaveCreditPackage } from './api';
import { ItemDetail } from './components/ItemDetail';
import { useFormatLength } from './format';
import { PackageDrawer } from './PackageListPage';

/** `/apps/cloudfit/package/{id}`: a package and everyone it was sold to, with credits left. */
export default function PackageDetailPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const length = useFormatLength();
  return (
    <ItemDetail<CreditPackage>
      testId="screen-package-detail"
      query={useCreditPackage(id)}
      save={useSaveCreditPackage()}
      kind="packages"
      back={{ to: '/package-list', label: t('catalogue:packages.back') }}
      before={(p) => (
        <>
          <Descriptions.Item label={t('catalogue:fields.usage')}>{t(`catalogue:usages.${p.usage}`)}</Descriptions.Item>
          <Descriptions.Item label={p.usage === 'rental' ? t('catalogue:fields.hours') : t('catalogue:fields.credits')}>
            {p.credits}
          </Descriptions.Item>
          <Descriptions.Item label={t('catalogue:fields.validityDays')}>
            {length(p.validityDays, 'day')}
          </Descriptions.Item>
        </>
      )}
      after={(p) => (
        <Descriptions.Item label={t('catalogue:fields.available')}>
          {p.available ? t('catalogue:packages.onSale') : t('catalogue:packages.notOnSale')}
        </Descriptions.Item>
      )}
      drawer={(pack, onClose) => <PackageDrawer editing={pack && { item: pack }} onClose={onClose} />}
    />
  );
}
