import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { checkImage } from '@pv/contract';
import { Avatar, Button, Progress, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvatarSrc } from '@/lib/avatar';
import { uploadAvatar } from '@/features/user-center/api/upload-avatar';
import { useFeedback } from '@/lib/feedback';

/**
 * Your avatar with an upload button: JPG or PNG of at most 2 MB, checked here before anything is
 * sent (and again by the server, by content), with a progress bar while it uploads.
 */
export function AvatarUpload({ avatar, onUploaded }: { avatar: string; onUploaded: (avatar: string) => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const src = useAvatarSrc(avatar);
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <Space align="center" size={16} wrap>
      <Avatar size={72} src={src} icon={<UserOutlined />} data-testid="avatar-preview" />
      <Space direction="vertical" size={4}>
        <Upload
          accept="image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = checkImage({ type: file.type, size: file.size });
            if (problem) {
              void message.error(t(problem));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setPercent(0);
            uploadAvatar(file as File, setPercent).then(
              (res) => {
                setPercent(null);
                onSuccess?.(res);
                onUploaded(res.avatar);
                void message.success(t('org.avatarSaved'));
              },
              (err: Error) => {
                setPercent(null);
                onError?.(err);
                void message.error(t('error.pictureUploadFailed'));
              },
            );
          }}
        >
          <Button icon={<UploadOutlined />} loading={percent !== null} data-testid="avatar-upload">
            {t('userCenter.uploadAvatar')}
          </Button>
        </Upload>
        {percent !== null ? (
          <Progress percent={percent} size="small" style={{ width: 200 }} data-testid="avatar-progress" />
        ) : (
          <Typography.Text type="secondary">{t('userCenter.avatarHint')}</Typography.Text>
        )}
      </Space>
    </Space>
  );
}
