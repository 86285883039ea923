import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a plain button by default, so it never submits a form by accident', () => {
    render(<Button>Deposit</Button>);
    expect(screen.getByRole('button', { name: 'Deposit' }).getAttribute('type')).toBe('button');
  });

  it('blocks clicks and announces busy while loading, keeping its label', () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Withdraw
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Withdraw' });
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.ui-spinner')).not.toBeNull();
  });

  it('runs the action when not loading', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Retry</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
