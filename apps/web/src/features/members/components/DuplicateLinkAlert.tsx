import type { Member } from '@gym/contract/members';
import { Alert, Button, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAbility } from '../../../shared/acl';
import { useMember } from '../api';
import { memberName } from '../format';
import { memberPath } from '../paths';

const MergeDrawer = lazy(() => import('./MergeDrawer'));

/**
 * On a member's file: "possibly the same person as …" (an online registration sharing a phone or
 * e-mail), with a link to the other record and, for staff who may, a merge into it; or, on a record
 * merged away, where it went.
 */
export function DuplicateLinkAlert({ member }: { member: Member }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const otherId = member.mergedInto ?? member.possibleDuplicateOf ?? undefined;
  const other = useMember(otherId);
  const [merging, setMerging] = useState(false);
  if (!otherId) return null;
  const label = other.data ? `${other.data.code} · ${memberName(other.data)}` : t('members:duplicateLink.other');
  const link = (
    <Link to={memberPath(otherId)} data-testid="duplicate-link">
      {label}
    </Link>
  );

  if (member.mergedInto) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="merged-alert"
        title={
          <>
            {t('members:duplicateLink.merged')} {link}
          </>
        }
      />
    );
  }
  return (
    <>
      <Alert
        type="warning"
        showIcon
        data-testid="duplicate-alert"
        title={
          <Space wrap size="small">
            <span>{t('members:duplicateLink.possible')}</span>
            {link}
            {ability.can('delete', 'Member') && other.data && !other.data.mergedInto && (
              <Button size="small" onClick={() => setMerging(true)} data-testid="merge-open">
                {t('members:duplicateLink.merge')}
              </Button>
            )}
          </Space>
        }
      />
      {merging && other.data && (
        <Suspense fallback={null}>
          <MergeDrawer
            kept={other.data}
            other={member}
            onClose={() => setMerging(false)}
            onMerged={(kept) => navigate(memberPath(kept.id), { replace: true })}
          />
        </Suspense>
      )}
    </>
  );
}
