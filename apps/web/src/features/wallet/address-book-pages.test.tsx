import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { formatDateTime } from '../../lib/format-date';
import { AddAddressPage, AddressBookPage } from './address-book-pages';

const WALLET = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';
const OTHER = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const routes = [
  { path: '/mine/management', element: <AddressBookPage /> },
  { path: '/mine/management/add', element: <AddAddressPage /> },
];
type Saved = {
  id: number;
  address: string;
  label: string;
  network: 'TRC20';
  lookalike_of?: string | null;
};

/** A server-side address book the fake API edits like the real one. */
function serve(
  options: {
    hasPassword?: boolean;
    book?: Saved[];
    refuse?: () => Response;
    holdUntil?: string;
  } = {},
) {
  let book = [...(options.book ?? [])];
  const api = apiFetch(({ method, path, body }) => {
    if (path === '/users/me')
      return {
        ...MEMBER,
        has_transaction_password: options.hasPassword ?? false,
        recovery_hold_until: options.holdUntil ?? null,
      };
    if (path === '/withdrawal_addresses' && method === 'GET') return book;
    if (options.refuse && method !== 'GET') return options.refuse();
    if (path === '/withdrawal_addresses' && method === 'POST') {
      const { address, label } = body as { address: string; label?: string };
      book = [...book, { id: book.length + 10, address, label: label ?? '', network: 'TRC20' }];
      return book;
    }
    const id = /^\/withdrawal_addresses\/(\d+)$/.exec(path)?.[1];
    if (id && method === 'DELETE') {
      book = book.filter((saved) => saved.id !== Number(id));
      return book;
    }
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}
const writes = (api: ReturnType<typeof serve>) => api.requests.filter((r) => r.method !== 'GET');
const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);

describe('address book pages', () => {
  signedInApi();

  it('shows the empty state and leads to the add form', async () => {
    serve();
    await renderWithApp(routes, { at: '/mine/management' });
    expect(await screen.findByText('No saved addresses yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add address' }).getAttribute('href')).toBe(
      '/mine/management/add',
    );
  });

  it('adds an address (USDT on TRC20 fixed) after checking it, and lists it', async () => {
    const api = serve();
    await renderWithApp(routes, { at: '/mine/management/add' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save address' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect((screen.getByLabelText('Currency') as HTMLInputElement).value).toBe('USDT');
    expect((screen.getByLabelText('Protocol') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: 'T123' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save address' })));
    await waitFor(() =>
      expect(alerts()).toEqual(['Invalid TRON address (base58, starting with T)']),
    );
    expect(writes(api)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: ` ${WALLET} ` } });
    fireEvent.change(screen.getByLabelText('Label (optional)'), { target: { value: 'Exchange' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save address' })));
    expect(writes(api).map((r) => r.body)).toEqual([{ address: WALLET, label: 'Exchange' }]);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/mine/management'),
    );
    const row = await screen.findByTestId('saved-address');
    expect(row.textContent).toContain('Exchange');
    expect(row.textContent).toContain(WALLET);
  });

  it('asks for the transaction password when one is set, and shows an address of the service', async () => {
    const api = serve({
      hasPassword: true,
      refuse: () => json(400, { detail: 'Service address', code: 'WITHDRAWAL_TO_DEPOSIT_ADDRESS' }),
    });
    await renderWithApp(routes, { at: '/mine/management/add' });
    await screen.findByLabelText('Transaction password');
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: WALLET } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save address' })));
    await waitFor(() => expect(alerts()).toEqual(['Required']));
    expect(writes(api)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Transaction password'), {
      target: { value: 'pay-2026' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save address' })));
    expect(writes(api).map((r) => r.body)).toEqual([
      { address: WALLET, transaction_password: 'pay-2026' },
    ]);
    await waitFor(() =>
      expect(alerts()).toEqual(['This address belongs to the service: enter your own wallet']),
    );
  });

  it('warns beside an address that looks like one the member or the club dealt with', async () => {
    const KNOWN = 'TDH7aaaaaaaaaaaaaaaaaaaaaaaaaaz16';
    serve({
      book: [
        { id: 1, address: WALLET, label: 'Exchange', network: 'TRC20', lookalike_of: KNOWN },
        { id: 2, address: OTHER, label: '', network: 'TRC20', lookalike_of: null },
      ],
    });
    await renderWithApp(routes, { at: '/mine/management' });
    const rows = await screen.findAllByTestId('saved-address');
    expect(within(rows[0]).getByTestId('address-lookalike').textContent).toBe(
      `Careful: this address looks like ${KNOWN}, but it is a different one. Check every character before sending to it.`,
    );
    expect(within(rows[1]).queryByTestId('address-lookalike')).toBeNull();
  });

  it('deletes an address after a confirmation with the transaction password', async () => {
    const api = serve({
      hasPassword: true,
      book: [
        { id: 1, address: WALLET, label: 'Exchange', network: 'TRC20' },
        { id: 2, address: OTHER, label: '', network: 'TRC20' },
      ],
    });
    await renderWithApp(routes, { at: '/mine/management' });
    const rows = await screen.findAllByTestId('saved-address');
    expect(rows).toHaveLength(2);
    expect(rows[1].textContent).toContain('No label');
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Delete' }));
    const confirm = within(rows[0]).getByRole('group', { name: 'Delete' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    expect(within(confirm).getByRole('alert').textContent).toBe('Required');
    expect(writes(api)).toHaveLength(0);
    fireEvent.change(within(confirm).getByLabelText('Transaction password'), {
      target: { value: 'pay-2026' },
    });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    expect(writes(api).map((r) => [r.method, r.path, r.body])).toEqual([
      ['DELETE', '/withdrawal_addresses/1', { transaction_password: 'pay-2026' }],
    ]);
    await waitFor(() => expect(screen.getAllByTestId('saved-address')).toHaveLength(1));
    expect(screen.getByTestId('saved-address').textContent).toContain(OTHER);
  });

  it("says address changes wait after a password reset, in the member's language and time", async () => {
    const until = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const api = serve({
      holdUntil: until,
      book: [{ id: 1, address: WALLET, label: 'Exchange', network: 'TRC20' }],
    });
    await renderWithApp(routes, { at: '/mine/management', language: 'uz' });
    const note = await screen.findByTestId('recovery-hold');
    expect(note.textContent).toContain(`${formatDateTime(until, 'uz')} gacha toʻxtatildi`);
    const row = await screen.findByTestId('saved-address');
    expect(within(row).getByRole('button', { name: 'Oʻchirish' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('link', { name: 'Manzil qoʻshish' }));
    expect((await screen.findByTestId('recovery-hold')).textContent).toContain('gacha');
    expect(screen.getByRole('button', { name: 'Manzilni saqlash' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(writes(api)).toHaveLength(0);
  });

  it('shows the hold when the API refuses a change with it', async () => {
    const until = new Date(Date.now() + 3 * 3_600_000).toISOString();
    serve({
      book: [{ id: 1, address: WALLET, label: 'Exchange', network: 'TRC20' }],
      refuse: () =>
        json(403, {
          detail: 'Withdrawals and address changes wait after a password reset',
          code: 'RECOVERY_HOLD',
          until,
        }),
    });
    await renderWithApp(routes, { at: '/mine/management' });
    const row = await screen.findByTestId('saved-address');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = within(row).getByRole('group', { name: 'Delete' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    expect((await screen.findByTestId('recovery-hold')).textContent).toContain(
      `paused until ${formatDateTime(until, 'en')}`,
    );
    expect(screen.getAllByTestId('saved-address')).toHaveLength(1);
  });
});
