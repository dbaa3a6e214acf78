import './centers.css';
import { App, Button, Card, Form, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { showErrorOnFields } from '../../shared/api/formErrors';
import { useCenterId } from '../../shared/centerSelection';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
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
      <Form<CenterFormValues>
        form={form}
        name="center"
        layout="vertical"
        requiredMark={false}
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
      </Form>
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
  if (!centerId) {
    body = centers.isPending ? (
      <LoadingState />
    ) : centers.isError ? (
      <ErrorState error={centers.error} onRetry={() => void centers.refetch()} />
    ) : (
      <EmptyState description={t('centers:noCurrent')} />
    );
    body = <Card>{body}</Card>;
  } else if (detail.isPending) {
    body = (
      <Card>
        <LoadingState />
      </Card>
    );
  } else if (detail.isError) {
    body = (
      <Card>
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      </Card>
    );
  } else {
    const center = detail.data;
    body = (
      <>
        <div className="center-stats">
          <Card size="small">
            <Statistic
              title={t('centers:memberCount')}
              value={numbers.format(center.memberCount)}
              data-testid="center-member-count"
            />
          </Card>
          <Card size="small">
            <Statistic
              title={t('centers:roomCount')}
              value={numbers.format(center.roomCount)}
              data-testid="center-room-count"
            />
          </Card>
          <Card size="small">
            <Statistic title={t('centers:readerCount')} value={numbers.format(center.readers.length)} />
          </Card>
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
