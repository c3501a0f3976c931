import { resetPasswordBody } from '@pv/contract';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/form-rules';
import { useAssignRoles } from '@/features/user/api/assign-roles';
import { useResetPassword } from '@/features/user/api/reset-password';
import { useUserOptions } from '@/features/user/api/user-options';
import type { UserRow } from '@pv/contract';
import { useFeedback } from '@/lib/feedback';

/** Shows a password once (a generated one): copy it now, it cannot be read again. */
export function PasswordOnceModal({
  value,
  onClose,
}: {
  value: { loginName: string; password: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!value}
      title={t('user.passwordOnceTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.confirm')}
      maskClosable={false}
    >
      <Alert
        type="warning"
        showIcon
        title={t('user.passwordOnce', { name: value?.loginName ?? '' })}
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph
        copyable={{ text: value?.password ?? '' }}
        code
        data-testid="password-once"
        style={{ fontSize: 18 }}
      >
        {value?.password}
      </Typography.Paragraph>
    </Modal>
  );
}

/** Set a password, or leave it empty to have one generated; the user's sessions end. */
export function ResetPasswordModal({
  user,
  onClose,
  onGenerated,
}: {
  user: UserRow | null;
  onClose: () => void;
  onGenerated: (loginName: string, password: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ password?: string; confirmPassword?: string }>();
  const reset = useResetPassword();
  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const submit = async (v: { password?: string }) => {
    if (!user) return;
    try {
      const res = await reset.mutateAsync({ id: user.id, password: v.password ?? '' });
      void message.success(t('admin.passwordReset'));
      onClose();
      if (res.password) onGenerated(user.loginName, res.password);
    } catch {
      // shown by the API client
    }
  };

  return (
    <Modal
      open={!!user}
      title={t('user.resetTitle', { name: user?.loginName ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={reset.isPending}
      maskClosable={false}
    >
      <Form
        form={form}
        name="reset-password-form"
        layout="vertical"
        onFinish={submit}
        data-testid="reset-password-form"
      >
        <Form.Item
          name="password"
          label={t('user.newPassword')}
          extra={t('user.passwordHint')}
          rules={[zodRule(resetPasswordBody.shape.password)]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('user.confirmPassword')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v?: string) =>
                (v ?? '') === (getFieldValue('password') ?? '')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.passwordsInconsistent'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Assign roles: the choices are the roles you may assign; the server keeps those beyond your reach. */
export function AssignRolesModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const options = useUserOptions(!!user);
  const assign = useAssignRoles();
  const [roleIds, setRoleIds] = useState<number[]>([]);
  useEffect(() => {
    if (user) setRoleIds(user.roleIds);
  }, [user]);
  const assignable = new Set(options.data?.roles.map((r) => r.id));
  const choices = [
    ...(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name })),
    ...(user?.roleIds ?? [])
      .filter((id) => !assignable.has(id))
      .map((id) => ({ value: id, label: user!.roles[user!.roleIds.indexOf(id)] ?? String(id), disabled: true })),
  ];
  const save = async () => {
    if (!user) return;
    try {
      await assign.mutateAsync({ id: user.id, roleIds });
      void message.success(t('success.allocation'));
      onClose();
    } catch {
      // shown by the API client
    }
  };
  return (
    <Modal
      open={!!user}
      title={t('user.assignTitle', { name: user?.loginName ?? '' })}
      onCancel={onClose}
      onOk={save}
      okButtonProps={{ disabled: roleIds.length === 0 }}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={assign.isPending}
      maskClosable={false}
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={roleIds}
        onChange={setRoleIds}
        options={choices}
        loading={options.isLoading}
        optionFilterProp="label"
        data-testid="assign-roles"
      />
      {roleIds.length === 0 && <Typography.Text type="danger">{t('validation.adminRoles')}</Typography.Text>}
    </Modal>
  );
}
