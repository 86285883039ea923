import { Tabs } from '@portal/ui/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/panel';
import { formatDecimal } from '@/lib/amount';
import { useAdjustmentPolicy } from '../api/adjustments';
import { AdjustmentsTable } from './adjustments-table';

export type AdjustmentsPageProps = { canApprove: boolean; playerPath?: (id: number) => string };

/** The approval queue of manual balance adjustments (pending first), and every adjustment. */
export function AdjustmentsPage({ canApprove, playerPath }: AdjustmentsPageProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<'pending' | 'all'>('pending');
  const policy = useAdjustmentPolicy();
  return (
    <div className="bo-page">
      <PageHeader title={t('adjustments.title')} description={t('adjustments.intro')} />
      {policy.data && (
        <p className="bo-adjust__policy" data-testid="adjustment-policy">
          {policy.data.approvalThreshold.minor === '0'
            ? t('adjustments.policyAlways')
            : t('adjustments.policyThreshold', {
                amount: `${formatDecimal(policy.data.approvalThreshold.amount)} ${policy.data.currency}`,
              })}
        </p>
      )}
      {policy.data && policy.data.approvalThreshold.minor !== '0' && (
        <p className="bo-adjust__policy">{t('adjustments.policyWindow', { hours: policy.data.directWindowHours })}</p>
      )}
      <Tabs
        label={t('adjustments.views')}
        value={view}
        onChange={(id) => setView(id as 'pending' | 'all')}
        items={[
          { id: 'pending', label: t('adjustments.pending') },
          { id: 'all', label: t('adjustments.all') },
        ]}
      >
        <div className="bo-adjust">
          <AdjustmentsTable
            key={view}
            status={view === 'pending' ? 'pending' : ''}
            canApprove={canApprove}
            {...(playerPath ? { playerPath } : {})}
            emptyText={view === 'pending' ? t('adjustments.emptyPending') : t('adjustments.empty')}
          />
        </div>
      </Tabs>
    </div>
  );
}
