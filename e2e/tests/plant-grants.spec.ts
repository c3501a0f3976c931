import { expect, test } from '../support/test';
import { buttonText, LANGS, stamp, translator, useLanguage } from '../support/i18n';
import { apiToken, signInByApi } from '../support/session';
import { scrollToPlantPart } from '../support/plant';

interface Grant {
  id: number;
  loginName: string;
  perms: string[];
}

// the plant's authorised users (spec §6): grant, modify, delete with confirmation, and the §5
// rules of the authorised object
for (const lang of LANGS) {
  test(`[${lang}] admin authorises users on a plant, modifies their permissions and deletes one with confirmation`, async ({
    page,
    request,
  }) => {
    const t = translator(lang);
    const toast = (key: string, values?: Record<string, string | number>) =>
      page.locator('.ant-message').getByText(t(key, values));
    await useLanguage(page, lang);
    const admin = { 'X-Token': await signInByApi(page, request, 'admin') };
    // a plant of its own, so no other test's grants are in the way
    const name = `E2EGrant${stamp()}`;
    const created = await request.post('/photo_voltaic/plants', {
      headers: admin,
      data: { name, capacityKw: 3, timeZone: 'Europe/Berlin' },
    });
    expect(created.status()).toBe(200);
    const plantId = ((await created.json()) as { data: { id: number } }).data.id;
    const grants = async () =>
      (
        (await (await request.get(`/photo_voltaic/plants/${plantId}/grants`, { headers: admin })).json()) as {
          data: Grant[];
        }
      ).data;

    await page.goto(`/power_station/power_station_detail?id=${plantId}`);
    await expect(page.getByTestId('plant-detail-name')).toHaveText(name);
    await scrollToPlantPart(page, 'tables');
    await page.getByTestId('plant-tab-grants').click();
    await expect(page.getByTestId('plant-tab-grants')).toHaveText(t('plant.tabs.grants'));

    const dialog = page.getByRole('dialog');
    const emails = page.getByTestId('grant-emails');
    // antd spaces out a two-character Chinese label ("保 存"): the dialog's primary button
    const save = dialog.locator('.ant-modal-footer .ant-btn-primary');
    await page.getByTestId('grant-add').click();
    await expect(dialog.locator('.ant-modal-title')).toHaveText(t('plant.grant.addTitle'));
    await expect(save).toHaveText(buttonText(t('common.save')));
    // required
    await save.click();
    await expect(dialog.getByText(t('validation.authorisedRequired'))).toBeVisible();
    // a comma-separated list in which every e-mail must be valid
    await emails.fill('viewer@pv-console.example, not-an-email');
    await save.click();
    await expect(dialog.getByText(t('validation.email'))).toBeVisible();
    // not the authoriser
    await emails.fill('ops@delta.example, admin@pv-console.example');
    await save.click();
    await expect(dialog.getByText(t('validation.authorisedSelf'))).toBeVisible();
    // well formed but nobody's: the server's reason, translated
    await emails.fill('nobody@nowhere.example');
    await save.click();
    await expect(
      page.locator('.ant-message').getByText(t('error.unknownEmails', { emails: 'nobody@nowhere.example' })),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(await grants()).toEqual([]);

    await emails.fill('viewer@pv-console.example, ops@delta.example');
    await save.click();
    await expect(toast('success.authorization')).toBeVisible();
    await expect(dialog).toBeHidden();
    const deltaRow = page.locator('tr.ant-table-row', { hasText: 'Delta Agent (delta)' });
    const viewerRow = page.locator('tr.ant-table-row', { hasText: 'Audit Viewer (viewer)' });
    await expect(deltaRow).toContainText(t('plant.grant.perm.view'));
    await expect(deltaRow).not.toContainText(t('plant.grant.perm.control'));
    await expect(viewerRow).toContainText('viewer@pv-console.example');
    const delta = { 'X-Token': await apiToken(request, 'delta') };
    expect((await request.get(`/photo_voltaic/plants/${plantId}`, { headers: delta })).status()).toBe(200);

    // modify: the e-mail stays, the permissions change; none is refused
    await page.getByTestId('grant-edit-delta').click();
    await expect(dialog.locator('.ant-modal-title')).toHaveText(t('plant.grant.editTitle'));
    await expect(emails).toBeDisabled();
    await expect(emails).toHaveValue('ops@delta.example');
    const view = dialog.getByRole('checkbox', { name: t('plant.grant.perm.view') });
    const control = dialog.getByRole('checkbox', { name: t('plant.grant.perm.control') });
    await expect(view).toBeChecked();
    await view.uncheck();
    await save.click();
    await expect(dialog.getByText(t('validation.grantPerms'))).toBeVisible();
    await control.check();
    await view.check();
    await save.click();
    await expect(toast('success.update')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(deltaRow).toContainText(t('plant.grant.perm.control'));
    await expect(deltaRow).toContainText(t('plant.grant.perm.view'));
    await expect(viewerRow).not.toContainText(t('plant.grant.perm.control'));
    expect((await grants()).find((g) => g.loginName === 'delta')?.perms.sort()).toEqual(['control', 'view']);

    // delete, asked first: cancelling keeps the authorised user
    const popover = page.locator('.ant-popover:visible');
    await page.getByTestId('grant-delete-delta').click();
    await expect(popover.getByText(t('plant.grant.confirmDelete', { name: 'Delta Agent' }))).toBeVisible();
    await popover.locator('.ant-btn:not(.ant-btn-primary)').click();
    await expect(toast('plant.deleteCancelled')).toBeVisible();
    await expect(deltaRow).toBeVisible();
    await page.getByTestId('grant-delete-delta').click();
    await popover.locator('.ant-btn-primary').click();
    await expect(toast('success.delete')).toBeVisible();
    await expect(deltaRow).toHaveCount(0);
    await expect(viewerRow).toBeVisible();
    expect((await grants()).map((g) => g.loginName)).toEqual(['viewer']);
    expect((await request.get(`/photo_voltaic/plants/${plantId}`, { headers: delta })).status()).toBe(404);
  });
}
