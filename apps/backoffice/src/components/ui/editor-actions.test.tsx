import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EditorActions } from './editor-actions';

function Editor({ onSubmit, onCancel, busy = false }: { onSubmit: () => void; onCancel: () => void; busy?: boolean }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input aria-label="Title" />
      <EditorActions className="actions" cancelLabel="Cancel" onCancel={onCancel} submitLabel="Save" submitting={busy}>
        <button type="button">Preview</button>
      </EditorActions>
    </form>
  );
}

describe('EditorActions', () => {
  it('closes without saving on Cancel, and saves through the form on its submit button', () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    render(<Editor onSubmit={onSubmit} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel', 'Preview', 'Save']);
  });

  it('takes no second click while the save runs', () => {
    const onSubmit = vi.fn();
    render(<Editor onSubmit={onSubmit} onCancel={vi.fn()} busy />);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
