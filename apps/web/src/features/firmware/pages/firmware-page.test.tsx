import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, loadLanguage } from '@/lib/i18n';
import { renderWithProviders, setViewport, signedInWith, withUserZone } from '@/test-utils';
import { stubXhr } from '@/test-xhr';
import FirmwarePage from './firmware-page';
import { mockFetch } from '@/test-fetch';
import { aProfile } from '@/test-fixtures';

initI18n('en');
// forms validate asynchronously; this machine is shared and slow
vi.setConfig({ testTimeout: 30_000 });
const find = (text: string | RegExp) => screen.findByText(text, undefined, { timeout: 8000 });

const rows = [
  {
    id: 2,
    version: 'V2.0.0',
    deviceType: 'inverter',
    fileName: 'sunwave_v2.bin',
    size: 50_000,
    sha256: 'ab'.repeat(32),
    description: 'MPPT tracking fix',
    releaseNotes: '{"en":"Faster MPPT tracking under partial shade","zh":"局部遮挡下 MPPT 跟踪更快"}',
    downloadUrl: '/photo_voltaic/firmware/2/file',
    createdAt: 1795000000000,
  },
  {
    id: 1,
    version: 'V1.0.0',
    deviceType: 'battery',
    fileName: 'bms.bin',
    size: 2048,
    sha256: 'cd'.repeat(32),
    description: null,
    releaseNotes: null,
    downloadUrl: '/photo_voltaic/firmware/1/file',
    createdAt: 1795000000000,
  },
];

function serve(maxBytes = 1024 * 1024) {
  return mockFetch(({ method, url }) =>
    url.startsWith('/photo_voltaic/firmware/limits')
      ? { maxBytes }
      : url === '/photo_voltaic/profile'
        ? aProfile() // the upload times are in the user's zone, asked of the profile when the session lacks it
        : method === 'GET'
          ? { rows, total: 2 }
          : null,
  );
}

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <FirmwarePage />
    </MemoryRouter>,
  );
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const pick = (file: File) =>
  fireEvent.change(document.querySelector('[data-testid="firmware-form"] input[type=file]')!, {
    target: { files: [file] },
  });
