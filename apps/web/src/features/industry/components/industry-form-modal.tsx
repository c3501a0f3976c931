import { INDUSTRY_ICONS, industryBody, type IndustryBody, type IndustryRow } from '@pv/contract';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { filledRule } from '@/lib/form-rules';
import { useFeedback } from '@/lib/feedback';
import { useSaveIndustry } from '@/features/industry/api/save-industry';
import { IndustryIcon } from './industry-icon';

/** Create (no industry) or edit an industry; the rules are the contract's (§5 name and code), checked again by the server. */
export function IndustryFormModal({
  industry,
  open,
  onClose,
}: {
  industry?: IndustryRow;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<IndustryBody>();
  const save = useSaveIndustry();
  const submit = async (v: IndustryBody) => {
    try {
      await save.mutateAsync({ ...v, id: industry?.id });
      void message.success(t(industry ? 'success.update' : 'success.create'));
      onClose();
    } catch {
      // the API client has shown why (409: the name or code is taken); the dialog keeps what was typed
    }
  };
  const required = (field: string) => ({ required: true, message: t('validation.required', { field: t(field) }) });
  return (
    <Modal
      open={open}
      title={t(industry ? 'catalogue.industry.edit' : 'catalogue.industry.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'industry-save' } as ButtonProps}
    >
      <Form<IndustryBody>
        form={form}
        layout="vertical"
        initialValues={
          industry
            ? {
                name: industry.name,
                code: industry.code,
                icon: industry.icon,
                sort: industry.sort,
                enabled: industry.enabled,
              }
            : { icon: 'other', sort: 0, enabled: true }
        }
        onFinish={submit}
        preserve={false}
      >
        <Form.Item
          name="name"
          label={t('catalogue.industry.name')}
          extra={t('catalogue.industry.nameHint')}
          rules={[required('catalogue.industry.name'), filledRule(industryBody.shape.name)]}
        >
          <Input maxLength={30} data-testid="industry-name" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('catalogue.industry.code')}
          rules={[required('catalogue.industry.code'), filledRule(industryBody.shape.code)]}
        >
          <Input maxLength={60} data-testid="industry-code" />
        </Form.Item>
        <Form.Item name="icon" label={t('catalogue.industry.icon')}>
          <Select
            data-testid="industry-icon"
            options={INDUSTRY_ICONS.map((icon) => ({
              value: icon,
              label: (
                <span>
                  <IndustryIcon icon={icon} /> {t(`catalogue.icon.${icon}`)}
                </span>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="sort"
          label={t('catalogue.industry.sort')}
          extra={t('catalogue.industry.sortHint')}
          rules={[filledRule(industryBody.shape.sort)]}
        >
          <InputNumber min={0} max={9999} precision={0} data-testid="industry-sort" />
        </Form.Item>
        <Form.Item name="enabled" label={t('catalogue.industry.state')} valuePropName="checked">
          <Switch data-testid="industry-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
