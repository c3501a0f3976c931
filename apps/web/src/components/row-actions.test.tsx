import { DeleteOutlined } from '@ant-design/icons';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Popconfirm } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IconAction } from './row-actions';

/** The tooltip shown now (antd keeps a closed one in the page, hidden, after its leave motion). */
const openTooltip = () => document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden):not([class*="-leave"])');

describe('<IconAction>', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('hides its tooltip once clicked, so it does not cover the confirmation it opened, and shows it again on the next hover', async () => {
    vi.useFakeTimers();
    const onConfirm = vi.fn();
    render(
      <Popconfirm title="Delete the plant?" onConfirm={onConfirm}>
        <IconAction title="Delete" icon={<DeleteOutlined />} testId="delete" />
      </Popconfirm>,
    );
    const button = screen.getByTestId('delete');
    fireEvent.mouseEnter(button);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(openTooltip()?.textContent).toBe('Delete');

    fireEvent.click(button);
    await act(() => vi.advanceTimersByTimeAsync(500));
    // the click reached the Popconfirm: its question is open, the tooltip is not
    expect(screen.getByText('Delete the plant?')).toBeTruthy();
    expect(openTooltip()).toBeNull();

    fireEvent.mouseLeave(button);
    await act(() => vi.advanceTimersByTimeAsync(500));
    fireEvent.mouseEnter(button);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(openTooltip()?.textContent).toBe('Delete');
  });
});
