import './centers.css';
import { App, Button, Card, Form, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { showErrorOnFields } from '../../shared/api/formErrors';
import { useCenterId } from '../../shared/centerSelection';
import { EmptyState, QueryState } from '../../shared/ui/ScreenStates';
import { StackedForm } from '../../shared/ui/StackedForm';
import { type CenterDetail, useCenterDetail, useCenters, useSaveCenter } from './api';
import { CENTER_FIELDS, type CenterFormValues, centerFormValues, centerRequest } from './centerForm';
import { CenterFields } from './components/CenterFields';
import { ReadersCard } from './components/ReadersCard';

function CenterForm({ center, canUpdate }: { center: CenterDetail; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CenterFormValues>();
  const save = useSaveCenter();
  return (
    <Card title={t('centers:detailsTitle')}>
      <StackedForm<CenterFormValues>
        form={form}
        name="center"
        initialValues={centerFormValues(center, center)}
        disabled={!canUpdate || save.isPending}
        scrollToFirstError={{ block: 'center', focus: true }}
        onFinish={(values) =>
          save.mutate(
            { id: center.id, body: centerRequest(values) },
            {
              onSuccess: () => void message.success(t('centers:saved')),
              onError: (error) => {
                if (!showErrorOnFields(form, error, t, CENTER_FIELDS, { code_taken: 'code' })) {
                  void message.error(apiErrorMessage(t, error));
                }
              },
            },
          )
        }
      >
        <CenterFields disabled={!canUpdate} />
        {canUpdate && (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="center-save">
            {t('common:actions.save')}
          </Button>
        )}
      </StackedForm>
    </Card>
  );
}

/** The centre this tab works at (navbar selection): details, opening hours, counts and card readers. */
export default function CenterPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const centerId = useCenterId();
  const centers = useCenters();
  const detail = useCenterDetail(centerId);
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');

  let body: ReactNode;
  if (!centerId || detail.isPending || detail.isError) {
    body = (
      <Card>
        {centerId ? (
          <QueryState query={detail}>{() => null}</QueryState>
        ) : (
          <QueryState query={centers}>{() => <EmptyState description={t('centers:noCurrent')} />}</QueryState>
        )}
      </Card>
    );
  } else {
    const center = detail.data;
    const stats = [
      { key: 'members', title: t('centers:memberCount'), count: center.memberCount, testId: 'center-member-count' },
      { key: 'rooms', title: t('centers:roomCount'), count: center.roomCount, testId: 'center-room-count' },
      { key: 'readers', title: t('centers:readerCount'), count: center.readers.length, testId: undefined },
    ];
    body = (
      <>
        <div className="center-stats">
          {stats.map((stat) => (
            <Card size="small" key={stat.key}>
              <Statistic title={stat.title} value={numbers.format(stat.count)} data-testid={stat.testId} />
            </Card>
          ))}
        </div>
        <CenterForm key={center.id} center={center} canUpdate={ability.can('update', 'Centre')} />
        <ReadersCard center={center} />
      </>
    );
  }

  return (
    <div className="screen" data-testid="screen-center" data-center-id={centerId ?? ''}>
      {body}
    </div>
  );
}
