import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { checkAuthorisedList, GRANT_PERMS, type GrantPerm, type GrantRow } from '@pv/contract';
import { Button, Checkbox, Form, Input, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '@/components/list-page';
import { ConfirmAction } from '@/components/row-actions';
import { ZonedTime } from '@/components/zoned-time';
import { useDeleteGrant } from '@/features/plant/api/delete-grant';
import { useGrants } from '@/features/plant/api/get-grants';
import { useMyEmail } from '@/features/plant/api/get-my-email';
import { useSaveGrant } from '@/features/plant/api/save-grant';
import { useFeedback } from '@/lib/feedback';

/**
 * Authorised users of a plant (spec §6): grant users rights on its devices, change, remove with
 * confirmation. Times on the plant's clock (`timeZone`), as the page's header says, the zone named.
 */
export function GrantsTab({ plantId, timeZone }: { plantId: number; timeZone?: string | null }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { data, isLoading } = useGrants(plantId);
  const { data: myEmail } = useMyEmail();
  const save = useSaveGrant(plantId);
  const remove = useDeleteGrant(plantId);
  const [editing, setEditing] = useState<{ grant?: GrantRow } | null>(null);
  const [form] = Form.useForm<{ emails: string; perms: GrantPerm[] }>();

  const open = (grant?: GrantRow) => {
    form.resetFields();
    form.setFieldsValue(
      grant ? { emails: grant.email ?? grant.loginName, perms: grant.perms } : { emails: '', perms: ['view'] },
    );
    setEditing({ grant });
  };

  const submit = async (v: { emails: string; perms: GrantPerm[] }) => {
    try {
      await save.mutateAsync({ grantId: editing?.grant?.id, emails: v.emails, perms: v.perms });
      void message.success(t(editing?.grant ? 'success.update' : 'success.authorization'));
      setEditing(null);
    } catch {
      // the API client has shown the server's reason (an unknown e-mail, say)
    }
  };

  return (
    <div>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => open()}
        style={{ marginBottom: 12 }}
        data-testid="grant-add"
      >
        {t('plant.grant.add')}
      </Button>
      <Table<GrantRow>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('plant.grant.user'), key: 'user', render: (_: unknown, g) => `${g.nickname} (${g.loginName})` },
          { title: t('plant.grant.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
          {
            title: t('plant.grant.perms'),
            dataIndex: 'perms',
            render: (perms: GrantPerm[]) => perms.map((p) => <Tag key={p}>{t(`plant.grant.perm.${p}`)}</Tag>),
          },
          { title: t('plant.grant.grantedBy'), dataIndex: 'grantedBy', render: (v: string | null) => v ?? '—' },
          {
            title: t('plant.grant.createdAt'),
            dataIndex: 'createdAt',
            render: (v: number) => <ZonedTime value={v} timeZone={timeZone} />,
          },
          actionsColumn(
            t('common.actions'),
            (g: GrantRow) => (
              <>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => open(g)}
                  data-testid={`grant-edit-${g.loginName}`}
                >
                  {t('common.update')}
                </Button>
                <ConfirmAction
                  title={t('plant.grant.confirmDelete', { name: g.nickname })}
                  okButtonProps={{ danger: true }}
                  run={() => remove.mutateAsync(g.id)}
                  onCancel={() => void message.info(t('plant.deleteCancelled'))}
                >
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    data-testid={`grant-delete-${g.loginName}`}
                  >
                    {t('common.delete')}
                  </Button>
                </ConfirmAction>
              </>
            ),
            { fixed: false, wrap: false },
          ),
        ]}
      />
      <Modal
        open={editing !== null}
        title={t(editing?.grant ? 'plant.grant.editTitle' : 'plant.grant.addTitle')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        mask={{ closable: false }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="emails"
            label={t('plant.grant.emails')}
            extra={editing?.grant ? undefined : t('plant.grant.emailsHelp')}
            rules={[
              {
                validator: async (_r, v: string | undefined) => {
                  if (editing?.grant) return;
                  const key = checkAuthorisedList(v ?? '', myEmail ?? undefined);
                  if (key) throw new Error(t(key));
                },
              },
            ]}
          >
            <Input.TextArea
              rows={2}
              disabled={!!editing?.grant}
              placeholder="user@example.com, other@example.com"
              data-testid="grant-emails"
            />
          </Form.Item>
          <Form.Item
            name="perms"
            label={t('plant.grant.perms')}
            rules={[{ type: 'array', min: 1, message: t('validation.grantPerms') }]}
          >
            <Checkbox.Group options={GRANT_PERMS.map((p) => ({ value: p, label: t(`plant.grant.perm.${p}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
