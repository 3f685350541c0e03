import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastOptions } from '../../../src/ui/toast';

function Trigger(props: ToastOptions) {
  const toast = useToast();
  return <button onClick={() => toast.show(props)}>notify</button>;
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a success toast politely and removes it after its duration', () => {
    render(
      <ToastProvider>
        <Trigger tone="success" message="User created successfully" durationMs={3000} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    expect(screen.getByRole('status')).toHaveTextContent('User created successfully');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('announces an error toast assertively and closes it by its button', () => {
    render(
      <ToastProvider>
        <Trigger tone="error" message="Failed to save user" durationMs={5000} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to save user');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
