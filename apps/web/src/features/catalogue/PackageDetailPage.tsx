import './catalogue.css';
import { Card, Descriptions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { type CreditPackage, useCreditPackage, useSaveCreditPackage } from './api';
import { coverageText, useConfirmActive } from './components/columns';
import { DetailHeader } from './components/DetailHeader';
import { HoldersCard } from './components/HoldersCard';
import { useFormatLength } from './format';
import { useFormatMoney } from './money';
import { PackageDrawer } from './PackageListPage';
import { basisPointsToPercent } from './taxRate';

/** `/apps/cloudfit/package/{id}`: a package and everyone it was sold to, with credits left. */
export default function PackageDetailPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const ability = useAbility();
  const pack = useCreditPackage(id);
  const save = useSaveCreditPackage();
  const money = useFormatMoney();
  const length = useFormatLength();
  const confirmActive = useConfirmActive<CreditPackage>(t, save);
  const [editing, setEditing] = useState<{ pack: CreditPackage } | null>(null);

  if (pack.isPending || pack.isError) {
    return (
      <div className="screen catalogue-detail" data-testid="screen-package-detail">
        {pack.isPending ? <LoadingState /> : <ErrorState error={pack.error} onRetry={() => void pack.refetch()} />}
      </div>
    );
  }
  const p = pack.data;
  return (
    <div className="screen catalogue-detail" data-testid="screen-package-detail">
      <DetailHeader
        name={p.name}
        active={p.active}
        backTo="/package-list"
        backLabel={t('catalogue:packages.back')}
        canUpdate={ability.can('update', 'Catalogue')}
        onEdit={() => setEditing({ pack: p })}
        onToggle={() => confirmActive(p)}
      />
      <Card className="catalogue-facts">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('catalogue:fields.usage')}>{t(`catalogue:usages.${p.usage}`)}</Descriptions.Item>
          <Descriptions.Item label={p.usage === 'rental' ? t('catalogue:fields.hours') : t('catalogue:fields.credits')}>
            {p.credits}
          </Descriptions.Item>
          <Descriptions.Item label={t('catalogue:fields.validityDays')}>
            {length(p.validityDays, 'day')}
          </Descriptions.Item>
          <Descriptions.Item label={t('catalogue:fields.price')}>{money(p.price)}</Descriptions.Item>
          <Descriptions.Item
            label={t('catalogue:fields.taxRate')}
          >{`${basisPointsToPercent(p.taxRateBp)} %`}</Descriptions.Item>
          <Descriptions.Item label={t('catalogue:fields.centers')}>{coverageText(t, p)}</Descriptions.Item>
          <Descriptions.Item label={t('catalogue:fields.available')}>
            {p.available ? t('catalogue:packages.onSale') : t('catalogue:packages.notOnSale')}
          </Descriptions.Item>
          {p.description && (
            <Descriptions.Item label={t('catalogue:fields.description')}>{p.description}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <HoldersCard kind="packages" id={p.id} />
      <PackageDrawer editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