async function chooseType(label: string) {
  fireEvent.mouseDown(
    document.querySelector(
      '[data-testid="firmware-form-type"] .ant-select-selector, [data-testid="firmware-form-type"]',
    )!,
  );
  fireEvent.click(await screen.findByTitle(label));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('firmware versions (/systems/cmd)', () => {
  it('lists the versions the server pages, with size, type and download; no upload or delete without the permissions', async () => {
    signedInWith('cmd:push');
    const fetch = serve();
    renderPage();
    expect(await find('sunwave_v2.bin')).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toBe('/photo_voltaic/firmware?pageNum=1&pageSize=20');
    expect(screen.getByText('48.8 KB')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
    expect(screen.getByText('2 versions')).toBeTruthy();
    expect(screen.getByTestId('firmware-download-V2.0.0')).toBeTruthy();
    expect(screen.queryByTestId('firmware-upload')).toBeNull();
    expect(screen.queryByTestId('firmware-delete-V2.0.0')).toBeNull();
  });

  it("shows when each version was uploaded in the user's zone, the zone named (issue 42)", async () => {
    setViewport(1440); // the column shows from lg
    try {
      signedInWith('cmd:push');
      withUserZone('Asia/Tokyo');
      serve();
      renderPage();
      expect(await find('sunwave_v2.bin')).toBeTruthy();
      expect([...document.querySelectorAll('.ant-table td .zoned-time')].map((el) => el.textContent)).toEqual([
        '2026-11-18 20:06:40 UTC+9',
        '2026-11-18 20:06:40 UTC+9',
      ]);
    } finally {
      setViewport(1024, 768);
    }
  });

  it("shows each version's release notes in the reader's language and edits them as checked JSON", async () => {
    signedInWith('firmware:update');
    const fetch = mockFetch(({ method, url, body }) =>
      method === 'PUT'
        ? { ...rows[1], releaseNotes: JSON.stringify(JSON.parse((body as { releaseNotes: string }).releaseNotes)) }
        : url.startsWith('/photo_voltaic/firmware?')
          ? { rows, total: 2 }
          : null,
    );
    renderPage();
    expect(await find('Faster MPPT tracking under partial shade')).toBeTruthy();
    expect(screen.getByTestId('firmware-notes-V1.0.0').textContent).toBe('—');
    fireEvent.click(screen.getByTestId('firmware-notes-edit-V1.0.0'));
    expect(await find('Release notes of V1.0.0')).toBeTruthy();
    type('firmware-notes-input', '{"zh": "只有中文"}');
    fireEvent.click(screen.getByTestId('firmware-notes-ok'));
    expect(await find('The update content is not in a valid JSON format')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    type('firmware-notes-input', '{"en": "Balancing fix", "zh": "均衡修复"}');
    fireEvent.click(screen.getByTestId('firmware-notes-ok'));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) =>
            init?.method === 'PUT' &&
            url === '/photo_voltaic/firmware/1/release-notes' &&
            JSON.parse(String(init.body)).releaseNotes === '{"en": "Balancing fix", "zh": "均衡修复"}',
        ),
      ).toBe(true),
    );
  });

  it('shows the release notes in Chinese for a Chinese reader', async () => {
    await loadLanguage('zh');
    await act(() => i18n.changeLanguage('zh'));
    try {
      signedInWith('cmd:list');
      serve();
      renderPage();
      expect(await find('局部遮挡下 MPPT 跟踪更快')).toBeTruthy();
      expect(screen.getByRole('columnheader', { name: '版本说明' })).toBeTruthy();
      expect(screen.queryByTestId('firmware-notes-edit-V2.0.0')).toBeNull();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('deletes a version only after the confirmation', async () => {
    signedInWith('firmware:delete');
    const fetch = serve();
    renderPage();
    fireEvent.click(await screen.findByTestId('firmware-delete-V2.0.0', undefined, { timeout: 8000 }));
    const confirm = await find('Delete firmware V2.0.0 for Inverter? Devices can no longer download it.');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement)
        .getAllByRole('button')
        .at(-1)!,
    );
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url === '/photo_voltaic/firmware/2'),
      ).toBe(true),
    );
  });

  it('refuses a bad version, a missing file and a file over the server limit before sending anything', async () => {
    signedInWith('firmware:create');
    serve(1000);
    const { sent } = stubXhr({ progress: [40], delayMs: 10 });
    renderPage();
    fireEvent.click(await screen.findByTestId('firmware-upload', undefined, { timeout: 8000 }));
    expect(await find('At most 1000 B')).toBeTruthy();
    type('firmware-form-version', 'v 2');
    fireEvent.click(screen.getByTestId('firmware-upload-ok'));
    expect(await find('A version is 1-32 letters, digits, dots, hyphens or underscores')).toBeTruthy();
    expect(await find('Device type is required')).toBeTruthy();
    expect(await find('Choose a file to upload')).toBeTruthy();
    pick(new File([new Uint8Array(1001)], 'big.bin'));
    expect(await find('The file is larger than the limit of 1000 B')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('uploads the fields and the file with a progress bar, then refreshes the list', async () => {
    signedInWith('firmware:create');
    const fetch = serve();
    const { sent, finish } = stubXhr({ progress: [40], delayMs: 10 });
    renderPage();
    fireEvent.click(await screen.findByTestId('firmware-upload', undefined, { timeout: 8000 }));
    type('firmware-form-version', 'V3.1.0');
    await chooseType('Collector');
    type('firmware-form-description', 'Faster Wi-Fi reconnect');
    pick(new File([new Uint8Array(500)], 'col-v3.bin'));
    await find('col-v3.bin');
    fireEvent.click(screen.getByTestId('firmware-upload-ok'));
    const bar = await screen.findByTestId('firmware-upload-progress', undefined, { timeout: 8000 });
    await waitFor(() => expect(within(bar).getByText('40%')).toBeTruthy());
    expect(sent).toHaveLength(1);
    expect([...sent[0]!.keys()]).toEqual(['version', 'deviceType', 'description', 'file']);
    expect(sent[0]!.get('version')).toBe('V3.1.0');
    expect(sent[0]!.get('deviceType')).toBe('collector');
    expect((sent[0]!.get('file') as File).name).toBe('col-v3.bin');
    const listCalls = () => fetch.mock.calls.filter(([u]) => String(u).startsWith('/photo_voltaic/firmware?')).length;
    const before = listCalls();
    finish(200, { code: 200, msg: 'Create Successful', data: { ...rows[0], id: 3, version: 'V3.1.0' } });
    expect(await find('Firmware V3.1.0 uploaded')).toBeTruthy();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });

  it("shows the server's reason when it refuses the file (413) and keeps the dialog open", async () => {
    signedInWith('firmware:create');
    serve();
    const { finish } = stubXhr({ progress: [40], delayMs: 10 });
    renderPage();
    fireEvent.click(await screen.findByTestId('firmware-upload', undefined, { timeout: 8000 }));
    type('firmware-form-version', 'V3.1.0');
    await chooseType('Inverter');
    pick(new File([new Uint8Array(500)], 'inv.bin'));
    await find('inv.bin');
    fireEvent.click(screen.getByTestId('firmware-upload-ok'));
    const bar = await screen.findByTestId('firmware-upload-progress', undefined, { timeout: 8000 });
    await waitFor(() => expect(within(bar).getByText('40%')).toBeTruthy());
    finish(413, { code: 413, msg: 'The upload is too large', data: null });
    expect(await find('The upload is too large')).toBeTruthy();
    expect(screen.getByTestId('firmware-form')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('firmware-upload-progress').className).toContain('exception'));
  });

  it('says what to do next when there is no firmware: upload one (with the permission), then push it from a device', async () => {
    signedInWith('firmware:create');
    mockFetch(({ url }) =>
      url.startsWith('/photo_voltaic/firmware/limits') ? { maxBytes: 1024 } : { rows: [], total: 0 },
    );
    renderPage();
    const empty = await screen.findByTestId('firmware-empty', {}, { timeout: 8000 });
    expect(within(empty).getByText('No firmware uploaded yet')).toBeTruthy();
    expect(empty.textContent).toContain('choose “Upgrade firmware”');
    fireEvent.click(within(empty).getByTestId('firmware-empty-upload'));
    expect(await find('Upload a firmware version')).toBeTruthy();
  });

  it('has no upload button in the empty list without the permission', async () => {
    signedInWith('cmd:list');
    mockFetch(() => ({ rows: [], total: 0 }));
    renderPage();
    const empty = await screen.findByTestId('firmware-empty', {}, { timeout: 8000 });
    expect(within(empty).queryByTestId('firmware-empty-upload')).toBeNull();
  });
});
