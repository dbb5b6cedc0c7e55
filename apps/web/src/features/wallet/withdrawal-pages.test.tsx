import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, activeVip, apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { formatDateTime } from '../../lib/format-date';
import { WithdrawalMethodPage, WithdrawalPage } from './withdrawal-pages';

const WALLET = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';
const routes = [
  { path: '/mine/withdrawal-method', element: <WithdrawalMethodPage /> },
  { path: '/mine/withdrawal', element: <WithdrawalPage /> },
  { path: '/mine', element: <p>mine</p> },
];

function serve(options: { me?: object; take?: () => unknown; book?: unknown[] } = {}) {
  const api = apiFetch(({ method, path }) => {
    if (path === '/users/me')
      return {
        ...MEMBER,
        money: 100,
        ...activeVip(1),
        has_transaction_password: false,
        ...options.me,
      };
    if (path === '/withdrawal_addresses') return options.book ?? [];
    if (method === 'POST' && path === '/balance/take')
      return options.take?.() ?? { id: 9, status: 'under_review', fee: 3, net_amount: 17 };
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}
const takes = (api: ReturnType<typeof serve>) =>
  api.requests.filter((r) => r.method === 'POST' && r.path === '/balance/take');

async function open() {
  await renderWithApp(routes, { at: '/mine/withdrawal' });
  await waitFor(() =>
    expect(screen.getByTestId('withdraw-available').textContent).toBe('100.00 USDT'),
  );
}
function fill(values: { wallet?: string; amount?: string; password?: string }) {
  if (values.wallet !== undefined)
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: values.wallet } });
  if (values.amount !== undefined)
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: values.amount } });
  if (values.password !== undefined)
    fireEvent.change(screen.getByLabelText('Transaction password'), {
      target: { value: values.password },
    });
}
const submit = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })));
const NEW_ADDRESS_CHECK = /This address is new: I checked every character/;
/** The confirmation's Send (a new address ticked as checked first): the request leaves only then. */
const send = async () => {
  const dialog = await screen.findByRole('dialog');
  const check = within(dialog).queryByLabelText(NEW_ADDRESS_CHECK);
  if (check) fireEvent.click(check);
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send' })));
};

