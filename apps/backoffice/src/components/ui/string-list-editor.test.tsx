import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StringListEditor } from './string-list-editor';

function Harness() {
  const [values, setValues] = useState<string[]>(['KP']);
  return (
    <StringListEditor
      label="Countries"
      values={values}
      onChange={setValues}
      normalise={(value) => value.trim().toUpperCase()}
      validate={(value) => (/^[A-Z]{2}$/.test(value) ? null : 'Two letters')}
      addLabel="Add"
    />
  );
}

describe('StringListEditor', () => {
  it('adds a normalised value with Enter, refuses an invalid one with a message, and removes chips', () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Countries' });
    fireEvent.change(input, { target: { value: ' us ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['KP', 'US']);

    fireEvent.change(input, { target: { value: 'usa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe('Two letters');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Remove KP' }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['US']);
  });
});
