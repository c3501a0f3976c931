import { profileUpdateBody } from '@pv/contract';
import { Button, Card, Descriptions, Form, Input, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/form-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/stores/session';
import { profileQuery, useProfile } from '@/api/profile';
import { useUpdateProfile } from '@/features/user-center/api/update-profile';
import { AvatarUpload } from '@/features/user-center/components/avatar-upload';
import { LoadState } from '@/features/user-center/components/load-state';
import { TimeZoneSetting } from '@/features/user-center/components/time-zone-setting';
import { NotificationPrefsCard } from '@/features/user-center/components/notification-prefs';
import { ZonedTime } from '@/components/zoned-time';
import { useFeedback } from '@/lib/feedback';

/** The user's account: the profile, and how they are told about faults (`?tab=notifications`). */
export default function PersonalDataPage() {
  const { t } = useTranslation();
  // a link may open the notifications tab (`?tab=notifications`)
  const [tab, setTab] = useState(() =>
    new URLSearchParams(window.location.search).get('tab') === 'notifications' ? 'notifications' : 'profile',
  );
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'profile', label: t('notification.prefs.profileTab'), children: <ProfileCard /> },
        {
          key: 'notifications',
          label: <span data-testid="tab-notifications">{t('notification.prefs.tab')}</span>,
          children: <NotificationPrefsCard />,
        },
      ]}
    />
  );
}

function ProfileCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { data, isError, refetch } = useProfile();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const qc = useQueryClient();
  // the new picture shows here and in the navbar at once
  const avatarChanged = (avatar: string) => {
    qc.setQueryData(profileQuery().queryKey, (p) => (p ? { ...p, avatar } : p));
    useSession.setState((s) => (s.info ? { info: { ...s.info, avatar } } : {}));
  };
  if (!data) return <LoadState isError={isError} onRetry={() => void refetch()} />;
  return (
    <Card
      title={t('route.personalData')}
      extra={
        !editing && (
          <Button onClick={() => setEditing(true)} data-testid="profile-edit">
            {t('common.update')}
          </Button>
        )
      }
      style={{ maxWidth: 760 }}
    >
      <div style={{ marginBottom: 16 }}>
        <AvatarUpload avatar={data.avatar} onUploaded={avatarChanged} />
      </div>
      {editing ? (
        <Form
          layout="vertical"
          initialValues={{ nickname: data.nickname, email: data.email ?? '', mobile: data.mobile ?? '' }}
          onFinish={async (v: { nickname: string; email: string; mobile: string }) => {
            try {
              await update.mutateAsync(v);
              void message.success(t('success.save'));
              setEditing(false);
            } catch {
              // the API client has shown why; the form keeps what was typed
            }
          }}
        >
          <Form.Item
            name="nickname"
            label={t('userCenter.nickname')}
            rules={[
              zodRule(profileUpdateBody.shape.nickname, 'validation.required', { field: t('userCenter.nickname') }),
            ]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="email" label={t('userCenter.email')} rules={[zodRule(profileUpdateBody.shape.email)]}>
            <Input />
          </Form.Item>
          <Form.Item name="mobile" label={t('userCenter.mobile')} rules={[zodRule(profileUpdateBody.shape.mobile)]}>
            <Input />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-save">
              {t('common.save')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
          </Space>
        </Form>
      ) : (
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 160 } }}>
          <Descriptions.Item label={t('userCenter.loginName')}>{data.loginName}</Descriptions.Item>
          <Descriptions.Item label={t('userCenter.nickname')}>{data.nickname}</Descriptions.Item>
          <Descriptions.Item label={t('userCenter.email')}>{data.email ?? t('common.none')}</Descriptions.Item>
          <Descriptions.Item label={t('userCenter.mobile')}>{data.mobile ?? t('common.none')}</Descriptions.Item>
          <Descriptions.Item label={t('userCenter.organisation')}>{data.orgName}</Descriptions.Item>
          <Descriptions.Item label={t('userCenter.roles')}>
            {data.roles.map((r) => (
              <Tag key={r}>{r}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('userCenter.createdAt')}>
            <ZonedTime value={data.createdAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('time.setting.label')}>
            <TimeZoneSetting profile={data} />
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
