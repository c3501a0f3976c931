import type { ProviderPlantRow } from '@pv/contract';
import { Alert, Form, Modal, Select, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAssignPlants } from '@/features/provider/api/assign-plants';
import { useProviderOptions } from '@/features/provider/api/get-provider-options';
import { useFeedback } from '@/lib/feedback';

/**
 * Assigns one or several plants to a provider: pick it, confirm (spec §8 "reassign service
 * provider"), then "Allocation Success", or the allocation cancel message when the confirmation
 * is dismissed. The plants' data moves to the provider's scope.
 */
export function AssignModal({
  plants,
  onClose,
  onDone,
}: {
  plants: ProviderPlantRow[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<{ providerId: number }>();
  const options = useProviderOptions();
  const assign = useAssignPlants();
  const current = [...new Set(plants.map((p) => p.providerId))];
  const reassigning = plants.some((p) => p.providerId !== null);

  const submit = ({ providerId }: { providerId: number }) => {
    const provider = options.data?.find((o) => o.id === providerId)?.name ?? '';
    modal.confirm({
      title: t(reassigning ? 'provider.confirmReassignTitle' : 'provider.confirmAssignTitle'),
      content: t('provider.confirmAssign', { count: plants.length, provider }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'provider-assign-confirm' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'provider-assign-cancel' } as ButtonProps,
      onOk: async () => {
        try {
          await assign.mutateAsync({ providerId, plantIds: plants.map((p) => p.id) });
          void message.success(t('success.allocation'));
          onDone();
        } catch {
          // the API client has shown why (a plant gone, out of scope)
        }
      },
      onCancel: () => void message.info(t('provider.allocationCancelled')),
    });
  };

  return (
    <Modal
      open
      title={t(plants.length === 1 ? 'provider.assignOne' : 'provider.assignMany', { count: plants.length })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('provider.assign')}
      cancelText={t('common.cancel')}
      confirmLoading={assign.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'provider-assign-ok' } as ButtonProps}
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: true }}>
        {plants.map((p) => p.name).join(', ')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="providerId"
          label={t('provider.provider')}
          initialValue={current.length === 1 && current[0] !== null ? current[0] : undefined}
          rules={[{ required: true, message: t('validation.required', { field: t('provider.provider') }) }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={options.isLoading}
            options={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            data-testid="provider-assign-select"
          />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon message={t('provider.assignHint')} />
    </Modal>
  );
}
