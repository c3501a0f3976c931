import { roleBody, type RoleBody, type RoleRow } from '@pv/contract';
import { Form, Input, Modal, Select, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/form-rules';
import { orgTreeOptions } from '@/lib/org-tree';
import { useRoleOptions } from '@/features/role/api/role-options';
import { useSaveRole } from '@/features/role/api/save-role';
import { useFeedback } from '@/lib/feedback';

const shape = roleBody.shape;

/** Create or edit a role: identifier and name by the §5 rules, organisation, data permission, sensitive grant. */
export function RoleFormModal({ open, role, onClose }: { open: boolean; role?: RoleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<RoleBody>();
  const options = useRoleOptions(open);
  const save = useSaveRole();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      role
        ? { code: role.code, name: role.name, orgId: role.orgId, dataScope: role.dataScope, sensitive: role.sensitive }
        : { dataScope: 'org', sensitive: false },
    );
  }, [open, role, form]);

  const scopes = options.data?.dataScopes ?? [];
  // a role already wider than what you may give keeps its value visible (the server refuses a change to it)
  const scopeChoices = [...new Set([...scopes, ...(role ? [role.dataScope] : [])])].map((s) => ({
    value: s,
    label: t(`role.scope.${s}`),
    disabled: !scopes.includes(s),
  }));

  const submit = async (v: RoleBody) => {
    try {
      await save.mutateAsync({ body: { ...v, sensitive: !!v.sensitive }, id: role?.id });
      void message.success(t(role ? 'success.update' : 'success.create'));
      onClose();
    } catch {
      // shown by the API client (409 identifier taken…)
    }
  };

  return (
    <Modal
      open={open}
      title={t(role ? 'role.editTitle' : 'role.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      maskClosable={false}
      width={520}
    >
      <Form<RoleBody> form={form} name="role-form" layout="vertical" onFinish={submit} data-testid="role-form">
        <Form.Item
          validateFirst
          name="code"
          label={t('role.code')}
          extra={t('role.codeHint')}
          rules={[
            { required: true, message: t('validation.required', { field: t('role.code') }) },
            zodRule(shape.code),
          ]}
        >
          <Input maxLength={64} data-testid="role-form-code" />
        </Form.Item>
        <Form.Item
          validateFirst
          name="name"
          label={t('role.name')}
          rules={[
            { required: true, message: t('validation.required', { field: t('role.name') }) },
            zodRule(shape.name),
          ]}
        >
          <Input maxLength={30} showCount data-testid="role-form-name" />
        </Form.Item>
        <Form.Item
          validateFirst
          name="orgId"
          label={t('role.organisation')}
          rules={[{ required: true, message: t('validation.required', { field: t('role.organisation') }) }]}
        >
          <TreeSelect
            treeData={orgTreeOptions(options.data?.orgs ?? [])}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            loading={options.isLoading}
            data-testid="role-form-org"
          />
        </Form.Item>
        <Form.Item validateFirst name="dataScope" label={t('role.dataScope')} rules={[{ required: true }]}>
          <Select options={scopeChoices} data-testid="role-form-scope" />
        </Form.Item>
        <Form.Item
          validateFirst
          name="sensitive"
          label={t('role.sensitive')}
          valuePropName="checked"
          extra={t('role.sensitiveHint')}
        >
          <Switch disabled={!options.data?.sensitive && !role?.sensitive} data-testid="role-form-sensitive" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
