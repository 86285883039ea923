import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './toast';

function Trigger() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.error('Saving failed')}>
      Save
    </button>
  );
}

describe('ToastProvider', () => {
  it('names the notification region and the dismiss buttons with the labels the app gives it', () => {
    render(
      <ToastProvider labels={{ notifications: 'Notifications', dismiss: 'Dismiss notification' }}>
        <Trigger />
      </ToastProvider>,
    );
    const region = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(region.textContent).toContain('Saving failed');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(region.textContent).toBe('');
  });
});
