import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Dropdown } from './dropdown';

const items = [
  { value: 'ru', label: 'Ru' },
  { value: 'en', label: 'En' },
  { value: 'uz', label: 'Uz' },
] as const;

describe('<Dropdown>', () => {
  it('starts at the first item and reports it', () => {
    const onChange = vi.fn();
    render(<Dropdown items={[...items]} onChange={onChange} label="Language" />);
    expect(screen.getByRole('button', { name: 'Language: Ru' })).toBeTruthy();
    expect(onChange).toHaveBeenCalledWith('ru');
  });

  it('toggles on click, hides the selected item and selects another', () => {
    const onChange = vi.fn();
    render(<Dropdown items={[...items]} value="en" onChange={onChange} label="Language" />);
    const toggle = screen.getByRole('button', { name: 'Language: En' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ru', 'Uz']);

    fireEvent.click(within(list).getByRole('button', { name: 'Uz' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange.mock.calls.map(([v]) => v)).toEqual(['en', 'uz']);
  });

  it('closes on a click outside', () => {
    render(
      <div>
        <Dropdown items={[...items]} onChange={() => {}} label="Language" />
        <p>outside</p>
      </div>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Language: Ru' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
