import { userCreateBody, type UserCreateBody, type UserRow } from '@pv/contract';
import { Form, Input, Modal, Select, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPerm } from '@/lib/access';
import { zodRule } from '@/lib/form-rules';
import { useCreateUser } from '@/features/user/api/create-user';
import { useUpdateUser } from '@/features/user/api/update-user';
import { useUserOptions } from '@/features/user/api/user-options';
import { orgTreeOptions } from '@/lib/org-tree';
import { useFeedback } from '@/lib/feedback';

const shape = userCreateBody.shape;

interface Props {
  open: boolean;
  /** The user to edit; absent to create one. */
  user?: UserRow;
  onClose: () => void;
  /** Called after a create with the password the server generated (null when typed). */
  onCreated?: (loginName: string, password: string | null) => void;
}

/** Create or edit a user with the §5 rules of the contract (the server checks the same). */
export function UserFormModal({ open, user, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const can = useHasPerm();
  const [form] = Form.useForm<UserCreateBody>();
  const options = useUserOptions(open);
  const create = useCreateUser();
  const update = useUpdateUser();
  // roles are given on create; on edit only with the assign permission
  const showRoles = !user || can('user:assign');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user)
      form.setFieldsValue({
        loginName: user.loginName,
        nickname: user.nickname,
        mobile: user.mobile ?? '',
        email: user.email ?? '',
        orgId: user.orgId,
        roleIds: user.roleIds,
      });
  }, [open, user, form]);

  const submit = async (v: UserCreateBody) => {
    const body = { ...v, loginName: v.loginName.trim(), mobile: v.mobile ?? '', email: v.email ?? '' };
    try {
      if (user) {
        const { password: _p, ...rest } = body;
        // unchanged mobile / e-mail are not sent: without the sensitive grant they are shown masked
        const unchanged = {
          mobile: rest.mobile === (user.mobile ?? '') ? undefined : rest.mobile,
          email: rest.email === (user.email ?? '') ? undefined : rest.email,
        };
        await update.mutateAsync({
          id: user.id,
          body: { ...rest, ...unchanged, roleIds: showRoles ? rest.roleIds : undefined },
        });
        void message.success(t('success.update'));
      } else {
        const res = await create.mutateAsync({ ...body, password: body.password ?? '' });
        void message.success(t('success.create'));
        onCreated?.(body.loginName, res.password);
      }
      onClose();
    } catch {
      // the API client has shown why (409 login taken, 403 a role beyond reach…)
    }
  };

  // roles of the user the caller may not assign still show, by name, as fixed choices
  const roleOptions = [
    ...(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name })),
    ...(user?.roleIds ?? [])
      .filter((id) => !options.data?.roles.some((r) => r.id === id))
      .map((id) => ({ value: id, label: user!.roles[user!.roleIds.indexOf(id)] ?? String(id), disabled: true })),
  ];

  return (
    <Modal
      open={open}
      title={t(user ? 'user.editTitle' : 'user.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      maskClosable={false}
      width={560}
    >
      <Form<UserCreateBody>
        form={form}
        name="user-form"
        layout="vertical"
        onFinish={submit}
        data-testid="user-form"
        preserve={false}
      >
        <Form.Item
          validateFirst
          name="loginName"
          label={t('user.loginName')}
          extra={t('user.loginNameHint')}
          rules={[
            { required: true, message: t('validation.required', { field: t('user.loginName') }) },
            zodRule(shape.loginName),
          ]}
        >
          <Input autoComplete="off" maxLength={64} data-testid="user-form-login" />
        </Form.Item>
        <Form.Item
          validateFirst
          name="nickname"
          label={t('user.nickname')}
          rules={[
            { required: true, message: t('validation.required', { field: t('user.nickname') }) },
            zodRule(shape.nickname),
          ]}
        >
          <Input maxLength={30} showCount data-testid="user-form-nickname" />
        </Form.Item>
        <Form.Item validateFirst name="mobile" label={t('user.mobile')} rules={[zodRule(shape.mobile)]}>
          <Input data-testid="user-form-mobile" />
        </Form.Item>
        <Form.Item validateFirst name="email" label={t('user.email')} rules={[zodRule(shape.email)]}>
          <Input data-testid="user-form-email" />
        </Form.Item>
        <Form.Item
          validateFirst
          name="orgId"
          label={t('user.organisation')}
          rules={[{ required: true, message: t('validation.required', { field: t('user.organisation') }) }]}
        >
          <TreeSelect
            treeData={orgTreeOptions(options.data?.orgs ?? [])}
            treeDefaultExpandAll
            loading={options.isLoading}
            showSearch
            treeNodeFilterProp="title"
            data-testid="user-form-org"
          />
        </Form.Item>
        {showRoles && (
          <Form.Item
            validateFirst
            name="roleIds"
            label={t('user.roles')}
            rules={[{ required: true, type: 'array', min: 1, message: t('validation.adminRoles') }]}
          >
            <Select
              mode="multiple"
              options={roleOptions}
              loading={options.isLoading}
              optionFilterProp="label"
              data-testid="user-form-roles"
            />
          </Form.Item>
        )}
        {!user && (
          <Form.Item
            validateFirst
            name="password"
            label={t('user.password')}
            extra={t('user.passwordHint')}
            rules={[zodRule(shape.password)]}
          >
            <Input.Password autoComplete="new-password" data-testid="user-form-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
