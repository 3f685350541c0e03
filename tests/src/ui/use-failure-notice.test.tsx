import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../src/ui/toast';
import { type FailureNoticeKind, useFailureNotice } from '../../../src/ui/use-failure-notice';

interface ScreenProps {
  message: string | null;
  as: FailureNoticeKind;
  occurrence?: number;
}

function Screen({ message, as, occurrence }: ScreenProps) {
  const notice = useFailureNotice(message, { as, occurrence });
  return <main>{notice}</main>;
}

function renderScreen(props: ScreenProps) {
  const wrap = (p: ScreenProps) => (
    <ToastProvider>
      <Screen {...p} />
    </ToastProvider>
  );
  const view = render(wrap(props));
  return { rerender: (next: ScreenProps) => view.rerender(wrap(next)) };
}

describe('useFailureNotice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows nothing while nothing has failed', () => {
    renderScreen({ message: null, as: 'toast' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failure once as a red toast for 3000 ms, however often the screen renders', () => {
    const { rerender } = renderScreen({
      message: 'Failed to fetch users',
      as: 'toast',
      occurrence: 1,
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch users');
    rerender({ message: 'Failed to fetch users', as: 'toast', occurrence: 1 });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('toasts the same text again when it fails again', () => {
    const { rerender } = renderScreen({
      message: 'Failed to fetch spans',
      as: 'toast',
      occurrence: 1,
    });
    rerender({ message: 'Failed to fetch spans', as: 'toast', occurrence: 2 });
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('returns a banner to place on screen, and no toast', () => {
    renderScreen({ message: 'The calendar could not be loaded', as: 'banner' });
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('The calendar could not be loaded');
    expect(banner.closest('main')).not.toBeNull();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('alert')).toBe(banner);
  });
});