describe('withdrawal pages', () => {
  signedInApi();

  it('offers the digital currency method', async () => {
    serve();
    await renderWithApp(routes, { at: '/mine/withdrawal-method' });
    expect(screen.getByRole('link', { name: /USDT \(TRC-20\)/ }).getAttribute('href')).toBe(
      '/mine/withdrawal',
    );
  });

  it('shows the fee and the actual amount as the member types; All fills the E-Wallet', async () => {
    serve();
    await open();
    fill({ amount: '20' });
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('3.00 USDT');
    expect(screen.getByTestId('withdraw-net').textContent).toBe('17.00 USDT');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect((screen.getByLabelText('Amount (USDT)') as HTMLInputElement).value).toBe('100');
    expect(screen.getByTestId('withdraw-net').textContent).toBe('85.00 USDT');
  });

  it.each([
    [{ wallet: 'T123', amount: '20' }, 'Invalid TRON address (base58, starting with T)'],
    [{ wallet: WALLET, amount: '9' }, 'The minimum withdrawal is 10 USDT'],
    [{ wallet: WALLET, amount: '100.01' }, 'Amount is above the balance'],
  ])('refuses %j without a call', async (values, message) => {
    const api = serve();
    await open();
    fill(values);
    await submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(takes(api)).toHaveLength(0);
  });

  it('tells a level-0 member a package is needed', async () => {
    const api = serve({ me: { vip_level: 0, vip_expire: null } });
    await open();
    fill({ wallet: WALLET, amount: '10' });
    await submit();
    expect((await screen.findAllByText('Buy a VIP package to withdraw')).length).toBeGreaterThan(0);
    expect(takes(api)).toHaveLength(0);
  });

  it('sends the request and goes to /mine after the loader', async () => {
    const api = serve({ book: [{ id: 1, address: WALLET, label: 'Exchange', network: 'TRC20' }] });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Exchange' }));
    fill({ amount: '20' });
    await submit();
    await send();
    expect(takes(api)[0].body).toEqual({ wallet: WALLET, amount: 20 });
    // A fresh key per submit, so a retry of this request is one withdrawal.
    expect(takes(api)[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Withdrawal requested')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mine'), {
      timeout: 3000,
    });
  });

  it('a new address is sent to only once the member says they checked it', async () => {
    const api = serve();
    await open();
    fill({ wallet: WALLET, amount: '20' });
    await submit();
    const dialog = await screen.findByRole('dialog');
    const sendButton = within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(sendButton.disabled).toBe(true);
    await act(async () => fireEvent.click(sendButton));
    expect(takes(api)).toHaveLength(0);
    fireEvent.click(within(dialog).getByLabelText(NEW_ADDRESS_CHECK));
    expect(sendButton.disabled).toBe(false);
    await act(async () => fireEvent.click(sendButton));
    expect(takes(api)[0].body).toEqual({ wallet: WALLET, amount: 20 });
  });

  it('a saved look-alike is named and must be typed again in full, not pasted', async () => {
    const KNOWN = 'TDH7aaaaaaaaaaaaaaaaaaaaaaaaaaz16';
    const api = serve({
      book: [{ id: 1, address: WALLET, label: 'Exchange', network: 'TRC20', lookalike_of: KNOWN }],
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Exchange' }));
    fill({ amount: '20' });
    await submit();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('withdraw-lookalike').textContent).toContain(KNOWN);
    expect(within(dialog).queryByLabelText(NEW_ADDRESS_CHECK)).toBeNull();
    const sendButton = within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(sendButton.disabled).toBe(true);
    const retype = within(dialog).getByLabelText('Type the whole address again (without pasting)');
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    retype.dispatchEvent(paste);
    expect(paste.defaultPrevented).toBe(true);
    fireEvent.change(retype, { target: { value: KNOWN } });
    expect(within(dialog).getByText('The addresses differ')).toBeTruthy();
    expect(sendButton.disabled).toBe(true);
    fireEvent.change(retype, { target: { value: WALLET } });
    expect(sendButton.disabled).toBe(false);
    await act(async () => fireEvent.click(sendButton));
    expect(takes(api)[0].body).toEqual({ wallet: WALLET, amount: 20 });
  });

  it('asks first, naming the amount, the fee, what arrives and the whole address; Cancel sends nothing', async () => {
    const api = serve();
    await open();
    fill({ wallet: WALLET, amount: '12.025' });
    await submit();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Send 10.22125 USDT?');
    expect(within(dialog).getByTestId('withdraw-confirm').textContent).toBe(
      'Amount (USDT)12.025 USDTHandling fee (15%)1.80375 USDTActual amount10.22125 USDT',
    );
    expect(within(dialog).getByTestId('withdraw-confirm-address').textContent).toBe(WALLET);
    expect(dialog.textContent).toContain('until one approves it, you can cancel it');
    expect(dialog.textContent).not.toContain('cannot be undone');
    expect(takes(api)).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(takes(api)).toHaveLength(0);
    await submit();
    await send();
    expect(takes(api)[0].body).toEqual({ wallet: WALLET, amount: 12.025 });
  });

  it('asks for the transaction password when the member has one, and shows a wrong one', async () => {
    const api = serve({
      me: { has_transaction_password: true },
      take: () =>
        json(400, {
          detail: 'Incorrect transaction password',
          code: 'INCORRECT_TRANSACTION_PASSWORD',
        }),
    });
    await open();
    fill({ wallet: WALLET, amount: '20' });
    await submit();
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(takes(api)).toHaveLength(0);
    fill({ password: 'pay-123456' });
    await submit();
    await send();
    expect(takes(api)[0].body).toEqual({
      wallet: WALLET,
      amount: 20,
      transaction_password: 'pay-123456',
    });
    expect(await screen.findByText('Incorrect transaction password')).toBeTruthy();
  });

  it('invites a member without a transaction password to set one, and not one who has it', async () => {
    serve();
    await open();
    const link = screen.getByRole('link', { name: 'Set a transaction password' });
    expect(link.getAttribute('href')).toBe('/mine/safety/transpass');
    expect(screen.getByTestId('transpass-invite').textContent).toContain(
      'Protect your withdrawals with a transaction password',
    );
  });

  it('says a withdrawal waits after a password reset, until when in local time, and sends nothing', async () => {
    const until = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const api = serve({ me: { recovery_hold_until: until } });
    await renderWithApp(routes, { at: '/mine/withdrawal', language: 'ru' });
    const note = await screen.findByTestId('recovery-hold');
    expect(note.textContent).toBe(
      `В целях безопасности вывод средств и изменение адресов вывода приостановлены до ${formatDateTime(until, 'ru')}: ` +
        'пароль этого аккаунта недавно сбросили. Если это были не вы, сразу напишите в поддержку.',
    );
    expect(screen.getByRole('button', { name: 'Вывести' })).toHaveProperty('disabled', true);
    expect(takes(api)).toHaveLength(0);
  });

  it('shows the hold the API answers when the profile read before the reset did not have it', async () => {
    const until = new Date(Date.now() + 23 * 3_600_000).toISOString();
    const api = serve({
      take: () =>
        json(403, {
          detail: 'Withdrawals and address changes wait after a password reset',
          code: 'RECOVERY_HOLD',
          until,
        }),
    });
    await open();
    expect(screen.queryByTestId('recovery-hold')).toBeNull();
    fill({ wallet: WALLET, amount: '20' });
    await submit();
    await send();
    expect((await screen.findByTestId('recovery-hold')).textContent).toContain(
      `paused until ${formatDateTime(until, 'en')}`,
    );
    expect(screen.getByRole('button', { name: 'Withdraw' })).toHaveProperty('disabled', true);
    expect(takes(api)).toHaveLength(1);
  });

  it('lets the member withdraw again once the hold has ended', async () => {
    serve({ me: { recovery_hold_until: new Date(Date.now() - 1000).toISOString() } });
    await open();
    expect(screen.queryByTestId('recovery-hold')).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toHaveProperty('disabled', false);
  });

  it('shows no invitation once a transaction password is set', async () => {
    serve({ me: { has_transaction_password: true } });
    await open();
    expect(screen.queryByTestId('transpass-invite')).toBeNull();
    expect(screen.getByLabelText('Transaction password')).toBeTruthy();
  });
});
