import { Card, Descriptions } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../shared/acl';
import { percentText } from '../../../shared/ui/PercentInput';
import { ErrorState, LoadingState } from '../../../shared/ui/ScreenStates';
import { useFormatMoney } from '../money';
import { coverageText, useConfirmActive } from './columns';
import { DetailHeader } from './DetailHeader';
import { HoldersCard } from './HoldersCard';

interface Item {
  id: string;
  name: string;
  active: boolean;
  price: number;
  taxRateBp: number;
  allCenters: boolean;
  centers: { code: string }[];
  description: string | null;
}

/**
 * The page of a plan or package: its name and state (edit, (de)activate), its facts (its own
 * `before` the price, tax rate and centres, `after` them), and everyone it was sold to.
 */
export function ItemDetail<T extends Item>({
  testId,
  query,
  save,
  kind,
  back,
  before,
  after,
  drawer,
}: {
  testId: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: T | undefined; refetch: () => unknown };
  save: { mutateAsync: (input: { id: string; body: { active: boolean } }) => Promise<unknown> };
  kind: 'plans' | 'packages';
  back: { to: string; label: string };
  before: (item: T) => ReactNode;
  after: (item: T) => ReactNode;
  drawer: (editing: T | null, onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const ability = useAbility();
  const money = useFormatMoney();
  const confirmActive = useConfirmActive<T>(t, save);
  const [editing, setEditing] = useState<T | null>(null);

  if (query.isPending || query.isError || !query.data) {
    return (
      <div className="screen catalogue-detail" data-testid={testId}>
        {query.isPending ? <LoadingState /> : <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      </div>
    );
  }
  const item = query.data;
  return (
    <div className="screen catalogue-detail" data-testid={testId}>
      <DetailHeader
        name={item.name}
        active={item.active}
        backTo={back.to}
        backLabel={back.label}
        canUpdate={ability.can('update', 'Catalogue')}
        onEdit={() => setEditing(item)}
        onToggle={() => confirmActive(item)}
      />
      <Card className="catalogue-facts">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          {before(item)}
          <Descriptions.Item label={t('catalogue:fields.price')}>{money(item.price)}</Descriptions.Item>
          <Descriptions.Item label={t('catalogue:fields.taxRate')}>{percentText(item.taxRateBp)}</Descriptions.Item>
          <Descriptions.Item label={t('catalogue:fields.centers')}>{coverageText(t, item)}</Descriptions.Item>
          {after(item)}
          {item.description && (
            <Descriptions.Item label={t('catalogue:fields.description')}>{item.description}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <HoldersCard kind={kind} id={item.id} />
      {drawer(editing, () => setEditing(null))}
    </div>
  );
}
