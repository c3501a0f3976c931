import i18n from '@/lib/i18n';

/**
 * The name to show for an organisation group: the seeded groups keep their translation while
 * their stored name is the seeded one; a renamed or new group shows its own name.
 */
export function groupLabel(code: string, name: string): string {
  const key = `userCenter.group.${code}`;
  if (!i18n.exists(key)) return name;
  return i18n.getFixedT('en')(key) === name ? i18n.t(key) : name;
}
