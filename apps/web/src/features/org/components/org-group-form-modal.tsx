import { orgGroupBody, type OrgGroupBody, type OrgGroupRow } from '@pv/contract';
import { Form, Input, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/form-rules';
import { useSaveOrgGroup } from '@/features/org/api/save-org-group';
import { keptOr } from './kept-rule';
import { useFeedback } from '@/lib/feedback';

/** Create (no group) or edit an organisation group; the rules are the contract's (§5 name and code). */
export function OrgGroupFormModal({
  group,
  open,
  onClose,
}: {
  group?: OrgGroupRow;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<OrgGroupBody>();
  const save = useSaveOrgGroup();
  const submit = async (v: OrgGroupBody) => {
    try {
      await save.mutateAsync({ ...v, id: group?.id });
      void message.success(t(group ? 'success.update' : 'success.create'));
      onClose();
    } catch {
      // the API client has shown why (409: the code is taken); the dialog keeps what was typed
    }
  };
  return (
    <Modal
      open={open}
      title={t(group ? 'org.group.edit' : 'org.group.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'org-group-save' } as ButtonProps}
    >
      <Form<OrgGroupBody>
        form={form}
        layout="vertical"
        initialValues={group ? { name: group.name, code: group.code } : undefined}
        onFinish={submit}
        preserve={false}
      >
        <Form.Item
          name="name"
          label={t('org.group.name')}
          rules={[
            { required: true, message: t('validation.required', { field: t('org.group.name') }) },
            keptOr(group?.name, zodRule(orgGroupBody.shape.name)),
          ]}
        >
          <Input maxLength={30} data-testid="org-group-name" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('org.group.code')}
          rules={[
            { required: true, message: t('validation.required', { field: t('org.group.code') }) },
            zodRule(orgGroupBody.shape.code),
          ]}
          extra={group?.code === 'ROOT' ? t('org.group.rootHint') : undefined}
        >
          <Input maxLength={60} disabled={group?.code === 'ROOT'} data-testid="org-group-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
