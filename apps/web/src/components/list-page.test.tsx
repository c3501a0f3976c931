import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { actionsColumn, SearchForm, TextFilter } from './list-page';

initI18n('en');

const render = () => null;

describe('actionsColumn', () => {
  it('is left out for a user holding none of its actions’ permissions (a read-only role sees no empty column)', () => {
    signedInWith('device:list');
    expect(actionsColumn('Actions', render, { perms: ['device:update', 'device:bind'] }).hidden).toBe(true);
  });

  it('is shown with any one of them', () => {
    signedInWith('device:list,device:bind');
    expect(actionsColumn('Actions', render, { perms: ['device:update', 'device:bind'] }).hidden).toBe(false);
  });

  it('is shown when its actions need no permission', () => {
    signedInWith('');
    expect(actionsColumn('Actions', render).hidden).toBe(false);
  });
});

describe('SearchForm on a phone', () => {
  function Filters({ onSearch }: { onSearch: (f: Record<string, unknown>) => void }) {
    const [form] = Form.useForm<Record<string, unknown>>();
    return (
      <SearchForm list={{ form, search: onSearch, reset: () => form.resetFields() }}>
        <TextFilter name="sn" label="SN" testId="f-sn" />
        <TextFilter name="name" label="Name" testId="f-name" />
        <TextFilter name="plant" label="Plant" testId="f-plant" />
      </SearchForm>
    );
  }
  const phoneWidth = (matches: boolean) =>
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: matches && query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
  afterEach(() => vi.restoreAllMocks());

  it('shows the first filter and folds the others, which still apply and are counted when set', async () => {
    phoneWidth(true);
    const searched: Record<string, unknown>[] = [];
    renderWithProviders(<Filters onSearch={(f) => searched.push(f)} />);
    expect(screen.getByTestId('folded-filters').style.display).toBe('none');
    const more = screen.getByTestId('more-filters');
    expect(more.textContent).toBe('More filters');
    await userEvent.click(more);
    expect(screen.getByTestId('folded-filters').style.display).toBe('contents');
    await userEvent.type(screen.getByTestId('f-plant'), 'Cape');
    await userEvent.click(screen.getByTestId('more-filters'));
    await waitFor(() => expect(screen.getByTestId('more-filters').textContent).toBe('More filters (1 set)'));
    await userEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(searched.at(-1)).toMatchObject({ plant: 'Cape' }));
  });

  it('shows every filter in one row on a wider screen', () => {
    phoneWidth(false);
    renderWithProviders(<Filters onSearch={() => {}} />);
    expect(screen.queryByTestId('more-filters')).toBeNull();
    expect(screen.getByTestId('f-plant')).toBeTruthy();
  });
});
