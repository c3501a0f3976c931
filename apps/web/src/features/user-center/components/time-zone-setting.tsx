import type { Profile } from '@pv/contract';
import { Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, rememberUserZone, supportedTimeZones, zoneAbbreviation } from '@/lib/time-zone';
import { useUpdateProfile } from '@/features/user-center/api/update-profile';
import { useFeedback } from '@/lib/feedback';

/** The select's value for "the browser's zone" (the profile stores null). */
const BROWSER = '';

/** "Los Angeles" finds America/Los_Angeles: the search reads the zone's name as words. */
const words = (text: string) => text.toLowerCase().replace(/[_/]/g, ' ');

/**
 * The zone audit and system times are shown in: any IANA zone the browser knows, searchable, or
 * the browser's own. Saved at once; every time on screen follows.
 */
export function TimeZoneSetting({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const update = useUpdateProfile();
  const browser = browserTimeZone();
  const options = useMemo(() => {
    const now = Date.now();
    return [
      { value: BROWSER, label: t('time.setting.browser', { zone: browser }), search: words(`browser ${browser}`) },
      ...supportedTimeZones().map((zone) => {
        const label = `${zone} (${zoneAbbreviation(zone, now, i18n.language)})`;
        return { value: zone, label, search: words(label) };
      }),
    ];
  }, [t, i18n.language, browser]);

  const save = async (zone: string) => {
    try {
      // the whole profile goes with it: e-mail and mobile left out would be cleared
      const saved = await update.mutateAsync({
        nickname: profile.nickname,
        email: profile.email ?? '',
        mobile: profile.mobile ?? '',
        timeZone: zone === BROWSER ? null : zone,
      });
      rememberUserZone(saved.timeZone ?? null);
      void message.success(t('success.save'));
    } catch {
      // the API client has shown why; the setting stays as it was
    }
  };

  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Select
        value={profile.timeZone ?? BROWSER}
        onChange={(zone: string) => void save(zone)}
        loading={update.isPending}
        disabled={update.isPending}
        options={options}
        showSearch={{
          filterOption: (input, option) => (option?.search ?? '').includes(words(input.trim())),
        }}
        placeholder={t('time.setting.search')}
        style={{ width: '100%', maxWidth: 420 }}
        aria-label={t('time.setting.label')}
        data-testid="profile-time-zone"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('time.setting.help')}
      </Typography.Text>
    </Space>
  );
}
